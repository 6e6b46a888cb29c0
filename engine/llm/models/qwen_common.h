#pragma once
// What qwen2, qwen2moe, qwen3 and qwen3moe of llama.cpp da46e59c share: one hparams check, the
// attention tensors (create_tensor_qkv, Q/K norms for Qwen3) and one graph skeleton: RMSNorm,
// attention with NEOX RoPE (Q/K RMSNorm first for Qwen3), then a dense SwiGLU FFN, experts, or
// experts plus Qwen1.5-MoE's sigmoid-gated shared expert.
#include "llm/llm_registry.h"

namespace planscope {

enum class qwen_ffn : std::uint8_t { dense, experts, experts_shared };

// What sets the four apart, for their tensors and their graph alike.
struct qwen_options {
    bool qk_norm = false;     // Qwen3: Q/K RMSNorm, heads that may be wider than n_embd / n_head
    qwen_ffn ffn = qwen_ffn::dense;
    bool norm_expert_weights = false;
    bool output_bias = false; // Qwen2: an optional output.bias
};

// The RMS epsilon, the expert widths (experts: expert_feed_forward_length, a shared expert:
// expert_shared_feed_forward_length), NEOX RoPE; heads of one size that RoPE spans.
status qwen_hparams_load(const llm_key_reader& keys, llm_hparams& h, const qwen_options& o);
// The output head (output.weight required with a shared expert, else tied when absent), then
// each layer's attention weights and its FFN: dense SwiGLU, experts (n_ff_exp wide, n_ff /
// n_expert_used by default) with their router, plus the shared expert and its gate.
status qwen_tensors_load(llm_weight_loader& w, llm_model& m, const qwen_options& o);
void qwen_graph_build(llm_graph_context& g, const qwen_options& o);

} // namespace planscope
