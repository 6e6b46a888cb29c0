// LLM_ARCH_STABLELM of llama.cpp da46e59c (src/models/stablelm.cpp): LayerNorms with biases, Q/K/V
// with optional biases (fused when the file has attn_qkv), optional per-head Q/K LayerNorms
// (StableLM 2 12B), neox rope over the first n_rot of each head, a SwiGLU FFN; without ffn_norm
// (12B's parallel residual) the FFN reads the attention's norm.
#include "llm/llm_registry.h"
#include "llm/llm_biased_tensors.h"

#include <cmath>

namespace planscope {
namespace {

status stablelm_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_eps = *eps;
    h.rope_type = llm_rope_type_neox;
    return check_llm_heads(h);
}

status stablelm_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_ff = h.n_ff(), n_embd_head = h.n_embd_head_k;

    m.tok_embd = w.create("token_embd.weight", {n_embd, h.n_vocab, 1, 1});
    m.output_norm_b = w.create("output_norm.bias", {n_embd, 1, 1, 1});
    m.output_norm = w.create("output_norm.weight", {n_embd, 1, 1, 1});
    m.output = w.create("output.weight", {n_embd, h.n_vocab, 1, 1});
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) {
        const std::int64_t n_gqa = h.n_embd_v_gqa(i);
        llm_create_norm(w, l.attn_norm, l.attn_norm_b, llm_tn(i, "attn_norm"), n_embd, f::required);
        llm_create_qkv(w, l, i, n_embd, n_embd, n_gqa, n_gqa, f::required, false);
        l.wo = w.create(llm_tn(i, "attn_output.weight"), {n_embd, n_embd, 1, 1});
        l.attn_q_norm = w.create(llm_tn(i, "attn_q_norm.weight"), {n_embd_head, h.n_head(i), 1, 1}, f::not_required);
        l.attn_k_norm = w.create(llm_tn(i, "attn_k_norm.weight"), {n_embd_head, h.n_head_kv(i), 1, 1}, f::not_required);
        llm_create_norm(w, l.ffn_norm, l.ffn_norm_b, llm_tn(i, "ffn_norm"), n_embd, f::not_required, f::not_required);
        l.ffn_gate = w.create(llm_tn(i, "ffn_gate.weight"), {n_embd, n_ff, 1, 1});
        l.ffn_down = w.create(llm_tn(i, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
        l.ffn_up = w.create(llm_tn(i, "ffn_up.weight"), {n_embd, n_ff, 1, 1});
    });
}

void stablelm_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;

    const llm_decoder_inputs in = g.build_decoder_inputs();
    tensor_id inpL = in.embd;

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id cur =
            g.cb(g.build_norm(inpL, layer.attn_norm, layer.attn_norm_b, llm_norm_type::norm, il), "attn_norm", il);
        tensor_id inpSA = cur;

        llm_qkv qkv = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        if (layer.attn_q_norm.valid())
            qkv.q = g.cb(g.build_norm(qkv.q, layer.attn_q_norm, {}, llm_norm_type::norm, il), "Qcur", il);
        if (layer.attn_k_norm.valid())
            qkv.k = g.cb(g.build_norm(qkv.k, layer.attn_k_norm, {}, llm_norm_type::norm, il), "Kcur", il);
        g.rope_qkv(qkv, in.pos, {}, il);
        auto [q, k, v] = qkv;
        cur = g.build_attn(in.attn, layer.wo, {}, q, k, v, {}, {}, 1.0f / std::sqrt(static_cast<float>(n_embd_head)),
                           il);

        if (il == g.n_layer - 1 && in.out_ids.valid()) {
            cur = b.get_rows(cur, in.out_ids);
            inpL = b.get_rows(inpL, in.out_ids);
            inpSA = b.get_rows(inpSA, in.out_ids);
        }
        const tensor_id ffn_inp = g.cb(b.add(cur, inpL), "ffn_inp", il);
        cur = layer.ffn_norm.valid()
                  ? g.cb(g.build_norm(ffn_inp, layer.ffn_norm, layer.ffn_norm_b, llm_norm_type::norm, il), "ffn_norm", il)
                  : inpSA; // parallel residual
        cur = g.build_ffn(cur, layer.ffn_up, {}, layer.ffn_gate, {}, layer.ffn_down, {}, {}, llm_ffn_op::silu,
                          llm_ffn_gate::par, il);
        g.cb(cur, "ffn_out", il);
        inpL = g.cb(b.add(cur, ffn_inp), "l_out", il); // build_cvec: no control vector
    }
    g.build_output(inpL, llm_norm_type::norm);
}

} // namespace

const llm_architecture& llm_arch_stablelm() {
    static const llm_architecture a{"stablelm", stablelm_hparams_load, stablelm_tensors_load, stablelm_graph_build};
    return a;
}

} // namespace planscope
