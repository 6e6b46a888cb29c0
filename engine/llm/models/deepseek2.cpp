// LLM_ARCH_DEEPSEEK2 of llama.cpp da46e59c (src/models/deepseek2.cpp): DeepSeek-V2/V2.5/V3/R1 and
// their kin. Multi-head latent attention: a low-rank Q (q_a, its norm, q_b; one projection for
// the lite variants), K and V compressed into one latent of kv_lora_rank plus a rotated part
// shared by every head. With attn_k_b / attn_v_b (key_length_mla set) the absorbed form caches the
// latent only and attends as MQA, decompressing per head afterwards; with the legacy attn_kv_b it
// decompresses first and attends as MHA. Leading dense layers, then experts with shared experts,
// an optional selection bias (exp_probs_b) and softmax or sigmoid gating; YaRN's attention factor
// folded into the KQ scale.
#include "llm/llm_arch_tensors.h"
#include "llm/llm_registry.h"

#include <cmath>

namespace planscope {
namespace {

status ds2_read_u32(const llm_key_reader& keys, std::string_view name, std::optional<std::uint32_t> fallback,
                    std::uint32_t& out) {
    auto v = keys.u32(name, fallback);
    if (!v) return v.err();
    out = *v;
    return success();
}

status deepseek2_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto n_vocab = keys.u32("vocab_size", h.n_vocab);
    if (!n_vocab) return n_vocab.err();
    // DeepSeek-V2-Lite, GigaChat3-10B-A1.8B, Kanana-2-30B-A3B have no low-rank Q.
    const bool is_lite = h.n_layer == 27 || h.n_layer == 26 || (h.n_layer == 48 && *n_vocab == 128256);

