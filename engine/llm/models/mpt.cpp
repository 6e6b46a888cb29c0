// LLM_ARCH_MPT of llama.cpp da46e59c (src/models/mpt.cpp): ALiBi (attention.max_alibi_bias, the
// soft_max / flash attention max_bias) instead of rope, optional learned positions, LayerNorms and
// projections whose biases are optional, QKV clamped when attention.clamp_kqv > 0, optional Q/K
// LayerNorms and AWQ activation scales; the layers are GPT-2's (llm_gpt2_layers.cpp).
#include "llm/llm_registry.h"
#include "llm/llm_biased_tensors.h"

namespace planscope {
namespace {

status mpt_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_eps = *eps;
    auto clamp = keys.f32("attention.clamp_kqv", 0.0f);
    if (!clamp) return clamp.err();
    h.f_clamp_kqv = *clamp;
    auto alibi = keys.f32("attention.max_alibi_bias", 0.0f);
    if (!alibi) return alibi.err();
    h.f_max_alibi_bias = *alibi;
    h.rope_type = llm_rope_type_none;
    return check_llm_heads(h);
}

status mpt_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    const auto opt = llm_tensor_flag::not_required;
    const std::int64_t n_embd = h.n_embd, n_ff = h.n_ff();

    m.tok_embd = w.create("token_embd.weight", {n_embd, h.n_vocab, 1, 1});
    m.pos_embd = w.create("position_embd.weight", {n_embd, h.n_ctx_train, 1, 1}, opt);
    llm_create_head(w, m, opt, false);
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) {
        llm_create_gpt2_layer(w, l, h, i, opt);
        llm_create_norm(w, l.attn_q_norm, l.attn_q_norm_b, llm_tn(i, "attn_q_norm"), n_embd, opt, opt);
        llm_create_norm(w, l.attn_k_norm, l.attn_k_norm_b, llm_tn(i, "attn_k_norm"), n_embd, opt, opt);
        l.ffn_act = w.create(llm_tn(i, "ffn.act.scales"), {n_ff, 1, 1, 1}, opt);
    });
}

void mpt_graph_build(llm_graph_context& g) {
    tensor_id inpL = g.build_inp_embd(g.model.tok_embd);
    const llm_attn_input inp_attn = g.build_attn_inp_kv();
    if (g.model.pos_embd.valid()) inpL = g.build_pos_embd(inpL, g.build_inp_pos());
    const tensor_id inp_out_ids = g.build_inp_out_ids();
    inpL = g.build_gpt2_layers(inpL, inp_attn, inp_out_ids);
    g.build_output(inpL, llm_norm_type::norm);
}

} // namespace

const llm_architecture& llm_arch_mpt() {
    static const llm_architecture a{"mpt", mpt_hparams_load, mpt_tensors_load, mpt_graph_build};
    return a;
}

} // namespace planscope
