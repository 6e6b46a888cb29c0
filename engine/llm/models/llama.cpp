// LLM_ARCH_LLAMA of llama.cpp da46e59c (src/models/llama.cpp): Llama 1/2/3/3.1 (rope_freqs.weight
// as frequency factors), the output tied to token_embd.weight when output.weight is absent, and
// Mixtral-style experts when expert_count > 0.
#include "llm/llm_registry.h"
#include "llm/llm_biased_tensors.h"

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

status llama_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    using f = llm_tensor_flag;
    const std::int64_t n_embd = h.n_embd, n_ff = h.n_ff(), n_expert = h.n_expert;
    const std::int64_t n_embd_q = std::int64_t{h.n_embd_head_k} * h.n_head();

    llm_create_output(w, m, false);
    llm_tie_output(w, m);
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) {
        l.attn_norm = w.create(llm_tn(i, "attn_norm.weight"), {n_embd, 1, 1, 1});
        llm_create_qkv(w, l, i, n_embd, n_embd_q, h.n_embd_k_gqa(i), h.n_embd_v_gqa(i));
        llm_create_linear(w, l.wo, l.wo_b, llm_tn(i, "attn_output"), n_embd_q, n_embd, f::not_required);
        l.ffn_norm = w.create(llm_tn(i, "ffn_norm.weight"), {n_embd, 1, 1, 1});
        llm_create_rope_factors(w, l, i, h.n_rot, h.rope_scaling_type_train == llm_rope_scaling::longrope);

        if (n_expert == 0) {
            llm_create_gated_ffn(w, l, i, n_embd, n_ff);
            l.ffn_gate_b = w.create(llm_tn(i, "ffn_gate.bias"), {n_ff, 1, 1, 1}, f::not_required);
            l.ffn_down_b = w.create(llm_tn(i, "ffn_down.bias"), {n_embd, 1, 1, 1}, f::not_required);
            l.ffn_up_b = w.create(llm_tn(i, "ffn_up.bias"), {n_ff, 1, 1, 1}, f::not_required);
        } else {
            l.ffn_gate_inp = w.create(llm_tn(i, "ffn_gate_inp.weight"), {n_embd, n_expert, 1, 1});
            l.ffn_gate_exps = w.create(llm_tn(i, "ffn_gate_exps.weight"), {n_embd, n_ff, n_expert, 1},
                                       f::not_required | f::shape_only);
            l.ffn_down_exps = w.create(llm_tn(i, "ffn_down_exps.weight"), {n_ff, n_embd, n_expert, 1});
            l.ffn_up_exps = w.create(llm_tn(i, "ffn_up_exps.weight"), {n_embd, n_ff, n_expert, 1});
        }
    });
}

void llama_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    const llm_hparams& h = g.hparams;
    builder& b = g.b;
    const std::int64_t n_embd_head = g.n_embd_head_v;

    const llm_decoder_inputs in = g.build_decoder_inputs();
    tensor_id inpL = in.embd;
    const float kq_scale = h.f_attention_scale == 0.0f ? 1.0f / std::sqrt(static_cast<float>(n_embd_head))
                                                        : h.f_attention_scale;

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id inpSA = inpL;
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, llm_norm_type::rms, il), "attn_norm", il);

        llm_qkv qkv = g.build_qkv(layer, cur, n_embd_head, g.n_head, g.n_head_kv, il);
        g.rope_qkv(qkv, in.pos, g.rope_factors(il), il);
        cur = g.build_attn(in.attn, layer.wo, layer.wo_b, qkv.q, qkv.k, qkv.v, {}, {}, kq_scale, il);
        g.cb(cur, "attn_out", il);

        if (il == g.n_layer - 1 && in.out_ids.valid()) {
            cur = b.get_rows(cur, in.out_ids);
            inpSA = b.get_rows(inpSA, in.out_ids);
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
    g.build_output(inpL, llm_norm_type::rms);
}

} // namespace

const llm_architecture& llm_arch_llama() {
    static const llm_architecture a{"llama", llama_hparams_load, llama_tensors_load, llama_graph_build};
    return a;
}

} // namespace planscope
