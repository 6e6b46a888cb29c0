// LLM_ARCH_QWEN2 of llama.cpp da46e59c (src/models/qwen2.cpp): Qwen1.5/Qwen2/Qwen2.5, QKV biases,
// an optional output bias, the output tied to token_embd.weight when output.weight is absent.
#include "qwen_common.h"

namespace planscope {
namespace {

constexpr qwen_options qwen2_options{.output_bias = true};

status qwen2_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    return qwen_hparams_load(keys, h, qwen2_options);
}

status qwen2_tensors_load(llm_weight_loader& w, llm_model& m) { return qwen_tensors_load(w, m, qwen2_options); }

void qwen2_graph_build(llm_graph_context& g) { qwen_graph_build(g, qwen2_options); }

} // namespace

const llm_architecture& llm_arch_qwen2() {
    static const llm_architecture a{"qwen2", qwen2_hparams_load, qwen2_tensors_load, qwen2_graph_build};
    return a;
}

} // namespace planscope
