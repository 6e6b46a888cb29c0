#include "llm_kv_cache_iswa.h"

#include <algorithm>

namespace planscope {

std::uint32_t llm_kv_cache_iswa::swa_cells(const llm_hparams& h, const llm_cparams& c) {
    const std::uint32_t size_base = c.n_ctx_seq;
    if (c.swa_full) return size_base;
    // Sizes are at most 2^30 cells and n_swa a 31-bit count: 64 bits hold the product.
    const std::uint64_t window = std::uint64_t{h.n_swa} * (c.kv_unified ? c.n_seq_max : 1u) + c.n_ubatch;
    const std::uint64_t cells = std::min<std::uint64_t>(size_base, window);
    return static_cast<std::uint32_t>((cells + 255) / 256 * 256); // always padded to 256 (llama.cpp #17037)
}

result<llm_kv_cache_iswa> llm_kv_cache_iswa::create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                                    const llm_placement* placement) {
    auto base = llm_kv_cache::create(doc, h, c, c.n_ctx_seq, [&h](std::uint32_t il) { return !h.is_swa(il); },
                                     llm_kv_buffer_name, placement);
    if (!base) return base.err();
    auto swa = llm_kv_cache::create(doc, h, c, swa_cells(h, c), [&h](std::uint32_t il) { return h.is_swa(il); },
                                    llm_kv_swa_buffer_name, placement);
    if (!swa) return swa.err();
    return llm_kv_cache_iswa(std::move(*base), std::move(*swa));
}

std::vector<llm_buffer_total> llm_kv_cache_iswa::buffers() const {
    std::vector<llm_buffer_total> all = m_base.buffers();
    all.insert(all.end(), m_swa.buffers().begin(), m_swa.buffers().end());
    return all;
}

void llm_set_swa_pattern(llm_hparams& h, std::uint32_t n_pattern, bool dense_first) {
    h.swa_layers.assign(h.n_layer, false);
    for (std::uint32_t il = 0; il < h.n_layer; ++il)
        h.swa_layers[il] = n_pattern == 0 || (dense_first ? il % n_pattern != 0 : il % n_pattern < n_pattern - 1);
}

status llm_read_swa_pattern(const llm_key_reader& keys, llm_hparams& h, std::uint32_t period) {
    const gguf_value* v = keys.file().find(keys.key("attention.sliding_window_pattern"));
    if (v && !v->as_array()) {
        auto p = keys.u32("attention.sliding_window_pattern", period);
        if (!p) return p.err();
        period = *p;
    }
    llm_set_swa_pattern(h, period);
    return success();
}

status llm_read_swa_rope(const llm_key_reader& keys, llm_hparams& h, bool inherit) {
    if (inherit) {
        h.rope_freq_base_train_swa = h.rope_freq_base_train;
        h.rope_freq_scale_train_swa = h.rope_freq_scale_train;
    }
    auto base = keys.f32("rope.freq_base_swa", h.rope_freq_base_train_swa);
    if (!base) return base.err();
    h.rope_freq_base_train_swa = *base;
    return success();
}

} // namespace planscope
