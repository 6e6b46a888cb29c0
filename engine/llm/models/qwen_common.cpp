#include "qwen_common.h"

#include "llm/llm_arch_tensors.h"

#include <cmath>

namespace planscope {
namespace {

// FFN shared expert of Qwen1.5-MoE: SwiGLU scaled by sigmoid(gate_inp_shexp . x), written as
// silu(x) / x as llama.cpp does.
tensor_id qwen_shared_expert(llm_graph_context& g, const llm_layer& layer, tensor_id cur, int il) {
    builder& b = g.b;
    const tensor_id gate_inp = g.cb(g.mm(layer.ffn_gate_inp_shexp, cur), "ffn_shexp_gate_inp", il);
    const tensor_id gate = g.cb(b.div(b.silu(gate_inp), gate_inp), "ffn_shexp_gate", il);
    const tensor_id ffn = g.cb(g.build_ffn(cur, layer.ffn_up_shexp, {}, layer.ffn_gate_shexp, {}, layer.ffn_down_shexp,
                                           {}, {}, llm_ffn_op::silu, llm_ffn_gate::par, il),
                               "ffn_shexp", il);
    return g.cb(b.mul(ffn, gate), "ffn_shexp_out", il);
}

void qwen_attention_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il, bool qk_norm) {
    const std::int64_t n_embd = h.n_embd, head = h.n_embd_head_k, gqa = h.n_embd_v_gqa(il);
    // Qwen2's Q and output are n_embd wide; Qwen3's heads may be wider than n_embd / n_head.
    const std::int64_t n_q = qk_norm ? head * h.n_head(il) : n_embd;
    l.attn_norm = w.create(llm_tn(il, "attn_norm.weight"), {n_embd, 1, 1, 1});
    llm_create_qkv(w, l, il, n_embd, n_q, gqa, gqa);
    l.wo = w.create(llm_tn(il, "attn_output.weight"), {n_q, n_embd, 1, 1});
    if (qk_norm) {
        l.attn_k_norm = w.create(llm_tn(il, "attn_k_norm.weight"), {head, 1, 1, 1});
        l.attn_q_norm = w.create(llm_tn(il, "attn_q_norm.weight"), {head, 1, 1, 1});
    }
    l.ffn_norm = w.create(llm_tn(il, "ffn_norm.weight"), {n_embd, 1, 1, 1});
}

status qwen_expert_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il) {
    const std::int64_t n_embd = h.n_embd, n_expert = h.n_expert;
    l.ffn_gate_inp = w.create(llm_tn(il, "ffn_gate_inp.weight"), {n_embd, n_expert, 1, 1});
    if (h.n_expert == 0) return error{"n_expert must be > 0 for " + h.arch};
    if (h.n_expert_used == 0) return error{"n_expert_used must be > 0 for " + h.arch};
    const std::int64_t n_ff_exp = h.n_ff_exp != 0 ? h.n_ff_exp : h.n_ff() / h.n_expert_used;
    l.ffn_gate_exps = w.create(llm_tn(il, "ffn_gate_exps.weight"), {n_embd, n_ff_exp, n_expert, 1});
    l.ffn_down_exps = w.create(llm_tn(il, "ffn_down_exps.weight"), {n_ff_exp, n_embd, n_expert, 1});
    l.ffn_up_exps = w.create(llm_tn(il, "ffn_up_exps.weight"), {n_embd, n_ff_exp, n_expert, 1});
    return success();
}