    auto eps = keys.f32("attention.layer_norm_rms_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_rms_eps = *eps;
    const std::pair<std::string_view, std::uint32_t*> groups[] = {{"expert_group_count", &h.n_expert_groups},
                                                                  {"expert_group_used_count", &h.n_group_used},
                                                                  {"leading_dense_block_count", &h.n_layer_dense_lead}};
    for (const auto& [name, field] : groups)
        if (auto s = ds2_read_u32(keys, name, 0u, *field); !s) return s;
    if (!is_lite)
        if (auto s = ds2_read_u32(keys, "attention.q_lora_rank", std::nullopt, h.n_lora_q); !s) return s;
    if (auto s = ds2_read_u32(keys, "attention.kv_lora_rank", std::nullopt, h.n_lora_kv); !s) return s;
    if (auto s = ds2_read_u32(keys, "attention.key_length_mla", 0u, h.n_embd_head_k_mla_impl); !s) return s;
    if (auto s = ds2_read_u32(keys, "attention.value_length_mla", 0u, h.n_embd_head_v_mla_impl); !s) return s;
    if (auto s = ds2_read_u32(keys, "expert_feed_forward_length", std::nullopt, h.n_ff_exp); !s) return s;
    if (auto s = ds2_read_u32(keys, "expert_shared_count", std::nullopt, h.n_expert_shared); !s) return s;
    auto scale = keys.f32("expert_weights_scale", 0.0f);
    if (!scale) return scale.err();
    h.expert_weights_scale = *scale;
    auto norm = keys.boolean("expert_weights_norm", false);
    if (!norm) return norm.err();
    h.expert_weights_norm = *norm;
    if (auto s = ds2_read_u32(keys, "expert_gating_func", 0u, h.expert_gating_func); !s) return s;
    if (h.expert_gating_func == 0) // older DeepSeek V2/V2.5 files; GLM 4.7 Lite is sigmoid
        h.expert_gating_func = (h.n_layer == 47 || h.n_layer == 48) && *n_vocab == 154880 ? 2 : 1;
    // [TAG_DEEPSEEK2_YARN_LOG_MUL_FIX]: the convert script's factor 0.1 cancelled.
    auto log_mul = keys.f32("rope.scaling.yarn_log_multiplier", 0.0f);
    if (!log_mul) return log_mul.err();
    h.rope_yarn_log_mul = *log_mul / 0.1f;
    auto temp = keys.f32("attention.temperature_scale", 0.0f);
    if (!temp) return temp.err();
    h.f_attn_temp_scale = *temp;
    h.rope_type = llm_rope_type_norm;

    if (h.n_head() == 0) return error{"invalid key " + keys.key("attention.head_count") + ": deepseek2 needs heads"};
    if (h.f_attn_temp_scale != 0.0f)
        return error{"invalid key " + keys.key("attention.temperature_scale") + ": temperature tuning is not modelled"};
    if ((h.n_embd_head_k_mla_impl == 0) != (h.n_embd_head_v_mla_impl == 0))
        return error{"deepseek2 needs both " + keys.key("attention.key_length_mla") + " and value_length_mla, or neither"};
    if (h.n_embd_head_k_mla() <= h.n_rot)
        return error{"deepseek2: the head (" + std::to_string(h.n_embd_head_k_mla()) +
                     ") must be wider than its rotated part (" + std::to_string(h.n_rot) + ")"};
    if (h.expert_gating_func > 3)
        return error{"invalid key " + keys.key("expert_gating_func") + ": gating " +
                     std::to_string(h.expert_gating_func) + " is not modelled"};
    if (h.n_expert_groups > 1) {
        if (h.n_expert_groups >= h.n_expert || h.n_expert % h.n_expert_groups != 0 || h.n_group_used == 0 ||
            h.n_group_used >= h.n_expert_groups)
            return error{"invalid key " + keys.key("expert_group_count") + ": " + std::to_string(h.n_expert_groups) +
                         " groups, " + std::to_string(h.n_group_used) + " used, of " + std::to_string(h.n_expert) +
                         " experts"};
    }
    return success();
}

// One layer's MLA weights.
void ds2_attention_tensors(llm_weight_loader& w, llm_layer& l, const llm_hparams& h, std::uint32_t i) {
    const std::int64_t n_embd = h.n_embd, n_head = h.n_head(i), head_k = h.n_embd_head_k_mla(),
                       head_v = h.n_embd_head_v_mla(), rope = h.n_rot, nope = head_k - rope, q_lora = h.n_lora_q,
                       kv_lora = h.n_lora_kv;
    l.attn_norm = w.create(llm_tn(i, "attn_norm.weight"), {n_embd, 1, 1, 1});
    if (q_lora > 0) l.attn_q_a_norm = w.create(llm_tn(i, "attn_q_a_norm.weight"), {q_lora, 1, 1, 1});
    l.attn_kv_a_norm = w.create(llm_tn(i, "attn_kv_a_norm.weight"), {kv_lora, 1, 1, 1});
    if (q_lora > 0) {
        l.attn_q_a = w.create(llm_tn(i, "attn_q_a.weight"), {n_embd, q_lora, 1, 1});
        l.attn_q_b = w.create(llm_tn(i, "attn_q_b.weight"), {q_lora, n_head * head_k, 1, 1});
    } else {
        l.wq = w.create(llm_tn(i, "attn_q.weight"), {n_embd, n_head * head_k, 1, 1});
    }
    l.attn_kv_a_mqa = w.create(llm_tn(i, "attn_kv_a_mqa.weight"), {n_embd, kv_lora + rope, 1, 1});
    if (h.is_mla()) {
        l.attn_k_b = w.create(llm_tn(i, "attn_k_b.weight"), {nope, kv_lora, n_head, 1});
        l.attn_v_b = w.create(llm_tn(i, "attn_v_b.weight"), {kv_lora, head_v, n_head, 1});
    } else {
        l.attn_kv_b = w.create(llm_tn(i, "attn_kv_b.weight"), {kv_lora, n_head * (nope + head_v), 1, 1});
    }
    l.wo = w.create(llm_tn(i, "attn_output.weight"), {n_head * head_v, n_embd, 1, 1});
}

status deepseek2_tensors_load(llm_weight_loader& w, llm_model& m) {
    using f = llm_tensor_flag;
    const llm_hparams& h = m.hparams;
    const std::int64_t n_embd = h.n_embd, n_expert = h.n_expert, n_ff_exp = h.n_ff_exp;
    llm_create_output(w, m, false);
    llm_tie_output(w, m);
    m.layers.resize(h.n_layer);
    for (std::uint32_t i = 0; i < h.n_layer && w.ok(); ++i) {
        llm_layer& l = m.layers[i];
        ds2_attention_tensors(w, l, h, i);
        l.ffn_norm = w.create(llm_tn(i, "ffn_norm.weight"), {n_embd, 1, 1, 1});
        if (i < h.n_layer_dense_lead) {
            llm_create_gated_ffn(w, l, i, n_embd, h.n_ff()); // LLAMA_LOAD_LOCALS: layer 0's n_ff
            continue;
        }
        l.ffn_gate_inp = w.create(llm_tn(i, "ffn_gate_inp.weight"), {n_embd, n_expert, 1, 1});
        l.ffn_exp_probs_b = w.create(llm_tn(i, "exp_probs_b.bias"), {n_expert, 1, 1, 1}, f::not_required);
        if (h.n_expert == 0) return error{"n_expert must be > 0"};
        if (h.n_expert_used == 0) return error{"n_expert_used must be > 0"};
        l.ffn_down_exps = w.create(llm_tn(i, "ffn_down_exps.weight"), {n_ff_exp, n_embd, n_expert, 1});
        if (w.create(llm_tn(i, "ffn_gate_up_exps.weight"), {n_embd, n_ff_exp * 2, n_expert, 1}, f::not_required).valid())
            return error{"layer " + std::to_string(i) + ": fused ffn_gate_up_exps experts are not modelled"};
        l.ffn_gate_exps = w.create(llm_tn(i, "ffn_gate_exps.weight"), {n_embd, n_ff_exp, n_expert, 1});
        l.ffn_up_exps = w.create(llm_tn(i, "ffn_up_exps.weight"), {n_embd, n_ff_exp, n_expert, 1});
        const std::int64_t n_ff_shexp = n_ff_exp * h.n_expert_shared;
        l.ffn_gate_shexp = w.create(llm_tn(i, "ffn_gate_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
        l.ffn_down_shexp = w.create(llm_tn(i, "ffn_down_shexp.weight"), {n_ff_shexp, n_embd, 1, 1});
        l.ffn_up_shexp = w.create(llm_tn(i, "ffn_up_shexp.weight"), {n_embd, n_ff_shexp, 1, 1});
    }
    return w.finish();
}

struct ds2_dims {
    std::int64_t head_k, head_v, rope, nope, kv_lora;
};

// Layer il's attention: Q, the compressed KV, RoPE on their rotated parts, then the absorbed
// (MQA over the latent) or the decompressed (MHA) attention.
tensor_id ds2_attention(llm_graph_context& g, const llm_layer& layer, const llm_attn_input& inp, tensor_id cur,
                        tensor_id inp_pos, const ds2_dims& d, float kq_scale, int il) {
    builder& b = g.b;
    const std::int64_t n_head = g.n_head, n_tokens = g.n_tokens;
    tensor_id q;
    if (!layer.wq.valid()) {
        q = g.cb(g.mm(layer.attn_q_a, cur), "q", il);
        q = g.cb(g.build_norm(q, layer.attn_q_a_norm, {}, llm_norm_type::rms, il), "q", il);
        q = g.cb(g.mm(layer.attn_q_b, q), "q", il);
    } else {
        q = g.cb(g.mm(layer.wq, cur), "q", il);
    }
    const tensor_id kv_cmpr_pe = g.cb(g.mm(layer.attn_kv_a_mqa, cur), "kv_cmpr_pe", il);
    if (!q.valid() || !kv_cmpr_pe.valid()) return {};
    const dtype qt = b.ctx()[q].type, kt = b.ctx()[kv_cmpr_pe].type;
    const std::size_t q_row = row_size(qt, d.head_k), kv_row = row_size(kt, d.kv_lora + d.rope);

    tensor_id q_nope = g.cb(b.view_3d(q, d.nope, n_head, n_tokens, q_row, q_row * n_head, 0), "q_nope", il);
    tensor_id q_pe = g.cb(b.view_3d(q, d.rope, n_head, n_tokens, q_row, q_row * n_head, row_size(qt, d.nope)), "q_pe", il);
    tensor_id kv_cmpr = g.cb(b.view_2d(kv_cmpr_pe, d.kv_lora, n_tokens, kv_row, 0), "kv_cmpr", il);
    tensor_id k_pe = g.cb(b.view_3d(kv_cmpr_pe, d.rope, 1, n_tokens, kv_row, kv_row, row_size(kt, d.kv_lora)), "k_pe", il);
    q_pe = g.cb(g.rope_ext(q_pe, inp_pos, {}, static_cast<int>(g.n_rot), g.rope_type), "q_pe", il);
    k_pe = g.cb(g.rope_ext(k_pe, inp_pos, {}, static_cast<int>(g.n_rot), g.rope_type), "k_pe", il);
    kv_cmpr = g.cb(g.build_norm(kv_cmpr, layer.attn_kv_a_norm, {}, llm_norm_type::rms, il), "kv_cmpr", il);

    if (g.hparams.is_mla()) {
        q_nope = g.cb(b.permute(q_nope, 0, 2, 1, 3), "q_nope_perm", il);
        tensor_id absorbed = g.cb(g.mm(layer.attn_k_b, q_nope), "q_nope_absorbed", il);
        absorbed = g.cb(b.permute(absorbed, 0, 2, 1, 3), "q_nope_absorbed_perm", il);
        // RoPE last: the cache's context shift rotates in place.
        const tensor_id q_cur = g.cb(b.concat(absorbed, q_pe, 0), "Qcur", il);
        kv_cmpr = g.cb(b.reshape_3d(kv_cmpr, d.kv_lora, 1, n_tokens), "kv_cmpr_reshape", il);
        const tensor_id k_cur = g.cb(b.concat(kv_cmpr, k_pe, 0), "Kcur", il);
        const tensor_id v_cur = g.cb(kv_cmpr, "Vcur", il);
        return g.build_attn_k(inp, layer.wo, {}, q_cur, k_cur, v_cur, layer.attn_v_b, kq_scale, il);
    }
    const tensor_id kv = g.cb(g.mm(layer.attn_kv_b, kv_cmpr), "kv", il);
    if (!kv.valid()) return {};
    const dtype vt = b.ctx()[kv].type;
    const std::size_t kv_b_row = row_size(vt, d.nope + d.head_v);
    const tensor_id k_nope = g.cb(b.view_3d(kv, d.nope, n_head, n_tokens, kv_b_row, kv_b_row * n_head, 0), "k_nope_view", il);
    tensor_id v_cur = g.cb(b.view_3d(kv, d.head_v, n_head, n_tokens, kv_b_row, kv_b_row * n_head, row_size(vt, d.nope)),
                           "Vcur_view", il);
    v_cur = g.cb(b.cont(v_cur), "Vcur_cont", il);
    const tensor_id q_cur = g.cb(b.concat(q_nope, q_pe, 0), "Qcur", il);
    const tensor_id k_cur = g.cb(b.concat(k_nope, b.repeat_to(k_pe, q_pe), 0), "Kcur", il);
    return g.build_attn(inp, layer.wo, {}, q_cur, k_cur, v_cur, {}, {}, kq_scale, il);
}

llm_gating_func ds2_gating(std::uint32_t f) {
    return f == 2 ? llm_gating_func::sigmoid : f == 3 ? llm_gating_func::softmax_weight : llm_gating_func::softmax;
}

void deepseek2_graph_build(llm_graph_context& g) {
    const llm_model& model = g.model;
    const llm_hparams& h = g.hparams;
    builder& b = g.b;
    ds2_dims d{};
    d.head_k = h.n_embd_head_k_mla();
    d.head_v = h.n_embd_head_v_mla();
    d.rope = h.n_rot;
    d.nope = d.head_k - d.rope;
    d.kv_lora = h.n_lora_kv;
    if (g.ext_factor < 0.0f) {
        g.fail("deepseek2 needs yarn_ext_factor >= 0");
        return;
    }
    // YaRN (discussions/7416, pull/17945): undo llama_context's attention factor adjustment, then
    // pre-scale the KQ scale by the squared mscale.
    const float attn_factor_org = g.attn_factor * (1.0f + 0.1f * std::log(1.0f / g.freq_scale));
    const float mscale = attn_factor_org * (1.0f + 0.1f * h.rope_yarn_log_mul * std::log(1.0f / g.freq_scale));
    const float kq_scale = mscale * mscale / std::sqrt(static_cast<float>(d.head_k));

    tensor_id inpL = g.build_inp_embd(model.tok_embd);
    const tensor_id inp_pos = g.build_inp_pos();
    const llm_attn_input inp_attn = h.is_mla() ? g.build_attn_inp_k() : g.build_attn_inp_kv();
    const tensor_id inp_out_ids = g.build_inp_out_ids();

    for (int il = 0; il < static_cast<int>(g.n_layer); ++il) {
        const llm_layer& layer = model.layers[static_cast<std::size_t>(il)];
        tensor_id inpSA = inpL;
        tensor_id cur = g.cb(g.build_norm(inpL, layer.attn_norm, {}, llm_norm_type::rms, il), "attn_norm", il);
        cur = ds2_attention(g, layer, inp_attn, cur, inp_pos, d, kq_scale, il);

        if (il == g.n_layer - 1 && inp_out_ids.valid()) {
            cur = b.get_rows(cur, inp_out_ids);
            inpSA = b.get_rows(inpSA, inp_out_ids);
        }
        const tensor_id ffn_inp = g.cb(b.add(cur, inpSA), "ffn_inp", il);
        cur = g.cb(g.build_norm(ffn_inp, layer.ffn_norm, {}, llm_norm_type::rms, il), "ffn_norm", il);

        if (static_cast<std::uint32_t>(il) < h.n_layer_dense_lead) {
            cur = g.build_ffn(cur, layer.ffn_up, {}, layer.ffn_gate, {}, layer.ffn_down, {}, {}, llm_ffn_op::silu,
                              llm_ffn_gate::par, il);
            g.cb(cur, "ffn_out", il);
        } else {
            const tensor_id moe = g.build_moe_ffn(cur, layer.ffn_gate_inp, layer.ffn_up_exps, layer.ffn_gate_exps,
                                                  layer.ffn_down_exps, layer.ffn_exp_probs_b, g.n_expert,
                                                  g.n_expert_used, llm_ffn_op::silu, h.expert_weights_norm,
                                                  h.expert_weights_scale, ds2_gating(h.expert_gating_func), il);
            g.cb(moe, "ffn_moe_out", il);
            const tensor_id shexp = g.build_ffn(cur, layer.ffn_up_shexp, {}, layer.ffn_gate_shexp, {},
                                                layer.ffn_down_shexp, {}, {}, llm_ffn_op::silu, llm_ffn_gate::par, il);
            g.cb(shexp, "ffn_shexp", il);
            cur = g.cb(b.add(moe, shexp), "ffn_out", il);
        }
        cur = b.add(cur, ffn_inp);
        inpL = g.cb(cur, "l_out", il); // build_cvec: no control vector
    }

    g.build_output(inpL, llm_norm_type::rms);
}

} // namespace

const llm_architecture& llm_arch_deepseek2() {
    static const llm_architecture a{"deepseek2", deepseek2_hparams_load, deepseek2_tensors_load, deepseek2_graph_build};
    return a;
}

} // namespace planscope
