// LLM_ARCH_QWEN3 of llama.cpp da46e59c (src/models/qwen3.cpp): Qwen3 dense, Q/K RMSNorm before
// RoPE, heads that may be wider than n_embd / n_head, the output tied when output.weight is absent.
#include "llm/llm_arch_tensors.h"
#include "qwen_common.h"

namespace planscope {
namespace {

status qwen3_hparams_load(const llm_key_reader& keys, llm_hparams& h) { return qwen_hparams_load(keys, h, false, false); }

status qwen3_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    llm_create_output(w, m, false);
    llm_tie_output(w, m);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        qwen_attention_tensors(w, m.layers[i], h, i, true);
        llm_create_gated_ffn(w, m.layers[i], i, h.n_embd, h.n_ff());
    }
    return w.finish();
}

void qwen3_graph_build(llm_graph_context& g) { qwen_graph_build(g, {.qk_norm = true}); }

} // namespace

const llm_architecture& llm_arch_qwen3() {
    static const llm_architecture a{"qwen3", qwen3_hparams_load, qwen3_tensors_load, qwen3_graph_build};
    return a;
}

} // namespace planscope
