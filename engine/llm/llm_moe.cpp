// llm_graph_context::build_moe_ffn (llama-graph.cpp) for the common path: the router logits,
// the gating (softmax, sigmoid or softmax over the chosen weights), the top n_expert_used experts
// (argsort_top_k), their weights normalised (clamped sum) and scaled, each expert's FFN through
// MUL_MAT_ID with separate up/gate/down experts, the weighted results summed as views; DeepSeek's
// expert groups; gpt-oss' router and expert biases (ADD_ID) and SWIGLU_OAI. Not modelled (no
// Planscope architecture needs them yet): fused gate_up experts, Llama 4's weights before the
// FFN, the SwiGLU clamp, given probabilities.
#include "llm_graph_context.h"

#include <cmath>
#include <limits>

namespace planscope {
namespace {

// DeepSeek-V3's group-limited routing: each group scored by its top two experts, the best
// n_group_used groups kept, the other experts' selection scores set to -inf.
tensor_id moe_select_groups(llm_graph_context& g, tensor_id selection, std::int64_t n_expert, std::int64_t tokens,
                            int il) {
    builder& b = g.b;
    const std::int64_t n_groups = g.hparams.n_expert_groups, per_group = n_expert / n_groups;
    const tensor_id groups = b.reshape_3d(selection, per_group, n_groups, tokens); // [per_group, n_groups, tokens]
    tensor_id scores = b.argsort_top_k(groups, 2);                                // [2, n_groups, tokens]
    scores = b.get_rows(b.reshape_4d(groups, 1, per_group, n_groups, tokens), scores); // [1, 2, n_groups, tokens]
    scores = b.sum_rows(b.reshape_3d(scores, 2, n_groups, tokens));                // [1, n_groups, tokens]
    scores = b.reshape_2d(scores, n_groups, tokens);
    const tensor_id chosen = g.cb(b.argsort_top_k(scores, g.hparams.n_group_used), "ffn_moe_group_topk", il);
    tensor_id masked = b.get_rows(groups, chosen); // [per_group, n_group_used, tokens]
    masked = b.set_rows(b.fill(groups, -std::numeric_limits<float>::infinity()), masked, chosen);
    return g.cb(b.reshape_2d(masked, n_expert, tokens), "ffn_moe_probs_masked", il);
}

} // namespace


tensor_id llm_graph_context::build_moe_ffn(tensor_id cur, tensor_id gate_inp, tensor_id up_exps, tensor_id gate_exps,
                                           tensor_id down_exps, tensor_id exp_probs_b, std::int64_t n_expert_,
                                           std::int64_t n_expert_used_, llm_ffn_op type_op, bool norm_w, float w_scale,
                                           llm_gating_func gating_op, int il, const llm_moe_biases& biases) {
    if (!cur.valid()) return {};
    const std::int64_t embd = b.ctx()[cur].ne[0], tokens = b.ctx()[cur].ne[1];

    tensor_id logits = cb(mm(gate_inp, cur), "ffn_moe_logits", il); // [n_expert, n_tokens]
    if (biases.gate_inp.valid()) logits = cb(b.add(logits, biases.gate_inp), "ffn_moe_logits_biased", il);
    tensor_id probs = logits;
    if (gating_op == llm_gating_func::softmax) probs = b.soft_max(logits);
    else if (gating_op == llm_gating_func::sigmoid) probs = b.sigmoid(logits);
    cb(probs, "ffn_moe_probs", il);

    tensor_id selection = probs;
    if (exp_probs_b.valid()) selection = cb(b.add(probs, exp_probs_b), "ffn_moe_probs_biased", il);
    if (hparams.n_expert_groups > 1 && tokens > 0) selection = moe_select_groups(*this, selection, n_expert_, tokens, il);
    const tensor_id selected = b.argsort_top_k(selection, n_expert_used_); // [n_expert_used, n_tokens]
    if (selected.valid()) cb(b.ctx()[selected].src[0], "ffn_moe_argsort", il);
    cb(selected, "ffn_moe_topk", il);

    probs = b.reshape_3d(probs, 1, n_expert_, tokens);
    tensor_id weights = cb(b.get_rows(probs, selected), "ffn_moe_weights", il); // [1, n_expert_used, n_tokens]
    if (gating_op == llm_gating_func::softmax_weight) {
        weights = b.soft_max(b.reshape_2d(weights, n_expert_used_, tokens));
        weights = cb(b.reshape_3d(weights, 1, n_expert_used_, tokens), "ffn_moe_weights_softmax", il);
    }
    if (norm_w) {
        weights = b.reshape_2d(weights, n_expert_used_, tokens);
        tensor_id sum = cb(b.sum_rows(weights), "ffn_moe_weights_sum", il);
        sum = cb(b.clamp(sum, 6.103515625e-5f, std::numeric_limits<float>::infinity()), "ffn_moe_weights_sum_clamped", il);
        weights = cb(b.div(weights, sum), "ffn_moe_weights_norm", il);
        weights = b.reshape_3d(weights, 1, n_expert_used_, tokens);
    }
    if (w_scale != 0.0f && w_scale != 1.0f) weights = cb(b.scale_by(weights, w_scale), "ffn_moe_weights_scaled", il);
    expand(weights);

    cur = b.reshape_3d(cur, embd, 1, tokens);
    tensor_id up = cb(b.mul_mat_id(up_exps, cur, selected), "ffn_moe_up", il); // [n_ff, n_expert_used, n_tokens]
    if (biases.up_exps.valid()) up = cb(b.add_id(up, biases.up_exps, selected), "ffn_moe_up_biased", il);
    cur = gate_exps.valid() ? cb(b.mul_mat_id(gate_exps, cur, selected), "ffn_moe_gate", il) : up;
    if (biases.gate_exps.valid()) cur = cb(b.add_id(cur, biases.gate_exps, selected), "ffn_moe_gate_biased", il);
    const bool has_gate = gate_exps.valid();
    switch (type_op) {
    case llm_ffn_op::silu:
        cur = has_gate ? cb(b.glu_split(cur, up, glu_kind::swiglu), "ffn_moe_swiglu", il) : cb(b.silu(cur), "ffn_moe_silu", il);
        break;
    case llm_ffn_op::gelu:
        cur = has_gate ? cb(b.glu_split(cur, up, glu_kind::geglu), "ffn_moe_geglu", il) : cb(b.gelu(cur), "ffn_moe_gelu", il);
        break;
    case llm_ffn_op::relu:
        cur = has_gate ? cb(b.glu_split(cur, up, glu_kind::reglu), "ffn_moe_reglu", il) : cb(b.relu(cur), "ffn_moe_relu", il);
        break;
    case llm_ffn_op::swiglu_oai_moe: // gpt-oss' alpha and limit (constants in llama.cpp too)
        cur = cb(b.swiglu_oai(cur, up, 1.702f, 7.0f), "ffn_moe_swiglu_oai", il);
        break;
    default: fail("layer " + std::to_string(il) + ": this expert activation is not modelled"); return {};
    }

    tensor_id experts = cb(b.mul_mat_id(down_exps, cur, selected), "ffn_moe_down", il); // [n_embd, n_expert_used, n_tokens]
    if (biases.down_exps.valid())
        experts = cb(b.add_id(experts, biases.down_exps, selected), "ffn_moe_down_biased", il);
    experts = cb(b.mul(experts, weights), "ffn_moe_weighted", il);
    expand(experts);
    if (!experts.valid()) return {};

    // One view per chosen expert, all added to the graph before the sums (in order).
    const tensor e = b.ctx()[experts];
    std::vector<tensor_id> views;
    for (std::int64_t i = 0; i < hparams.n_expert_used; ++i) {
        views.push_back(b.view_2d(experts, embd, tokens, e.nb[2], static_cast<std::size_t>(i) * e.nb[1]));
        expand(views.back());
    }
    tensor_id moe_out = views.empty() ? tensor_id{} : views[0];
    for (std::size_t i = 1; i < views.size(); ++i) {
        moe_out = b.add(moe_out, views[i]);
        expand(moe_out);
    }
    if (hparams.n_expert_used == 1) moe_out = b.cont(moe_out);
    return cb(moe_out, "ffn_moe_out", il);
}

} // namespace planscope
