#include "gemma_common.h"

#include "llm/llm_arch_tensors.h"

#include <cmath>

namespace planscope {

status gemma_hparams_check(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    h.rope_type = llm_rope_type_neox;
    return check_llm_heads(h);
}

float gemma_attention_scale(const llm_hparams& h, std::uint32_t n_layer_27b) {
    const float d = h.n_layer == n_layer_27b ? static_cast<float>(h.n_embd / h.n_head()) : static_cast<float>(h.n_embd_head_k);
    return 1.0f / std::sqrt(d);
}

status gemma_tensors_load(llm_weight_loader& w, llm_model& m, const gemma_options& o) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_vocab = h.n_vocab, head = h.n_embd_head_k;
    m.tok_embd = w.create("token_embd.weight", {n_embd, n_vocab, 1, 1});
    m.output_norm = w.create("output_norm.weight", {n_embd, 1, 1, 1});
    if (o.output_tensor) m.output = w.create("output.weight", {n_embd, n_vocab, 1, 1}, f::not_required);
    llm_tie_output(w, m);

    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        llm_layer& l = m.layers[i];
        const std::int64_t n_ff = h.n_ff(i), n_q = head * h.n_head(i);
        const auto norm = [&](std::string_view what, std::int64_t n) { return w.create(llm_tn(i, what), {n, 1, 1, 1}); };
        l.attn_norm = norm("attn_norm.weight", n_embd);
        llm_create_qkv(w, l, i, n_embd, n_q, h.n_embd_k_gqa(i), h.n_embd_v_gqa(i));
        l.wo = w.create(llm_tn(i, "attn_output.weight"), {n_q, n_embd, 1, 1});
        if (o.post_norms) l.attn_post_norm = norm("post_attention_norm.weight", n_embd);
        if (o.qk_norm) {
            l.attn_k_norm = norm("attn_k_norm.weight", head);
            l.attn_q_norm = norm("attn_q_norm.weight", head);
        }
        l.ffn_norm = norm("ffn_norm.weight", n_embd);
        l.ffn_gate = w.create(llm_tn(i, "ffn_gate.weight"), {n_embd, n_ff, 1, 1});
        l.ffn_up = w.create(llm_tn(i, "ffn_up.weight"), {n_embd, n_ff, 1, 1});
        l.ffn_down = w.create(llm_tn(i, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
        if (o.post_norms) l.ffn_post_norm = norm("post_ffw_norm.weight", n_embd);
    }
    return w.finish();
}

void gemma_graph_build(llm_graph_context& g, const gemma_options& o) {
    const llm_model& model = g.model;
    const llm_hparams& h = g.hparams;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_k;
    constexpr auto rms = llm_norm_type::rms;

    tensor_id inpL = g.cb(b.scale_by(g.build_inp_embd(model.tok_embd), std::sqrt(static_cast<float>(g.n_embd))),
                          "inp_scaled", -1);
    const tensor_id inp_pos = g.build_inp_pos();
    // Gemma 2/3 with a window: llama_kv_cache_iswa; Gemma (and Gemma 3 without one): one cache.
    const bool iswa = g.kv_swa != nullptr;
    llm_attn_input_iswa inp_iswa;
    llm_attn_input inp_attn;
    if (iswa) inp_iswa = g.build_attn_inp_kv_iswa();
    else inp_attn = g.build_attn_inp_kv();
    const tensor_id inp_out_ids = g.build_inp_out_ids();

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        const float base = g.rope_freq_base_l(il), scale = g.rope_freq_scale_l(il);
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, rms, il), "attn_norm", il);

        auto [q, k, v] = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        if (o.qk_norm) q = g.cb(g.build_norm(q, layer.attn_q_norm, {}, rms, il), "Qcur_normed", il);
        q = g.rope_ext(q, inp_pos, {}, static_cast<int>(g.n_rot), g.rope_type, base, scale);
        if (o.qk_norm) k = g.cb(g.build_norm(k, layer.attn_k_norm, {}, rms, il), "Kcur_normed", il);
        k = g.rope_ext(k, inp_pos, {}, static_cast<int>(g.n_rot), g.rope_type, base, scale);
        g.cb(q, "Qcur", il);
        g.cb(k, "Kcur", il);
        g.cb(v, "Vcur", il);
        // Gemma names its scaled query; Gemma 2/3 scale by f_attention_scale.
        if (o.post_norms) q = b.scale_by(q, h.f_attention_scale);
        else q = g.cb(b.scale_by(q, 1.0f / std::sqrt(static_cast<float>(n_embd_head))), "Qcur_scaled", il);
        cur = iswa ? g.build_attn(inp_iswa, layer.wo, {}, q, k, v, {}, {}, 1.0f, il)
                   : g.build_attn(inp_attn, layer.wo, {}, q, k, v, {}, {}, 1.0f, il);

        if (il == g.n_layer - 1 && inp_out_ids.valid()) {
            cur = b.get_rows(cur, inp_out_ids);
            inpL = b.get_rows(inpL, inp_out_ids);
        }
        if (o.post_norms) cur = g.cb(g.build_norm(cur, layer.attn_post_norm, {}, rms, il), "attn_post_norm", il);
        const tensor_id sa_out = g.cb(b.add(cur, inpL), "sa_out", il);

        cur = g.cb(g.build_norm(sa_out, layer.ffn_norm, {}, rms, il), "ffn_norm", il);
        cur = g.build_ffn(cur, layer.ffn_up, {}, layer.ffn_gate, {}, layer.ffn_down, {}, {}, llm_ffn_op::gelu,
                          llm_ffn_gate::par, il);
        g.cb(cur, "ffn_out", il);
        if (o.post_norms)
            cur = g.cb(g.build_norm(cur, layer.ffn_post_norm, {}, rms, -1), "ffn_post_norm", o.ffn_post_norm_il ? il : -1);
        cur = b.add(cur, sa_out);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }
    g.build_output(inpL, rms, o.final_softcap ? h.f_final_logit_softcapping : 0.0f);
}

} // namespace planscope
