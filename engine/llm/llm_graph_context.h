#pragma once
// The object an architecture builds its graph with, as llama.cpp's llm_graph_context: the
// builder (ctx0), the model's and the context's parameters under llama.cpp's member names, the
// callback that names tensors ("name-il", or "name" for il < 0, as llama_context::graph_get_cb),
// the graph expanded in llama.cpp's order, and the shared blocks (build_inp_*, build_norm,
// build_qkv, build_ffn, build_moe_ffn, build_attn). Each block is one file: llm_inputs.cpp,
// llm_norm.cpp, llm_ffn.cpp, llm_moe.cpp, llm_attention.cpp. Ops that fail keep the builder's
// first error; finish() reports it.
#include "core/builder.h"
#include "core/document.h"
#include "llm_context_params.h"
#include "llm_kv_cache.h"
#include "llm_model.h"

#include <string_view>
#include <vector>

namespace planscope {

// The ubatch a graph is built for (llama_ubatch as graph_reserve makes it: n_tokens / n_seqs
// tokens per sequence, n_outputs of them output).
struct llm_ubatch_shape {
    std::uint32_t n_tokens = 1;
    std::uint32_t n_seqs = 1;
    std::uint32_t n_outputs = 1;
    // The cells the graph attends to (llama_kv_cache::get_n_kv after find_slot); 0: every cell,
    // as a reserve (init_full) has it.
    std::uint32_t n_kv = 0;
    std::uint32_t n_kv_swa = 0; // the same of the sliding-window cache (llama_kv_cache_iswa)
};

// What a graph input holds (llm_graph_input_*), so that a run can fill it (llm_input_fill.h).
enum class llm_input_role : std::uint8_t {
    other, tokens, embd, pos, out_ids, k_idxs, v_idxs, kq_mask, k_rot, v_rot, k_idxs_swa, v_idxs_swa, kq_mask_swa
};

enum class llm_norm_type : std::uint8_t { norm, rms };
enum class llm_ffn_op : std::uint8_t { silu, gelu, relu, relu_sqr, swiglu, geglu, reglu, swiglu_oai_moe };
enum class llm_ffn_gate : std::uint8_t { seq, par };
enum class llm_gating_func : std::uint8_t { softmax, sigmoid, softmax_weight };

// llm_graph_input_attn_kv's tensors.
struct llm_attn_input {
    tensor_id k_idxs, v_idxs, kq_mask, k_rot, v_rot;
};

struct llm_qkv {
    tensor_id q, k, v;
};

// build_moe_ffn's optional biases (gpt-oss): the router's, added to the logits, and the experts'
// ([n_out, n_expert], ADD_ID by the chosen experts).
struct llm_moe_biases {
    tensor_id gate_inp, up_exps, gate_exps, down_exps;
};

// llm_graph_input_attn_kv_iswa's tensors: those of the full cache and those of the SWA cache.
struct llm_attn_input_iswa {
    llm_attn_input base, swa;
};

// build_decoder_inputs' tensors.
struct llm_decoder_inputs {
    tensor_id embd, pos;
    llm_attn_input attn;
    tensor_id out_ids;
};

inline constexpr int ggml_prec_f32 = 10; // GGML_PREC_F32

class llm_graph_context {
public:
    // kv_swa: the SWA cache of llama_kv_cache_iswa (kv then holds the full layers), else null.
    llm_graph_context(graph_document& doc, const llm_model& model, const llm_cparams& cparams, const llm_kv_cache& kv,
                      const llm_ubatch_shape& ubatch, const llm_kv_cache* kv_swa = nullptr);

    // The graph callback: names the tensor (and returns it).
    tensor_id cb(tensor_id t, std::string_view name, int il);
    // ggml_build_forward_expand; the first failure is kept for finish().
    void expand(tensor_id t);
    // ggml_mul_mat (build_lora_mm without adapters); prec F32 when asked.
    tensor_id mm(tensor_id w, tensor_id cur, bool prec_f32 = false);
    // ggml_rope_ext with the context's rope parameters.
    tensor_id rope_ext(tensor_id x, tensor_id pos, tensor_id freq_factors, int n_dims, int mode);
    // The same with a layer's base and scale (llama_model::get_rope_freq_base / _scale).
    tensor_id rope_ext(tensor_id x, tensor_id pos, tensor_id freq_factors, int n_dims, int mode, float base,
                       float scale);

    // llm_inputs.cpp
    tensor_id build_inp_embd(tensor_id tok_embd);
    tensor_id build_inp_pos();
    tensor_id build_inp_out_ids();
    llm_attn_input build_attn_inp_kv();
    // build_attn_inp_kq_mask: the KQ mask input (f16 for flash attention), one per stream.
    tensor_id build_attn_inp_kq_mask(const llm_kv_cache* cache = nullptr, llm_input_role role = llm_input_role::kq_mask);

