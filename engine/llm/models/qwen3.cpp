// LLM_ARCH_QWEN3 of llama.cpp da46e59c (src/models/qwen3.cpp): Qwen3 dense, Q/K RMSNorm before
// RoPE, heads that may be wider than n_embd / n_head, the output tied when output.weight is absent.
#include "qwen_common.h"

namespace planscope {
namespace {

constexpr qwen_options qwen3_options{.qk_norm = true};

status qwen3_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    return qwen_hparams_load(keys, h, qwen3_options);
}

status qwen3_tensors_load(llm_weight_loader& w, llm_model& m) { return qwen_tensors_load(w, m, qwen3_options); }

void qwen3_graph_build(llm_graph_context& g) { qwen_graph_build(g, qwen3_options); }

} // namespace

const llm_architecture& llm_arch_qwen3() {
    static const llm_architecture a{"qwen3", qwen3_hparams_load, qwen3_tensors_load, qwen3_graph_build};
    return a;
}

} // namespace planscope
