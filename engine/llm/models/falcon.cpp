// LLM_ARCH_FALCON of llama.cpp da46e59c (src/models/falcon.cpp): one LayerNorm feeding a parallel
// attention and GELU FFN (both added to the layer's input), Falcon-40B's second attention norm
// when present, fused QKV without bias, neox rope over the whole head.
#include "llm/llm_registry.h"
#include "llm/llm_biased_tensors.h"

#include <cmath>

namespace planscope {
namespace {

status falcon_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_eps = *eps;
    h.rope_type = llm_rope_type_neox;
    // llama_model_base::load_hparams' check for falcon (the graph asserts n_embd_head == n_rot).
    if (h.n_rot != h.n_embd_head_k)
        return error{"invalid n_rot: " + std::to_string(h.n_rot) + ", expected " + std::to_string(h.n_embd_head_k)};
    return check_llm_heads(h);
}

status falcon_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_ff = h.n_ff();

    m.tok_embd = w.create("token_embd.weight", {n_embd, h.n_vocab, 1, 1});
    llm_create_head(w, m, f::required, true);
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) {
        llm_create_norm(w, l.attn_norm, l.attn_norm_b, llm_tn(i, "attn_norm"), n_embd, f::required);
        llm_create_norm(w, l.attn_norm_2, l.attn_norm_2_b, llm_tn(i, "attn_norm_2"), n_embd, f::not_required,
                        f::not_required);
        l.wqkv = w.create(llm_tn(i, "attn_qkv.weight"), {n_embd, n_embd + 2 * std::int64_t{h.n_embd_v_gqa(i)}, 1, 1});
        l.wo = w.create(llm_tn(i, "attn_output.weight"), {n_embd, n_embd, 1, 1});
        l.ffn_down = w.create(llm_tn(i, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
        l.ffn_up = w.create(llm_tn(i, "ffn_up.weight"), {n_embd, n_ff, 1, 1});
    });
}

void falcon_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;

    const llm_decoder_inputs in = g.build_decoder_inputs();
    tensor_id inpL = in.embd;

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id attn_norm =
            g.cb(g.build_norm(inpL, layer.attn_norm, layer.attn_norm_b, llm_norm_type::norm, il), "attn_norm", il);
        tensor_id cur = attn_norm;
        if (layer.attn_norm_2.valid()) // Falcon-40B
            cur = g.cb(g.build_norm(inpL, layer.attn_norm_2, layer.attn_norm_2_b, llm_norm_type::norm, il),
                       "attn_norm_2", il);

        llm_qkv qkv = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        g.rope_qkv(qkv, in.pos, {}, il);
        auto [q, k, v] = qkv;
        cur = g.build_attn(in.attn, layer.wo, {}, q, k, v, {}, {}, 1.0f / std::sqrt(static_cast<float>(n_embd_head)),
                           il);

        if (il == g.n_layer - 1 && in.out_ids.valid()) {
            cur = b.get_rows(cur, in.out_ids);
            inpL = b.get_rows(inpL, in.out_ids);
            attn_norm = b.get_rows(attn_norm, in.out_ids);
        }
        const tensor_id attn_out = cur;
        // The FFN reads the attention's norm, not its result.
        cur = g.build_ffn(attn_norm, layer.ffn_up, {}, {}, {}, layer.ffn_down, {}, {}, llm_ffn_op::gelu,
                          llm_ffn_gate::seq, il);
        g.cb(cur, "ffn_out", il);
        cur = b.add(b.add(cur, attn_out), inpL);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }
    g.build_output(inpL, llm_norm_type::norm);
}

} // namespace

const llm_architecture& llm_arch_falcon() {
    static const llm_architecture a{"falcon", falcon_hparams_load, falcon_tensors_load, falcon_graph_build};
    return a;
}

} // namespace planscope
