#pragma once
// The weights of a model as llama_model and llama_layer hold them: every tensor an architecture
// may use, invalid where it has none (llama.cpp's nullptr). Architectures fill what they load.
#include "core/ids.h"
#include "llm_hparams.h"

#include <vector>

namespace planscope {

struct llm_layer {
    tensor_id attn_norm, attn_norm_b;
    tensor_id wq, wk, wv, wo, wqkv;
    tensor_id wq_b, wk_b, wv_b, wo_b, wqkv_b;
    tensor_id ffn_norm, ffn_norm_b;
    tensor_id ffn_gate, ffn_up, ffn_down;
    tensor_id ffn_gate_b, ffn_up_b, ffn_down_b;
    tensor_id rope_freqs, rope_long, rope_short;
    // Mixture of experts
    tensor_id ffn_gate_inp, ffn_gate_exps, ffn_up_exps, ffn_down_exps;
    tensor_id ffn_gate_shexp, ffn_up_shexp, ffn_down_shexp;
    // Q/K norms, the shared expert's gate, the expert selection bias (qwen2moe, qwen3, deepseek2)
    tensor_id attn_q_norm, attn_k_norm, ffn_gate_inp_shexp, ffn_exp_probs_b;
    // MLA (deepseek2): low-rank Q, the compressed KV and its per-head decompressions
    tensor_id attn_q_a, attn_q_a_norm, attn_q_b, attn_kv_a_mqa, attn_kv_a_norm, attn_kv_b, attn_k_b, attn_v_b;
    // Falcon-40B's second attention norm, MPT's Q/K norm biases and AWQ activation scales
    tensor_id attn_norm_2, attn_norm_2_b, attn_q_norm_b, attn_k_norm_b, ffn_act;
    // Gemma 2/3's and gpt-oss' post norms, gpt-oss' attention sinks, router and expert biases
    tensor_id attn_post_norm, ffn_post_norm, attn_sinks;
    tensor_id ffn_gate_inp_b, ffn_gate_exps_b, ffn_up_exps_b, ffn_down_exps_b;
};

struct llm_model {
    llm_hparams hparams;
    tensor_id tok_embd, output_norm, output_norm_b, output;
    tensor_id output_b; // qwen2
    tensor_id pos_embd; // learned positions (gpt2, starcoder, mpt)
    std::vector<llm_layer> layers;
};

} // namespace planscope
