#pragma once
// What qwen2, qwen2moe, qwen3 and qwen3moe of llama.cpp da46e59c share: one hparams check, the
// attention tensors (create_tensor_qkv, Q/K norms for Qwen3) and one graph skeleton: RMSNorm,
// attention with NEOX RoPE (Q/K RMSNorm first for Qwen3), then a dense SwiGLU FFN, experts, or
// experts plus Qwen1.5-MoE's sigmoid-gated shared expert.
#include "llm/llm_registry.h"

namespace planscope {

// The RMS epsilon, the expert widths asked for, NEOX RoPE; heads of one size that RoPE spans.
status qwen_hparams_load(const llm_key_reader& keys, llm_hparams& h, bool expert_ff, bool shared_expert_ff);

// Layer il's attention weights; Q/K norms when `qk_norm`.
void qwen_attention_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il, bool qk_norm);
// Layer il's experts (n_ff_exp wide, n_ff / n_expert_used by default) and router.
status qwen_expert_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il);

enum class qwen_ffn : std::uint8_t { dense, experts, experts_shared };

struct qwen_graph_options {
    bool qk_norm = false;
    qwen_ffn ffn = qwen_ffn::dense;
    bool norm_expert_weights = false;
};

void qwen_graph_build(llm_graph_context& g, const qwen_graph_options& o);

} // namespace planscope