    // llm_norm.cpp
    tensor_id build_norm(tensor_id cur, tensor_id mw, tensor_id mb, llm_norm_type type, int il);
    // llm_attention.cpp
    llm_qkv build_qkv(const llm_layer& layer, tensor_id cur, std::int64_t n_embd_head, std::int64_t n_head,
                      std::int64_t n_head_kv, int il);
    tensor_id build_attn(const llm_attn_input& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur, tensor_id k_cur,
                         tensor_id v_cur, tensor_id kq_b, tensor_id sinks, float kq_scale, int il);
    // build_attn over the given cache (K added before V when k_before_v, as the iswa build_attn).
    tensor_id build_attn_with(const llm_kv_cache& cache, const llm_attn_input& inp, bool k_before_v, tensor_id wo,
                              tensor_id wo_b, tensor_id q_cur, tensor_id k_cur, tensor_id v_cur, tensor_id kq_b,
                              tensor_id sinks, float kq_scale, int il);
    tensor_id build_attn_mha(tensor_id q, tensor_id k, tensor_id v, tensor_id kq_b, tensor_id kq_mask, tensor_id sinks,
                             float kq_scale, int il, tensor_id v_mla = {});
    // llm_attention_mla.cpp: llm_graph_input_attn_k (a K-only cache, MLA) and its build_attn, V a
    // view of the cached K, v_mla decompressing the heads after attention.
    llm_attn_input build_attn_inp_k();
    tensor_id build_attn_k(const llm_attn_input& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur, tensor_id k_cur,
                           tensor_id v_cur, tensor_id v_mla, float kq_scale, int il);
    // llm_ffn.cpp
    tensor_id build_ffn(tensor_id cur, tensor_id up, tensor_id up_b, tensor_id gate, tensor_id gate_b, tensor_id down,
                        tensor_id down_b, tensor_id act_scales, llm_ffn_op type_op, llm_ffn_gate type_gate, int il);
    // llm_moe.cpp: errors until the builder has MUL_MAT_ID and ARGSORT_TOP_K.
    tensor_id build_moe_ffn(tensor_id cur, tensor_id gate_inp, tensor_id up_exps, tensor_id gate_exps,
                            tensor_id down_exps, tensor_id exp_probs_b, std::int64_t n_expert,
                            std::int64_t n_expert_used, llm_ffn_op type_op, bool norm_w, float w_scale,
                            llm_gating_func gating_op, int il, const llm_moe_biases& biases = {});

    // llm_attention_iswa.cpp: sliding-window attention over llama_kv_cache_iswa (kv the full
    // layers' cache, kv_swa the SWA layers'): build_attn_inp_kv_iswa (indices and mask of each,
    // then the rotations) and its build_attn, which picks the cache of layer il; the per-layer rope
    // base and scale (the SWA layers' own).
    llm_attn_input_iswa build_attn_inp_kv_iswa();
    tensor_id build_attn(const llm_attn_input_iswa& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur,
                         tensor_id k_cur, tensor_id v_cur, tensor_id kq_b, tensor_id sinks, float kq_scale, int il);
    [[nodiscard]] float rope_freq_base_l(int il) const;
    [[nodiscard]] float rope_freq_scale_l(int il) const;

    // llm_decoder.cpp, the steps decoder graphs share: the inputs in llama.cpp's order (token
    // embeddings, positions, the KV attention input, the output rows); llama_model::get_rope_factors
    // (rope_freqs, else the long or the short factors by the context size); Q and K roped over
    // n_rot dims with the model's rope type and named Qcur/Kcur, V named Vcur; and the head: the
    // output norm ("result_norm", the embeddings), the logits ("result_output", plus output_b),
    // set_outputs.
    llm_decoder_inputs build_decoder_inputs();
    [[nodiscard]] tensor_id rope_factors(int il) const;
    void rope_qkv(llm_qkv& qkv, tensor_id pos, tensor_id freq_factors, int il);
    // final_softcap != 0: the logits soft-capped as gemma2 does (scale by 1/cap, tanh, scale by cap).
    void build_output(tensor_id inpL, llm_norm_type type, float final_softcap = 0.0f);
    // llm_gpt2_layers.cpp: learned positions added to the embeddings ("pos_embd", "inpL"), and the
    // pre-norm layers of gpt2, starcoder and mpt: LayerNorm, fused-QKV attention (MPT's optional
    // Q/K LayerNorm), residual, LayerNorm, GELU FFN (MPT's optional activation scales), residual.
    tensor_id build_pos_embd(tensor_id inpL, tensor_id inp_pos);
    tensor_id build_gpt2_layers(tensor_id inpL, const llm_attn_input& inp_attn, tensor_id inp_out_ids);

    // llm_graph_result::set_outputs: the logits and the embeddings are graph outputs.
    void set_outputs(tensor_id t_logits, tensor_id t_embd);
    // The first error of the builder or of an expand.
    [[nodiscard]] status finish() const;
    void fail(std::string message);

    // The inputs llama.cpp sets before computing (ggml_set_input), in creation order.
    [[nodiscard]] const std::vector<tensor_id>& inputs() const { return m_inputs; }
    [[nodiscard]] const std::vector<llm_input_role>& input_roles() const { return m_input_roles; } // by inputs()
    [[nodiscard]] tensor_id t_logits() const { return m_logits; }
    [[nodiscard]] tensor_id t_embd() const { return m_embd; }

    graph_document& doc;
    const llm_model& model;
    const llm_hparams& hparams;
    const llm_cparams& cparams;
    const llm_kv_cache& kv;
    const llm_kv_cache* const kv_swa; // llama_kv_cache_iswa's SWA cache, or null
    const llm_ubatch_shape ubatch;
    builder b; // llama.cpp's ctx0

    const std::int64_t n_embd, n_layer, n_rot, n_ctx, n_head, n_head_kv, n_embd_head_k, n_embd_k_gqa, n_embd_head_v,
        n_embd_v_gqa, n_expert, n_expert_used;
    const float freq_base, freq_scale, ext_factor, attn_factor, beta_fast, beta_slow, norm_eps, norm_rms_eps;
    const std::int64_t n_tokens, n_outputs;
    const int n_ctx_orig, rope_type;

private:
    tensor_id input(tensor_id t, llm_input_role role = llm_input_role::other);

    std::vector<tensor_id> m_inputs;
    std::vector<llm_input_role> m_input_roles;
    tensor_id m_logits, m_embd;
    std::optional<error> m_error;
};

} // namespace planscope
