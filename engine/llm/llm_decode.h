#pragma once
// How llama_decode of llama.cpp da46e59c lays a batch of one sequence into the KV cache: the
// cells' positions (llama_kv_cells of one stream, sequence 0), find_slot (cont = false: the free
// cells from the head on, or cells a sliding window has left behind), apply_ubatch (the head moves
// past the slot; positions a reused SWA cell held are purged from the sequence) and get_n_kv (the
// used cells padded to 256, at least 256, at most the cache), and the split of a batch into
// ubatches of n_ubatch tokens (split_simple), only the outputs asked for flagged.
#include "core/error.h"
#include "llm_hparams.h"

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace planscope {

// llama_hparams::is_masked_swa: whether a token at p1 cannot see position p0.
bool llm_is_masked_swa(std::uint32_t n_swa, llm_swa_type type, std::int32_t p0, std::int32_t p1);

class llm_kv_cells {
public:
    // A cache of `size` cells; n_swa / type: the window of an SWA cache (none: a full one).
    explicit llm_kv_cells(std::uint32_t size, std::uint32_t n_swa = 0, llm_swa_type type = llm_swa_type::none);

    // The cells the tokens at `pos` go to, in order; nullopt when the cache has too few.
    [[nodiscard]] std::optional<std::vector<std::uint32_t>> find_slot(std::span<const std::int32_t> pos) const;
    // Writes the positions to the cells (as find_slot gave them).
    void apply(std::span<const std::uint32_t> cells, std::span<const std::int32_t> pos);
    // The cells a graph of the next ubatch attends to.
    [[nodiscard]] std::uint32_t n_kv() const;

    [[nodiscard]] std::uint32_t size() const { return static_cast<std::uint32_t>(m_pos.size()); }
    [[nodiscard]] std::int32_t pos(std::uint32_t cell) const { return m_pos[cell]; } // -1: empty
    [[nodiscard]] std::int32_t pos_max() const;                                      // -1: empty cache
    [[nodiscard]] std::uint32_t n_swa() const { return m_n_swa; }
    [[nodiscard]] llm_swa_type swa_type() const { return m_swa_type; }

private:
    std::vector<std::int32_t> m_pos;
    std::uint32_t m_head = 0, m_used = 0, m_n_swa = 0;
    llm_swa_type m_swa_type = llm_swa_type::none;
};

// One ubatch of a batch: tokens [first, first + n_tokens), n_outputs of them output.
struct llm_ubatch_range {
    std::uint32_t first = 0, n_tokens = 0, n_outputs = 0;
};

// split_simple of one sequence: ubatches of n_ubatch tokens; output[i] says whether token i's
// logits are wanted (llama_batch_get_one: the last only).
std::vector<llm_ubatch_range> llm_split_batch(std::span<const std::uint8_t> output, std::uint32_t n_ubatch);

} // namespace planscope
