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

void llm_create_head(llm_weight_loader& w, llm_model& m, std::optional<llm_tensor_flag> norm_bias_flags,
                     bool untied_placeholder) {
    using f = llm_tensor_flag;
    llm_create_norm(w, m.output_norm, m.output_norm_b, "output_norm", m.hparams.n_embd, norm_bias_flags);
    m.output = w.create("output.weight", {std::int64_t{m.hparams.n_embd}, std::int64_t{m.hparams.n_vocab}, 1, 1},
                        untied_placeholder ? f::not_required | f::shape_only : f::not_required);
    llm_tie_output(w, m);
}

} // namespace planscope
