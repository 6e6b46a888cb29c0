// LLM_ARCH_LLAMA of llama.cpp da46e59c (src/models/llama.cpp): Llama 1/2/3/3.1 (rope_freqs.weight
// as frequency factors), the output tied to token_embd.weight when output.weight is absent, and
// Mixtral-style experts when expert_count > 0.
#include "llm/llm_registry.h"

#include <cmath>

namespace planscope {
namespace {

status llama_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    h.rope_type = llm_rope_type_norm;
    if (h.n_head() == 0) return error{"invalid key " + keys.key("attention.head_count") + ": llama needs heads"};
    if (h.n_rot != h.n_embd_head_k)
        return error{"invalid n_rot: " + std::to_string(h.n_rot) + ", expected " + std::to_string(h.n_embd_head_k)};
    if (h.n_embd_head_k != h.n_embd_head_v)
        return error{"llama needs key_length == value_length, got " + std::to_string(h.n_embd_head_k) + " and " +
                     std::to_string(h.n_embd_head_v)};
    return success();
}

std::string llama_tn(std::uint32_t il, std::string_view what) {
    std::string s = "blk." + std::to_string(il) + ".";
    s += what;
    return s;
}

status llama_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_vocab = h.n_vocab, n_rot = h.n_rot;
    const std::int64_t n_embd_q = std::int64_t{h.n_embd_head_k} * h.n_head(), n_ff = h.n_ff(), n_expert = h.n_expert;

    m.tok_embd = w.create("token_embd.weight", {n_embd, n_vocab, 1, 1});
    m.output_norm = w.create("output_norm.weight", {n_embd, 1, 1, 1});
    m.output = w.create("output.weight", {n_embd, n_vocab, 1, 1}, f::not_required | f::shape_only);
    if (!m.output.valid()) m.output = w.create("token_embd.weight", {n_embd, n_vocab, 1, 1}, f::duplicated);

    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer; ++i) {
        llm_layer& l = m.layers[i];
        const std::int64_t n_k = h.n_embd_k_gqa(i), n_v = h.n_embd_v_gqa(i);
        l.attn_norm = w.create(llama_tn(i, "attn_norm.weight"), {n_embd, 1, 1, 1});
        // create_tensor_qkv: the fused projection when the file has one.
        l.wqkv = w.create(llama_tn(i, "attn_qkv.weight"), {n_embd, n_embd_q + n_k + n_v, 1, 1}, f::not_required);
        if (l.wqkv.valid()) {
            l.wqkv_b = w.create(llama_tn(i, "attn_qkv.bias"), {n_embd_q + n_k + n_v, 1, 1, 1}, f::not_required);
        } else {
            l.wq = w.create(llama_tn(i, "attn_q.weight"), {n_embd, n_embd_q, 1, 1});
            l.wk = w.create(llama_tn(i, "attn_k.weight"), {n_embd, n_k, 1, 1});
            l.wv = w.create(llama_tn(i, "attn_v.weight"), {n_embd, n_v, 1, 1});
            l.wq_b = w.create(llama_tn(i, "attn_q.bias"), {n_embd_q, 1, 1, 1}, f::not_required);
            l.wk_b = w.create(llama_tn(i, "attn_k.bias"), {n_k, 1, 1, 1}, f::not_required);
            l.wv_b = w.create(llama_tn(i, "attn_v.bias"), {n_v, 1, 1, 1}, f::not_required);
        }
        l.wo = w.create(llama_tn(i, "attn_output.weight"), {n_embd_q, n_embd, 1, 1});
        l.wo_b = w.create(llama_tn(i, "attn_output.bias"), {n_embd, 1, 1, 1}, f::not_required);
        l.ffn_norm = w.create(llama_tn(i, "ffn_norm.weight"), {n_embd, 1, 1, 1});

        const f rope_flags = i == 0 ? f::not_required : f::not_required | f::duplicated;
        if (h.rope_scaling_type_train == llm_rope_scaling::longrope) {
            l.rope_long = w.create("rope_factors_long.weight", {n_rot / 2, 1, 1, 1}, rope_flags);
            l.rope_short = w.create("rope_factors_short.weight", {n_rot / 2, 1, 1, 1}, rope_flags);
        } else {
            l.rope_freqs = w.create("rope_freqs.weight", {n_rot / 2, 1, 1, 1}, rope_flags);
        }

        if (n_expert == 0) {
            l.ffn_gate = w.create(llama_tn(i, "ffn_gate.weight"), {n_embd, n_ff, 1, 1});
            l.ffn_down = w.create(llama_tn(i, "ffn_down.weight"), {n_ff, n_embd, 1, 1});
            l.ffn_up = w.create(llama_tn(i, "ffn_up.weight"), {n_embd, n_ff, 1, 1});
            l.ffn_gate_b = w.create(llama_tn(i, "ffn_gate.bias"), {n_ff, 1, 1, 1}, f::not_required);
            l.ffn_down_b = w.create(llama_tn(i, "ffn_down.bias"), {n_embd, 1, 1, 1}, f::not_required);
            l.ffn_up_b = w.create(llama_tn(i, "ffn_up.bias"), {n_ff, 1, 1, 1}, f::not_required);
        } else {
            l.ffn_gate_inp = w.create(llama_tn(i, "ffn_gate_inp.weight"), {n_embd, n_expert, 1, 1});
            l.ffn_gate_exps = w.create(llama_tn(i, "ffn_gate_exps.weight"), {n_embd, n_ff, n_expert, 1},
                                       f::not_required | f::shape_only);
            l.ffn_down_exps = w.create(llama_tn(i, "ffn_down_exps.weight"), {n_ff, n_embd, n_expert, 1});
            l.ffn_up_exps = w.create(llama_tn(i, "ffn_up_exps.weight"), {n_embd, n_ff, n_expert, 1});
        }
        if (!w.ok()) break;
    }
    return w.finish();
}

