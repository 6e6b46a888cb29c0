// LLM_ARCH_QWEN2MOE of llama.cpp da46e59c (src/models/qwen2moe.cpp): Qwen1.5-MoE / Qwen2-MoE,
// QKV biases, softmax-routed experts (weights not normalised) plus one shared expert scaled by a
// sigmoid gate (ffn_gate_inp_shexp).
#include "qwen_common.h"

namespace planscope {
namespace {

constexpr qwen_options qwen2moe_options{.ffn = qwen_ffn::experts_shared};

status qwen2moe_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    return qwen_hparams_load(keys, h, qwen2moe_options);
}

status qwen2moe_tensors_load(llm_weight_loader& w, llm_model& m) { return qwen_tensors_load(w, m, qwen2moe_options); }

void qwen2moe_graph_build(llm_graph_context& g) { qwen_graph_build(g, qwen2moe_options); }

} // namespace

const llm_architecture& llm_arch_qwen2moe() {
    static const llm_architecture a{"qwen2moe", qwen2moe_hparams_load, qwen2moe_tensors_load, qwen2moe_graph_build};
    return a;
}

} // namespace planscope
