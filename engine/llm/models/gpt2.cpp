// LLM_ARCH_GPT2 of llama.cpp da46e59c (src/models/gpt2.cpp): learned position embeddings,
// LayerNorms with biases, fused QKV with its bias, a GELU FFN, every projection biased, the output
// tied to token_embd.weight when output.weight is absent. No rope.
#include "gpt2_like.h"

#include "llm/llm_biased_tensors.h"

namespace planscope {
namespace {

status gpt2_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_eps = *eps;
    h.rope_type = llm_rope_type_none;
    return check_llm_heads(h);
}

} // namespace

status gpt2_like_tensors_load(llm_weight_loader& w, llm_model& m) {
    const llm_hparams& h = m.hparams;
    const auto req = llm_tensor_flag::required;
    const std::int64_t n_embd = h.n_embd;

    m.tok_embd = w.create("token_embd.weight", {n_embd, h.n_vocab, 1, 1});
    m.pos_embd = w.create("position_embd.weight", {n_embd, h.n_ctx_train, 1, 1});
    llm_create_head(w, m, req, false);
    return llm_create_layers(w, m, [&](llm_layer& l, std::uint32_t i) { llm_create_gpt2_layer(w, l, h, i, req); });
}

void gpt2_like_graph_build(llm_graph_context& g) {
    tensor_id inpL = g.build_inp_embd(g.model.tok_embd);
    const tensor_id inp_pos = g.build_inp_pos();
    const llm_attn_input inp_attn = g.build_attn_inp_kv();
    inpL = g.build_pos_embd(inpL, inp_pos);
    const tensor_id inp_out_ids = g.build_inp_out_ids();
    inpL = g.build_gpt2_layers(inpL, inp_attn, inp_out_ids);
    g.build_output(inpL, llm_norm_type::norm);
}

const llm_architecture& llm_arch_gpt2() {
    static const llm_architecture a{"gpt2", gpt2_hparams_load, gpt2_like_tensors_load, gpt2_like_graph_build};
    return a;
}

} // namespace planscope
