#pragma once
// llama_kv_cache_iswa of llama.cpp da46e59c (src/llama-kv-cache-iswa.cpp): the memory of a model
// whose layers alternate between full and sliding-window attention (hparams.swa_layers): one
// llama_kv_cache of the full layers (kv_size cells) and one of the SWA layers, each with its own
// buffer and tensors cache_k_l<il> / cache_v_l<il> under the model's layer numbers. The SWA
// cache has min(kv_size, n_swa * (unified ? n_seq_max : 1) + n_ubatch) cells padded to 256, or
// kv_size with swa_full (llama_context_default_params' default). A reserve attends to every cell
// of each (init_full), so the two KQ masks differ in width only; the window itself (standard,
// chunked, symmetric) is in the mask's values, not in the graph.
#include "llm_kv_cache.h"

namespace planscope {

// The SWA cache's buffer (the full cache's is llm_kv_buffer_name).
inline constexpr std::string_view llm_kv_swa_buffer_name = "kv_cache_swa";

class llm_kv_cache_iswa {
public:
    // The full cache first, then the SWA one, as llama.cpp makes them; errors as llm_kv_cache's.
    static result<llm_kv_cache_iswa> create(graph_document& doc, const llm_hparams& h, const llm_cparams& c,
                                            const llm_placement* placement = nullptr);
    // The SWA cache's cells (llama_kv_cache_iswa's size_swa).
    static std::uint32_t swa_cells(const llm_hparams& h, const llm_cparams& c);

    [[nodiscard]] const llm_kv_cache& base() const { return m_base; }
    [[nodiscard]] const llm_kv_cache& swa() const { return m_swa; }
    [[nodiscard]] std::size_t bytes() const { return m_base.bytes() + m_swa.bytes(); }
    [[nodiscard]] std::vector<llm_buffer_total> buffers() const;

private:
    llm_kv_cache_iswa(llm_kv_cache base, llm_kv_cache swa) : m_base(std::move(base)), m_swa(std::move(swa)) {}

    llm_kv_cache m_base, m_swa;
};

// llama_hparams::set_swa_pattern: layer il slides unless it is the last of each n_pattern
// (dense_first: the first); n_pattern 0 makes every layer slide.
void llm_set_swa_pattern(llm_hparams& h, std::uint32_t n_pattern, bool dense_first = false);

// What gemma2, gemma3 and gpt-oss read alike: attention.sliding_window_pattern (a scalar only, as
// get_key_or_arr into one value: an array keeps `period`) applied with llm_set_swa_pattern.
status llm_read_swa_pattern(const llm_key_reader& keys, llm_hparams& h, std::uint32_t period);
// The SWA layers' rope: rope.freq_base_swa when present; else the full layers' base and scale when
// `inherit` (gemma2, gpt-oss), llama_hparams' 10000 and 1 otherwise (gemma3).
status llm_read_swa_rope(const llm_key_reader& keys, llm_hparams& h, bool inherit);

} // namespace planscope
