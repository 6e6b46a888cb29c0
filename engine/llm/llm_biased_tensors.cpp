#include "llm_biased_tensors.h"

namespace planscope {

void llm_create_norm(llm_weight_loader& w, tensor_id& weight, tensor_id& bias, const std::string& name, std::int64_t n,
                     std::optional<llm_tensor_flag> bias_flags, llm_tensor_flag flags) {
    weight = w.create(name + ".weight", {n, 1, 1, 1}, flags);
    if (bias_flags) bias = w.create(name + ".bias", {n, 1, 1, 1}, *bias_flags);
}

void llm_create_linear(llm_weight_loader& w, tensor_id& weight, tensor_id& bias, const std::string& name,
                       std::int64_t n_in, std::int64_t n_out, std::optional<llm_tensor_flag> bias_flags) {
    weight = w.create(name + ".weight", {n_in, n_out, 1, 1});
    if (bias_flags) bias = w.create(name + ".bias", {n_out, 1, 1, 1}, *bias_flags);
}

void llm_create_gpt2_layer(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il,
                           llm_tensor_flag bias_flags) {
    const std::int64_t n_embd = h.n_embd, n_ff = h.n_ff(), n_gqa = h.n_embd_v_gqa(il);
    llm_create_norm(w, l.attn_norm, l.attn_norm_b, llm_tn(il, "attn_norm"), n_embd, bias_flags);
    llm_create_linear(w, l.wqkv, l.wqkv_b, llm_tn(il, "attn_qkv"), n_embd, n_embd + 2 * n_gqa, bias_flags);
    llm_create_linear(w, l.wo, l.wo_b, llm_tn(il, "attn_output"), n_embd, n_embd, bias_flags);
    llm_create_norm(w, l.ffn_norm, l.ffn_norm_b, llm_tn(il, "ffn_norm"), n_embd, bias_flags);
    llm_create_linear(w, l.ffn_down, l.ffn_down_b, llm_tn(il, "ffn_down"), n_ff, n_embd, bias_flags);
    llm_create_linear(w, l.ffn_up, l.ffn_up_b, llm_tn(il, "ffn_up"), n_embd, n_ff, bias_flags);
}

void llm_create_head(llm_weight_loader& w, llm_model& m, std::optional<llm_tensor_flag> norm_bias_flags,
                     bool untied_placeholder) {
    using f = llm_tensor_flag;
    llm_create_norm(w, m.output_norm, m.output_norm_b, "output_norm", m.hparams.n_embd, norm_bias_flags);
    m.output = w.create("output.weight", {std::int64_t{m.hparams.n_embd}, std::int64_t{m.hparams.n_vocab}, 1, 1},
                        untied_placeholder ? f::not_required | f::shape_only : f::not_required);
    llm_tie_output(w, m);
}

} // namespace planscope