void llama_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    const llm_hparams& h = g.hparams;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;

    tensor_id inpL = g.build_inp_embd(model.tok_embd);
    const tensor_id inp_pos = g.build_inp_pos();
    const llm_attn_input inp_attn = g.build_attn_inp_kv();
    const float kq_scale = h.f_attention_scale == 0.0f ? 1.0f / std::sqrt(static_cast<float>(n_embd_head))
                                                        : h.f_attention_scale;
    const tensor_id inp_out_ids = g.build_inp_out_ids();

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id inpSA = inpL;
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, llm_norm_type::rms, il), "attn_norm", il);

        // llama_model::get_rope_factors: rope_freqs, else long or short by the context size.
        const tensor_id rope_factors = layer.rope_freqs.valid() ? layer.rope_freqs
                                       : g.cparams.n_ctx_seq > h.n_ctx_orig_yarn ? layer.rope_long
                                                                                 : layer.rope_short;
        auto [q, k, v] = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        q = g.rope_ext(q, inp_pos, rope_factors, static_cast<int>(g.n_rot), g.rope_type);
        k = g.rope_ext(k, inp_pos, rope_factors, static_cast<int>(g.n_rot), g.rope_type);
        g.cb(q, "Qcur", il);
        g.cb(k, "Kcur", il);
        g.cb(v, "Vcur", il);
        cur = g.build_attn(inp_attn, layer.wo, layer.wo_b, q, k, v, {}, {}, kq_scale, il);
        g.cb(cur, "attn_out", il);

        if (il == g.n_layer - 1 && inp_out_ids.valid()) {
            cur = b.get_rows(cur, inp_out_ids);
            inpSA = b.get_rows(inpSA, inp_out_ids);
        }
        const tensor_id ffn_inp = g.cb(b.add(cur, inpSA), "ffn_inp", il);

        cur = g.cb(g.build_norm(ffn_inp, layer.ffn_norm, {}, llm_norm_type::rms, il), "ffn_norm", il);
        if (!layer.ffn_gate_inp.valid()) {
            cur = g.build_ffn(cur, layer.ffn_up, layer.ffn_up_b, layer.ffn_gate, layer.ffn_gate_b, layer.ffn_down,
                              layer.ffn_down_b, {}, llm_ffn_op::silu, llm_ffn_gate::par, il);
            g.cb(cur, "ffn_out", il);
        } else {
            cur = g.build_moe_ffn(cur, layer.ffn_gate_inp, layer.ffn_up_exps, layer.ffn_gate_exps, layer.ffn_down_exps,
                                  {}, g.n_expert, g.n_expert_used, llm_ffn_op::silu, true, h.expert_weights_scale,
                                  llm_gating_func::softmax, il);
            g.cb(cur, "ffn_moe_out", il);
        }
        cur = g.cb(b.add(cur, ffn_inp), "ffn_out", il);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }

    tensor_id cur = g.cb(g.build_norm(inpL, model.output_norm, {}, llm_norm_type::rms, -1), "result_norm", -1);
    const tensor_id embd = cur;
    cur = g.cb(g.mm(model.output, cur), "result_output", -1);
    g.expand(cur);
    g.set_outputs(cur, embd);
}

} // namespace

const llm_architecture& llm_arch_llama() {
    static const llm_architecture a{"llama", llama_hparams_load, llama_tensors_load, llama_graph_build};
    return a;
}

} // namespace planscope
