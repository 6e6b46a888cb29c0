// LLM_ARCH_PHI3 of llama.cpp da46e59c (src/models/phi3.cpp): RMS norms, fused or separate QKV,
// neox rope with the long/short factors of 128k-context files, Q scaled before the attention
// (kq_scale 1), a fused gate+up (ffn_up 2 * n_ff wide, SWIGLU of its halves). A sliding window in
// the file is ignored, as llama.cpp ignores it (Phi SWA is disabled there).
#include "llm/llm_registry.h"
#include "llm/llm_biased_tensors.h"

#include <cmath>

namespace planscope {
namespace {

status phi3_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    if (auto swa = keys.u32("attention.sliding_window", 0u); !swa) return swa.err();
    h.swa_type = llm_swa_type::none;
    h.n_swa = 0;
    h.rope_type = llm_rope_type_neox;
    return check_llm_heads(h);
}

status phi3_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_rot = h.n_rot, n_ff = h.n_ff();

    llm_create_output(w, m, false);
    llm_tie_output(w, m);
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) {
        const std::int64_t n_gqa = h.n_embd_v_gqa(i);
        llm_create_norm(w, l.attn_norm, l.attn_norm_b, llm_tn(i, "attn_norm"), n_embd, std::nullopt);
        llm_create_qkv(w, l, i, n_embd, n_embd, n_gqa, n_gqa, f::not_required, true);
        l.wo = w.create(llm_tn(i, "attn_output.weight"), {n_embd, n_embd, 1, 1});
        llm_create_norm(w, l.ffn_norm, l.ffn_norm_b, llm_tn(i, "ffn_norm"), n_embd, std::nullopt);
        l.ffn_down = w.create(llm_tn(i, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
        l.ffn_up = w.create(llm_tn(i, "ffn_up.weight"), {n_embd, 2 * n_ff, 1, 1});
        llm_create_rope_factors(w, l, i, n_rot, true);
    });
}

void phi3_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;

    const llm_decoder_inputs in = g.build_decoder_inputs();
    tensor_id inpL = in.embd;

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id residual = inpL;
        const tensor_id rope_factors = g.rope_factors(il);
        tensor_id cur =
            g.cb(g.build_norm(inpL, layer.attn_norm, layer.attn_norm_b, llm_norm_type::rms, il), "attn_norm", il);

        llm_qkv qkv = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        g.rope_qkv(qkv, in.pos, rope_factors, il);
        auto [q, k, v] = qkv;
        q = g.cb(b.scale_by(q, 1.0f / std::sqrt(static_cast<float>(n_embd_head))), "Qcur", il);
        cur = g.build_attn(in.attn, layer.wo, layer.wo_b, q, k, v, {}, {}, 1.0f, il);

        if (il == g.n_layer - 1 && in.out_ids.valid()) {
            cur = b.get_rows(cur, in.out_ids);
            residual = b.get_rows(residual, in.out_ids);
        }
        cur = b.add(cur, residual);
        residual = cur;

        cur = g.cb(g.build_norm(cur, layer.ffn_norm, layer.ffn_norm_b, llm_norm_type::rms, il), "ffn_norm", il);
        cur = g.build_ffn(cur, layer.ffn_up, {}, {}, {}, layer.ffn_down, {}, {}, llm_ffn_op::swiglu,
                          llm_ffn_gate::seq, il);
        g.cb(cur, "ffn_out", il);
        inpL = g.cb(b.add(residual, cur), "l_out", il); // build_cvec: no control vector
    }
    g.build_output(inpL, llm_norm_type::rms);
}

} // namespace

const llm_architecture& llm_arch_phi3() {
    static const llm_architecture a{"phi3", phi3_hparams_load, phi3_tensors_load, phi3_graph_build};
    return a;
}

} // namespace planscope
