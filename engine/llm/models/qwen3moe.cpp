// LLM_ARCH_QWEN3MOE of llama.cpp da46e59c (src/models/qwen3moe.cpp): Qwen3-MoE (30B-A3B,
// 235B-A22B), Q/K RMSNorm, softmax-routed experts with normalised weights, no shared expert.
#include "llm/llm_arch_tensors.h"
#include "qwen_common.h"

namespace planscope {
namespace {

status qwen3moe_hparams_load(const llm_key_reader& keys, llm_hparams& h) { return qwen_hparams_load(keys, h, true, false); }

status qwen3moe_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    llm_create_output(w, m, false);
    llm_tie_output(w, m);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        qwen_attention_tensors(w, m.layers[i], h, i, true);
        if (auto s = qwen_expert_tensors(w, m.layers[i], h, i); !s) return s;
    }
    return w.finish();
}

void qwen3moe_graph_build(llm_graph_context& g) {
    qwen_graph_build(g, {.qk_norm = true, .ffn = qwen_ffn::experts, .norm_expert_weights = true});
}

} // namespace

const llm_architecture& llm_arch_qwen3moe() {
    static const llm_architecture a{"qwen3moe", qwen3moe_hparams_load, qwen3moe_tensors_load, qwen3moe_graph_build};
    return a;
}

} // namespace planscope