void qwen_shared_expert_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t il) {
    const std::int64_t n_embd = h.n_embd, n_ff_shexp = h.n_ff_shexp != 0 ? h.n_ff_shexp : h.n_ff();
    l.ffn_gate_inp_shexp = w.create(llm_tn(il, "ffn_gate_inp_shexp.weight"), {n_embd, 1, 1, 1});
    l.ffn_gate_shexp = w.create(llm_tn(il, "ffn_gate_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
    l.ffn_down_shexp = w.create(llm_tn(il, "ffn_down_shexp.weight"), {n_ff_shexp, n_embd, 1, 1});
    l.ffn_up_shexp = w.create(llm_tn(il, "ffn_up_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
}

} // namespace

status qwen_hparams_load(const llm_key_reader& keys, llm_hparams& h, const qwen_options& o) {
    if (o.ffn != qwen_ffn::dense) {
        auto v = keys.u32("expert_feed_forward_length", 0u);
        if (!v) return v.err();
        h.n_ff_exp = *v;
    }
    if (o.ffn == qwen_ffn::experts_shared) {
        auto v = keys.u32("expert_shared_feed_forward_length", 0u);
        if (!v) return v.err();
        h.n_ff_shexp = *v;
    }
    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    h.rope_type = llm_rope_type_neox;
    if (h.n_head() == 0 || h.n_head_kv() == 0)
        return error{"invalid key " + keys.key("attention.head_count") + ": " + h.arch + " needs heads"};
    if (h.n_embd_head_k != h.n_embd_head_v || h.n_rot != h.n_embd_head_k)
        return error{h.arch + " needs key_length == value_length == rope.dimension_count, got " +
                     std::to_string(h.n_embd_head_k) + ", " + std::to_string(h.n_embd_head_v) + ", " +
                     std::to_string(h.n_rot)};
    return success();
}

status qwen_tensors_load(llm_weight_loader& w, llm_model& m, const qwen_options& o) {
    const llm_hparams& h = m.hparams;
    const bool shared = o.ffn == qwen_ffn::experts_shared;
    llm_create_output(w, m, shared);
    if (o.output_bias)
        m.output_b = w.create("output.bias", {std::int64_t{h.n_vocab}, 1, 1, 1}, llm_tensor_flag::not_required);
    if (!shared) llm_tie_output(w, m);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        llm_layer& l = m.layers[i];
        qwen_attention_tensors(w, l, h, i, o.qk_norm);
        if (o.ffn == qwen_ffn::dense) {
            llm_create_gated_ffn(w, l, i, h.n_embd, h.n_ff());
            continue;
        }
        if (auto s = qwen_expert_tensors(w, l, h, i); !s) return s;
        if (shared) qwen_shared_expert_tensors(w, l, h, i);
    }
    return w.finish();
}

void qwen_graph_build(llm_graph_context& g, const qwen_options& o) {
    const llm_model& model = g.model;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;
    const int n_rot = static_cast<int>(g.n_rot);

    const llm_decoder_inputs in = g.build_decoder_inputs();
    const tensor_id inp_pos = in.pos, inp_out_ids = in.out_ids;
    const llm_attn_input& inp_attn = in.attn;
    tensor_id inpL = in.embd;
    const float kq_scale = 1.0f / std::sqrt(static_cast<float>(n_embd_head));

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id inpSA = inpL;
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, llm_norm_type::rms, il), "attn_norm", il);

        auto [q, k, v] = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        if (o.qk_norm) q = g.cb(g.build_norm(q, layer.attn_q_norm, {}, llm_norm_type::rms, il), "Qcur_normed", il);
        q = g.rope_ext(q, inp_pos, {}, n_rot, g.rope_type);
        if (o.qk_norm) k = g.cb(g.build_norm(k, layer.attn_k_norm, {}, llm_norm_type::rms, il), "Kcur_normed", il);
        k = g.rope_ext(k, inp_pos, {}, n_rot, g.rope_type);
        g.cb(q, "Qcur", il);
        g.cb(k, "Kcur", il);
        g.cb(v, "Vcur", il);
        cur = g.build_attn(inp_attn, layer.wo, layer.wo_b, q, k, v, {}, {}, kq_scale, il);

        if (il == g.n_layer - 1 && inp_out_ids.valid()) {
            cur = b.get_rows(cur, inp_out_ids);
            inpSA = b.get_rows(inpSA, inp_out_ids);
        }
        const tensor_id ffn_inp = g.cb(b.add(cur, inpSA), "ffn_inp", il);
        cur = g.cb(g.build_norm(ffn_inp, layer.ffn_norm, {}, llm_norm_type::rms, il), "ffn_norm", il);

        if (o.ffn == qwen_ffn::dense) {
            cur = g.build_ffn(cur, layer.ffn_up, {}, layer.ffn_gate, {}, layer.ffn_down, {}, {}, llm_ffn_op::silu,
                              llm_ffn_gate::par, il);
            g.cb(cur, "ffn_out", il);
        } else {
            tensor_id moe = g.build_moe_ffn(cur, layer.ffn_gate_inp, layer.ffn_up_exps, layer.ffn_gate_exps,
                                            layer.ffn_down_exps, {}, g.n_expert, g.n_expert_used, llm_ffn_op::silu,
                                            o.norm_expert_weights, g.hparams.expert_weights_scale,
                                            llm_gating_func::softmax, il);
            g.cb(moe, "ffn_moe_out", il);
            if (o.ffn == qwen_ffn::experts_shared)
                moe = g.cb(b.add(moe, qwen_shared_expert(g, layer, cur, il)), "ffn_out", il);
            cur = moe;
        }
        cur = b.add(cur, ffn_inp);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }

    tensor_id cur = g.cb(g.build_norm(inpL, model.output_norm, {}, llm_norm_type::rms, -1), "result_norm", -1);
    const tensor_id embd = cur;
    cur = g.mm(model.output, cur);
    if (model.output_b.valid()) cur = b.add(cur, model.output_b);
    cur = g.cb(cur, "result_output", -1);
    g.expand(cur);
    g.set_outputs(cur, embd);
}

} // namespace planscope
