// LLM_ARCH_QWEN3MOE of llama.cpp da46e59c (src/models/qwen3moe.cpp): Qwen3-MoE (30B-A3B,
// 235B-A22B), Q/K RMSNorm, softmax-routed experts with normalised weights, no shared expert.
#include "qwen_common.h"

namespace planscope {
namespace {

constexpr qwen_options qwen3moe_options{.qk_norm = true, .ffn = qwen_ffn::experts, .norm_expert_weights = true};

status qwen3moe_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    return qwen_hparams_load(keys, h, qwen3moe_options);
}

status qwen3moe_tensors_load(llm_weight_loader& w, llm_model& m) { return qwen_tensors_load(w, m, qwen3moe_options); }

void qwen3moe_graph_build(llm_graph_context& g) { qwen_graph_build(g, qwen3moe_options); }

} // namespace

const llm_architecture& llm_arch_qwen3moe() {
    static const llm_architecture a{"qwen3moe", qwen3moe_hparams_load, qwen3moe_tensors_load, qwen3moe_graph_build};
    return a;
}

} // namespace planscope
