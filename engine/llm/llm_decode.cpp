#include "llm_decode.h"

#include <algorithm>

namespace planscope {

bool llm_is_masked_swa(std::uint32_t n_swa, llm_swa_type type, std::int32_t p0, std::int32_t p1) {
    const auto window = static_cast<std::int32_t>(n_swa);
    switch (type) {
    case llm_swa_type::none:
        return false;
    case llm_swa_type::standard:
        return p1 - p0 >= window;
    case llm_swa_type::chunked:
        return window > 0 && p0 < p1 / window * window;
    case llm_swa_type::symmetric:
        return p1 - p0 < -(window / 2) || p1 - p0 > window / 2;
    }
    return false;
}

llm_kv_cells::llm_kv_cells(std::uint32_t size, std::uint32_t n_swa, llm_swa_type type)
    : m_pos(size, -1), m_n_swa(n_swa), m_swa_type(type) {}

std::int32_t llm_kv_cells::pos_max() const {
    std::int32_t m = -1;
    for (const std::int32_t p : m_pos) m = std::max(m, p);
    return m;
}

std::optional<std::vector<std::uint32_t>> llm_kv_cells::find_slot(std::span<const std::int32_t> pos) const {
    const auto n_tokens = static_cast<std::uint32_t>(pos.size());
    const std::uint32_t size = this->size();
    if (n_tokens == 0 || n_tokens > size) return std::nullopt;
    // Enough free cells before the head: search from the start, hoping to fill the cache.
    std::uint32_t head = m_head > m_used + 2 * n_tokens ? 0 : m_head;
    const std::int32_t seq_next = pos_max() + 1;
    std::vector<std::uint32_t> slot;
    slot.reserve(n_tokens);
    for (std::uint32_t tested = 0; tested < size; ++tested, ++head) {
        if (head >= size) head = 0;
        const std::int32_t p = m_pos[head];
        // An empty cell, or one the sequence's window has moved past.
        if (p < 0 || llm_is_masked_swa(m_n_swa, m_swa_type, p, seq_next)) slot.push_back(head);
        if (slot.size() == n_tokens) return slot;
    }
    return std::nullopt;
}

void llm_kv_cells::apply(std::span<const std::uint32_t> cells, std::span<const std::int32_t> pos) {
    std::int32_t max_removed = -1;
    for (std::size_t i = 0; i < cells.size() && i < pos.size(); ++i) {
        std::int32_t& p = m_pos[cells[i]];
        if (p >= 0)
            max_removed = std::max(max_removed, p);
        else
            ++m_used;
        p = pos[i];
    }
    // Every position between the sequence's first and last stays in the cache: what lies below a
    // position just overwritten goes too.
    if (max_removed >= 0) {
        std::int32_t pos_min = -1;
        for (const std::int32_t p : m_pos)
            if (p >= 0 && (pos_min < 0 || p < pos_min)) pos_min = p;
        for (std::int32_t& p : m_pos)
            if (p >= 0 && p >= pos_min && p <= max_removed) {
                p = -1;
                --m_used;
            }
    }
    if (!cells.empty()) m_head = cells.back() + 1;
}

std::uint32_t llm_kv_cells::n_kv() const {
    constexpr std::uint32_t pad = 256; // max(n_pad, 256): every architecture's n_pad is 1
    std::uint32_t used_max_p1 = 0;
    for (std::uint32_t i = size(); i > 0; --i)
        if (m_pos[i - 1] >= 0) {
            used_max_p1 = i;
            break;
        }
    const std::uint32_t padded = (used_max_p1 + pad - 1) / pad * pad;
    return std::min(size(), std::max(pad, padded));
}

std::vector<llm_ubatch_range> llm_split_batch(std::span<const std::uint8_t> output, std::uint32_t n_ubatch) {
    std::vector<llm_ubatch_range> out;
    const auto n = static_cast<std::uint32_t>(output.size());
    const std::uint32_t step = std::max<std::uint32_t>(n_ubatch, 1);
    for (std::uint32_t first = 0; first < n; first += step) {
        llm_ubatch_range r{first, std::min(step, n - first), 0};
        for (std::uint32_t i = r.first; i < r.first + r.n_tokens; ++i) r.n_outputs += output[i] != 0;
        out.push_back(r);
    }
    return out;
}

} // namespace planscope
