// LLM_ARCH_QWEN2MOE of llama.cpp da46e59c (src/models/qwen2moe.cpp): Qwen1.5-MoE / Qwen2-MoE,
// QKV biases, softmax-routed experts (weights not normalised) plus one shared expert scaled by a
// sigmoid gate (ffn_gate_inp_shexp).
#include "llm/llm_arch_tensors.h"
#include "qwen_common.h"

namespace planscope {
namespace {

status qwen2moe_hparams_load(const llm_key_reader& keys, llm_hparams& h) { return qwen_hparams_load(keys, h, true, true); }

status qwen2moe_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    const std::int64_t n_embd = h.n_embd;
    llm_create_output(w, m, true);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        llm_layer& l = m.layers[i];
        qwen_attention_tensors(w, l, h, i, false);
        if (auto s = qwen_expert_tensors(w, l, h, i); !s) return s;
        const std::int64_t n_ff_shexp = h.n_ff_shexp != 0 ? h.n_ff_shexp : h.n_ff();
        l.ffn_gate_inp_shexp = w.create(llm_tn(i, "ffn_gate_inp_shexp.weight"), {n_embd, 1, 1, 1});
        l.ffn_gate_shexp = w.create(llm_tn(i, "ffn_gate_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
        l.ffn_down_shexp = w.create(llm_tn(i, "ffn_down_shexp.weight"), {n_ff_shexp, n_embd, 1, 1});
        l.ffn_up_shexp = w.create(llm_tn(i, "ffn_up_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
    }
    return w.finish();
}

void qwen2moe_graph_build(llm_graph_context& g) { qwen_graph_build(g, {.ffn = qwen_ffn::experts_shared}); }

} // namespace

const llm_architecture& llm_arch_qwen2moe() {
    static const llm_architecture a{"qwen2moe", qwen2moe_hparams_load, qwen2moe_tensors_load, qwen2moe_graph_build};
    return a;
}

} // namespace planscope
