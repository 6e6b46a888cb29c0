// LLM_ARCH_STARCODER of llama.cpp da46e59c (src/models/starcoder.cpp): GPT-2's tensors and graph
// (gpt2_like.h), multi-query attention in the files; llama_model_rope_type says NORM, though no
// rope is applied.
#include "gpt2_like.h"

namespace planscope {
namespace {

status starcoder_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto eps = keys.f32("attention.layer_norm_epsilon", std::nullopt);
    if (!eps) return eps.err();
    h.f_norm_eps = *eps;
    h.rope_type = llm_rope_type_norm;
    return check_llm_heads(h);
}

} // namespace

const llm_architecture& llm_arch_starcoder() {
    static const llm_architecture a{"starcoder", starcoder_hparams_load, gpt2_like_tensors_load,
                                    gpt2_like_graph_build};
    return a;
}

} // namespace planscope
