#pragma once
// Weight patterns of the LayerNorm architectures (gpt2, starcoder, falcon, stablelm, mpt, phi3):
// a norm or a projection with its bias (required, optional or none), and the head: output_norm
// with its bias, output.weight tied to token_embd.weight when absent. Names as
// llm_arch_tensors.h's llm_tn makes them.
#include "llm_arch_tensors.h"

#include <optional>
#include <string>

namespace planscope {

// <name>.weight of n (with `flags`) and, when bias_flags is set, <name>.bias of n.
void llm_create_norm(llm_weight_loader& w, tensor_id& weight, tensor_id& bias, const std::string& name, std::int64_t n,
                     std::optional<llm_tensor_flag> bias_flags, llm_tensor_flag flags = llm_tensor_flag::required);
// <name>.weight of {n_in, n_out} and, when bias_flags is set, <name>.bias of n_out.
void llm_create_linear(llm_weight_loader& w, tensor_id& weight, tensor_id& bias, const std::string& name,
                       std::int64_t n_in, std::int64_t n_out, std::optional<llm_tensor_flag> bias_flags);

// A GPT-2 style layer (gpt2, starcoder, mpt): attn_norm, the fused attn_qkv, attn_output,
// ffn_norm, ffn_down, ffn_up, each with its bias (`bias_flags`: required, or optional for MPT).
void llm_create_gpt2_layer(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il,
                           llm_tensor_flag bias_flags);

// output_norm (with its bias when norm_bias_flags is set), then output.weight, not required:
// when absent, token_embd.weight again (TENSOR_DUPLICATED). Placeholder weights (a vocab-only
// file) have an output.weight of their own when `untied_placeholder`.
void llm_create_head(llm_weight_loader& w, llm_model& m, std::optional<llm_tensor_flag> norm_bias_flags,
                     bool untied_placeholder);

} // namespace planscope
