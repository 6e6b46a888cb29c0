#pragma once
// What gemma, gemma2 and gemma3 of llama.cpp da46e59c share: the weights (the output tied to
// token_embd.weight; Gemma 2/3's post-attention and post-FFN norms, Gemma 3's Q/K norms) and one
// graph: the embeddings scaled by sqrt(n_embd), RMSNorm, attention with NEOX RoPE (per-layer base
// for the sliding-window layers of llama_kv_cache_iswa) and Q scaled before it, a GEGLU FFN, the
// residuals; the logits soft-capped where the model says so.
#include "llm/llm_registry.h"

namespace planscope {

struct gemma_options {
    // attn_post_norm and ffn_post_norm, Q scaled by f_attention_scale (gemma2, gemma3; Gemma
    // scales by 1/sqrt(head size) into "Qcur_scaled").
    bool post_norms = false;
    bool qk_norm = false;          // attn_q_norm, attn_k_norm before RoPE (gemma3)
    bool output_tensor = false;    // output.weight when present, else the tied embeddings (gemma3)
    bool ffn_post_norm_il = false; // gemma3 names "ffn_post_norm-<il>", gemma2 "ffn_post_norm"
    bool final_softcap = false;    // the logits soft-capped by f_final_logit_softcapping (when not 0)
};

// The RMS epsilon, NEOX RoPE, heads RoPE spans (after the architecture's keys).
status gemma_hparams_check(const llm_key_reader& keys, llm_hparams& h);
// gemma_pytorch's query scale: 1/sqrt(n_embd / n_head) for the 27B models, else 1/sqrt(head size).
float gemma_attention_scale(const llm_hparams& h, std::uint32_t n_layer_27b);

status gemma_tensors_load(llm_weight_loader& w, llm_model& m, const gemma_options& o);
void gemma_graph_build(llm_graph_context& g, const gemma_options& o);

} // namespace planscope
