#pragma once
// A helper of the exact search (dsa_exact.cpp): a segment tree over the time sections.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace planscope {

// Bytes still to place per section, with range add and range max: the search asks for the
// fullest section of a partition at every node.
class section_totals {
public:
    explicit section_totals(const std::vector<std::uint64_t>& totals) : m_n(std::max<std::size_t>(totals.size(), 1)) {
        m_max.assign(4 * m_n, 0);
        m_add.assign(4 * m_n, 0);
        for (std::size_t s = 0; s < totals.size(); ++s) add(s, s + 1, static_cast<std::int64_t>(totals[s]));
    }
    void add(std::size_t lo, std::size_t hi, std::int64_t delta) { add(1, 0, m_n, lo, hi, delta); }
    [[nodiscard]] std::int64_t max(std::size_t lo, std::size_t hi) const { return max(1, 0, m_n, lo, hi); }

private:
    void add(std::size_t node, std::size_t nl, std::size_t nr, std::size_t lo, std::size_t hi, std::int64_t delta) {
        if (hi <= nl || nr <= lo) return;
        if (lo <= nl && nr <= hi) {
            m_max[node] += delta;
            m_add[node] += delta;
            return;
        }
        const std::size_t mid = (nl + nr) / 2;
        add(2 * node, nl, mid, lo, hi, delta);
        add(2 * node + 1, mid, nr, lo, hi, delta);
        m_max[node] = m_add[node] + std::max(m_max[2 * node], m_max[2 * node + 1]);
    }
    [[nodiscard]] std::int64_t max(std::size_t node, std::size_t nl, std::size_t nr, std::size_t lo, std::size_t hi) const {
        if (hi <= nl || nr <= lo) return INT64_MIN / 2;
        if (lo <= nl && nr <= hi) return m_max[node];
        const std::size_t mid = (nl + nr) / 2;
        return m_add[node] + std::max(max(2 * node, nl, mid, lo, hi), max(2 * node + 1, mid, nr, lo, hi));
    }

    std::size_t m_n;
    std::vector<std::int64_t> m_max, m_add; // a node's max includes its own pending add
};

} // namespace planscope
