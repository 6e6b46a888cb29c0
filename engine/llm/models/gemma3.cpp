// LLM_ARCH_GEMMA3 of llama.cpp da46e59c (src/models/gemma3.cpp): with attention.sliding_window,
// five of every six layers slide (llama_kv_cache_iswa) with their own rope base
// (rope.freq_base_swa); Q/K RMSNorm, post norms, final logits soft-capped only when the file
// says so (gemma_common.h).
#include "gemma_common.h"
#include "llm/llm_kv_cache_iswa.h"

namespace planscope {
namespace {

constexpr gemma_options gemma3_options{
    .post_norms = true, .qk_norm = true, .output_tensor = true, .ffn_post_norm_il = true, .final_softcap = true};

status gemma3_hparams_load(const llm_key_reader& keys, llm_hparams& h) {
    auto n_swa = keys.u32("attention.sliding_window", 0u);
    if (!n_swa) return n_swa.err();
    h.n_swa = *n_swa;
    if (h.n_swa > 0) {
        h.swa_type = llm_swa_type::standard;
        if (auto s = llm_read_swa_pattern(keys, h, 6); !s) return s;
        if (auto s = llm_read_swa_rope(keys, h, false); !s) return s;
    } else {
        h.swa_type = llm_swa_type::none;
    }
    auto final_cap = keys.f32("final_logit_softcapping", 0.0f);
    if (!final_cap) return final_cap.err();
    h.f_final_logit_softcapping = *final_cap;
    if (auto s = gemma_hparams_check(keys, h); !s) return s;
    h.f_attention_scale = gemma_attention_scale(h, 62);
    return success();
}

status gemma3_tensors_load(llm_weight_loader& w, llm_model& m) { return gemma_tensors_load(w, m, gemma3_options); }

void gemma3_graph_build(llm_graph_context& g) { gemma_graph_build(g, gemma3_options); }

} // namespace

const llm_architecture& llm_arch_gemma3() {
    static const llm_architecture a{"gemma3", gemma3_hparams_load, gemma3_tensors_load, gemma3_graph_build};
    return a;
}

} // namespace planscope
