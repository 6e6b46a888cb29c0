// LLM_ARCH_GEMMA2 of llama.cpp da46e59c (src/models/gemma2.cpp): every other layer a sliding
// window of attention.sliding_window (4096 by default) over llama_kv_cache_iswa, attention and
// final logits soft-capped, post-attention and post-FFN norms (gemma_common.h).
#include "gemma_common.h"
#include "llm/llm_kv_cache_iswa.h"

namespace planscope {
namespace {

constexpr gemma_options gemma2_options{.post_norms = true, .final_softcap = true};

status gemma2_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    h.swa_type = llm_swa_type::standard;
    if (auto s = llm_read_swa_pattern(keys, h, 2); !s) return s;
    h.attn_soft_cap = true;
    if (auto s = llm_read_swa_rope(keys, h, true); !s) return s;
    auto n_swa = keys.u32("attention.sliding_window", 4096u);
    if (!n_swa) return n_swa.err();
    h.n_swa = *n_swa;
    if (auto s = gemma_hparams_check(keys, h); !s) return s;
    auto attn_cap = keys.f32("attn_logit_softcapping", h.f_attn_logit_softcapping);
    if (!attn_cap) return attn_cap.err();
    h.f_attn_logit_softcapping = *attn_cap;
    auto final_cap = keys.f32("final_logit_softcapping", h.f_final_logit_softcapping);
    if (!final_cap) return final_cap.err();
    h.f_final_logit_softcapping = *final_cap;
    h.f_attention_scale = gemma_attention_scale(h, 46);
    return success();
}

status gemma2_tensors_load(llm_weight_loader& w, llm_model& m) { return gemma_tensors_load(w, m, gemma2_options); }

void gemma2_graph_build(llm_graph_context& g) { gemma_graph_build(g, gemma2_options); }

} // namespace

const llm_architecture& llm_arch_gemma2() {
    static const llm_architecture a{"gemma2", gemma2_hparams_load, gemma2_tensors_load, gemma2_graph_build};
    return a;
}

} // namespace planscope
