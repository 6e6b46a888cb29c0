// LLM_ARCH_OPENAI_MOE of llama.cpp da46e59c (src/models/openai-moe.cpp, "gpt-oss"): every other
// layer a sliding window (llama_kv_cache_iswa), YaRN RoPE, attention sinks and biases, a post-
// attention RMSNorm before the experts, which have biases, softmax over the chosen experts'
// logits and SWIGLU_OAI.
#include "llm/llm_arch_tensors.h"
#include "llm/llm_kv_cache_iswa.h"
#include "llm/llm_registry.h"

#include <cmath>

namespace planscope {
namespace {

status gpt_oss_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    auto ff_exp = keys.u32("expert_feed_forward_length", std::nullopt);
    if (!ff_exp) return ff_exp.err();
    h.n_ff_exp = *ff_exp;
    auto n_swa = keys.u32("attention.sliding_window", std::nullopt);
    if (!n_swa) return n_swa.err();
    h.n_swa = *n_swa;
    h.swa_type = llm_swa_type::standard;
    if (auto s = llm_read_swa_pattern(keys, h, 2); !s) return s;
    if (auto s = llm_read_swa_rope(keys, h, true); !s) return s;
    h.rope_type = llm_rope_type_neox;
    if (h.n_expert == 0) return error{"invalid key " + keys.key("expert_count") + ": gpt-oss needs experts"};
    return check_llm_heads(h);
}

status gpt_oss_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    const std::int64_t n_embd = h.n_embd, n_rot = h.n_rot, n_expert = h.n_expert, n_ff_exp = h.n_ff_exp;
    llm_create_output(w, m, true);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        llm_layer& l = m.layers[i];
        const std::int64_t n_q = std::int64_t{h.n_head(i)} * n_rot, n_kv = std::int64_t{h.n_head_kv(i)} * n_rot;
        const auto t = [&](std::string_view what, llm_weight_loader::shape ne) { return w.create(llm_tn(i, what), ne); };
        l.attn_norm = t("attn_norm.weight", {n_embd, 1, 1, 1});
        l.attn_post_norm = t("post_attention_norm.weight", {n_embd, 1, 1, 1});
        llm_create_qkv(w, l, i, n_embd, n_q, n_kv, n_kv);
        l.wo = t("attn_output.weight", {n_q, n_embd, 1, 1});
        l.attn_sinks = t("attn_sinks.weight", {h.n_head(i), 1, 1, 1});
        l.ffn_gate_inp = t("ffn_gate_inp.weight", {n_embd, n_expert, 1, 1});
        l.ffn_gate_exps = t("ffn_gate_exps.weight", {n_embd, n_ff_exp, n_expert, 1});
        l.ffn_down_exps = t("ffn_down_exps.weight", {n_ff_exp, n_embd, n_expert, 1});
        l.ffn_up_exps = t("ffn_up_exps.weight", {n_embd, n_ff_exp, n_expert, 1});
        l.wo_b = t("attn_output.bias", {n_embd, 1, 1, 1});
        l.ffn_gate_inp_b = t("ffn_gate_inp.bias", {n_expert, 1, 1, 1});
        l.ffn_gate_exps_b = t("ffn_gate_exps.bias", {n_ff_exp, n_expert, 1, 1});
        l.ffn_down_exps_b = t("ffn_down_exps.bias", {n_embd, n_expert, 1, 1});
        l.ffn_up_exps_b = t("ffn_up_exps.bias", {n_ff_exp, n_expert, 1, 1});
    }
    return w.finish();
}

void gpt_oss_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    const llm_hparams& h = g.hparams;
    builder& b = g.b;
    const int n_rot = static_cast<int>(g.n_rot);

    tensor_id inpL = g.build_inp_embd(model.tok_embd);
    const tensor_id inp_pos = g.build_inp_pos();
    const llm_attn_input_iswa inp_attn = g.build_attn_inp_kv_iswa();
    const tensor_id inp_out_ids = g.build_inp_out_ids();
    const float kq_scale = 1.0f / std::sqrt(static_cast<float>(n_rot));

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        const float base = g.rope_freq_base_l(il), scale = g.rope_freq_scale_l(il);
        tensor_id inpSA = inpL;
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, llm_norm_type::rms, il), "attn_norm", il);

        auto [q, k, v] = g.build_qkv(layer, cur, n_rot, g.n_head, g.n_head_kv, il);
        q = g.rope_ext(q, inp_pos, {}, n_rot, g.rope_type, base, scale);
        k = g.rope_ext(k, inp_pos, {}, n_rot, g.rope_type, base, scale);
        g.cb(q, "Qcur", il);
        g.cb(k, "Kcur", il);
        g.cb(v, "Vcur", il);
        cur = g.build_attn(inp_attn, layer.wo, layer.wo_b, q, k, v, {}, layer.attn_sinks, kq_scale, il);
        g.cb(cur, "attn_out", il);

        if (il == g.n_layer - 1) { // skip the tokens that are not output
            cur = b.get_rows(cur, inp_out_ids);
            inpSA = b.get_rows(inpSA, inp_out_ids);
        }
        const tensor_id ffn_inp = g.cb(b.add(cur, inpSA), "ffn_inp", il);
        cur = g.cb(g.build_norm(ffn_inp, layer.attn_post_norm, {}, llm_norm_type::rms, il), "attn_post_norm", il);
        cur = g.build_moe_ffn(cur, layer.ffn_gate_inp, layer.ffn_up_exps, layer.ffn_gate_exps, layer.ffn_down_exps, {},
                              g.n_expert, g.n_expert_used, llm_ffn_op::swiglu_oai_moe, false, h.expert_weights_scale,
                              llm_gating_func::softmax_weight, il,
                              {layer.ffn_gate_inp_b, layer.ffn_up_exps_b, layer.ffn_gate_exps_b, layer.ffn_down_exps_b});
        g.cb(cur, "ffn_moe_out", il);
        cur = b.add(cur, ffn_inp);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }
    g.build_output(inpL, llm_norm_type::rms);
}

} // namespace

const llm_architecture& llm_arch_gpt_oss() {
    static const llm_architecture a{"gpt-oss", gpt_oss_hparams_load, gpt_oss_tensors_load, gpt_oss_graph_build};
    return a;
}

} // namespace planscope
