// Attention over llama_kv_cache_iswa (llama-graph.cpp: build_attn_inp_kv_iswa and the build_attn
// of llm_graph_input_attn_kv_iswa) and the per-layer rope of llama_model::get_rope_freq_base /
// get_rope_freq_scale: SWA layers use the cache, the mask and the rope base of the window.
#include "llm_graph_context.h"

namespace planscope {

llm_attn_input_iswa llm_graph_context::build_attn_inp_kv_iswa() {
    llm_attn_input_iswa inp;
    if (!kv_swa) {
        fail("build_attn_inp_kv_iswa: the model has no sliding-window cache");
        return inp;
    }
    // Each cache's indices and mask, then the rotations of both.
    inp.base.k_idxs = input(kv.build_input_k_idxs(b, n_tokens), llm_input_role::k_idxs);
    inp.base.v_idxs = input(kv.build_input_v_idxs(b, n_tokens), llm_input_role::v_idxs);
    inp.base.kq_mask = build_attn_inp_kq_mask(&kv, llm_input_role::kq_mask);
    inp.swa.k_idxs = input(kv_swa->build_input_k_idxs(b, n_tokens), llm_input_role::k_idxs_swa);
    inp.swa.v_idxs = input(kv_swa->build_input_v_idxs(b, n_tokens), llm_input_role::v_idxs_swa);
    inp.swa.kq_mask = build_attn_inp_kq_mask(kv_swa, llm_input_role::kq_mask_swa);
    for (const auto& [cache, slot] : {std::pair{&kv, &inp.base}, std::pair{kv_swa, &inp.swa}}) {
        if (const tensor_id t = cache->build_input_k_rot(b); t.valid()) slot->k_rot = input(t, llm_input_role::k_rot);
        if (const tensor_id t = cache->build_input_v_rot(b); t.valid()) slot->v_rot = input(t, llm_input_role::v_rot);
    }
    return inp;
}

tensor_id llm_graph_context::build_attn(const llm_attn_input_iswa& inp, tensor_id wo, tensor_id wo_b, tensor_id q_cur,
                                        tensor_id k_cur, tensor_id v_cur, tensor_id kq_b, tensor_id sinks,
                                        float kq_scale, int il) {
    if (!kv_swa) return {}; // build_attn_inp_kv_iswa failed already
    const bool swa = hparams.is_swa(static_cast<std::uint32_t>(il));
    return build_attn_with(swa ? *kv_swa : kv, swa ? inp.swa : inp.base, true, wo, wo_b, q_cur, k_cur, v_cur, kq_b,
                           sinks, kq_scale, il);
}

float llm_graph_context::rope_freq_base_l(int il) const {
    return hparams.is_swa(static_cast<std::uint32_t>(il)) ? hparams.rope_freq_base_train_swa : freq_base;
}

float llm_graph_context::rope_freq_scale_l(int il) const {
    return hparams.is_swa(static_cast<std::uint32_t>(il)) ? hparams.rope_freq_scale_train_swa : freq_scale;
}

} // namespace planscope
