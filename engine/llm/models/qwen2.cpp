// LLM_ARCH_QWEN2 of llama.cpp da46e59c (src/models/qwen2.cpp): Qwen1.5/Qwen2/Qwen2.5, QKV biases,
// an optional output bias, the output tied to token_embd.weight when output.weight is absent.
#include "llm/llm_arch_tensors.h"
#include "qwen_common.h"

namespace planscope {
namespace {

status qwen2_hparams_load(const llm_key_reader& keys, llm_hparams& h) { return qwen_hparams_load(keys, h, false, false); }

status qwen2_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    llm_create_output(w, m, false);
    m.output_b = w.create("output.bias", {std::int64_t{h.n_vocab}, 1, 1, 1}, llm_tensor_flag::not_required);
    llm_tie_output(w, m);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        qwen_attention_tensors(w, m.layers[i], h, i, false);
        llm_create_gated_ffn(w, m.layers[i], i, h.n_embd, h.n_ff());
    }
    return w.finish();
}

void qwen2_graph_build(llm_graph_context& g) { qwen_graph_build(g, {}); }

} // namespace

const llm_architecture& llm_arch_qwen2() {
    static const llm_architecture a{"qwen2", qwen2_hparams_load, qwen2_tensors_load, qwen2_graph_build};
    return a;
}

} // namespace planscope
