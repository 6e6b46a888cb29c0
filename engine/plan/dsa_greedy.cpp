#include "dsa_greedy.h"

#include <algorithm>
#include <bit>
#include <numeric>

namespace planscope {
namespace {

dsa_order identity(const dsa_problem& p) {
    dsa_order order(p.buffers.size());
    std::iota(order.begin(), order.end(), 0u);
    return order;
}

// Lifetime boundaries in order, each once: section k is [times[k], times[k + 1]).
std::vector<std::uint64_t> boundary_times(const dsa_problem& p) {
    std::vector<std::uint64_t> times;
    times.reserve(2 * p.buffers.size());
    for (const dsa_buffer& b : p.buffers) times.insert(times.end(), {b.lower, b.upper});
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    return times;
}

// Lifetimes as ranks among all lifetime boundaries: 32 bits each, the same overlaps.
std::vector<placed_blocks::lifetime> section_ranks(const dsa_problem& p) {
    const std::vector<std::uint64_t> times = boundary_times(p);
    const auto rank = [&](std::uint64_t t) {
        return static_cast<std::uint32_t>(std::lower_bound(times.begin(), times.end(), t) - times.begin());
    };
    std::vector<placed_blocks::lifetime> out;
    out.reserve(p.buffers.size());
    for (const dsa_buffer& b : p.buffers) out.emplace_back(rank(b.lower), rank(b.upper));
    return out;
}

std::vector<std::uint64_t> aligned_sizes(const dsa_problem& p) {
    std::vector<std::uint64_t> out;
    out.reserve(p.buffers.size());
    for (const dsa_buffer& b : p.buffers) out.push_back(aligned_size(b.size, p.alignment));
    return out;
}

std::uint64_t duration(const dsa_buffer& b) { return b.upper > b.lower ? b.upper - b.lower : 0; }

// Ties broken the same way everywhere, so every ordering is deterministic.
bool bigger_first(const dsa_buffer& a, const dsa_buffer& b) {
    if (a.size != b.size) return a.size > b.size;
    if (duration(a) != duration(b)) return duration(a) > duration(b);
    return a.lower < b.lower;
}

template <class Key>
dsa_order sorted_by(const dsa_problem& p, const std::vector<Key>& key) {
    dsa_order order = identity(p);
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        if (key[a] != key[b]) return key[a] < key[b];
        return bigger_first(p.buffers[a], p.buffers[b]);
    });
    return order;
}

} // namespace

dsa_order order_by_size(const dsa_problem& p) {
    dsa_order order = identity(p);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return bigger_first(p.buffers[a], p.buffers[b]); });
    return order;
}

dsa_order order_by_breadth(const dsa_problem& p) {
    // Steps that matter: lifetime boundaries. Segment k is [times[k], times[k+1]).
    const std::vector<std::uint64_t> times = boundary_times(p);
    const auto index = [&](std::uint64_t t) { return std::lower_bound(times.begin(), times.end(), t) - times.begin(); };
    const std::size_t n_seg = times.empty() ? 0 : times.size() - 1;

    std::vector<std::uint64_t> breadth(n_seg + 1, 0);
    for (const dsa_buffer& b : p.buffers) {
        if (b.upper <= b.lower) continue;
        breadth[index(b.lower)] += b.size;
        breadth[index(b.upper)] -= b.size; // wraps and unwraps: the running sum is exact
    }
    for (std::size_t k = 1; k < breadth.size(); ++k) breadth[k] += breadth[k - 1];

    std::vector<std::uint32_t> by_breadth(n_seg);
    std::iota(by_breadth.begin(), by_breadth.end(), 0u);
    std::stable_sort(by_breadth.begin(), by_breadth.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return breadth[a] > breadth[b]; });
    std::vector<std::uint32_t> rank(n_seg);
    for (std::uint32_t r = 0; r < n_seg; ++r) rank[by_breadth[r]] = r;

    // A buffer comes with the widest step it is alive at: the minimum rank over its segments,
    // answered by a sparse table.
    std::vector<std::vector<std::uint32_t>> table{rank};
    for (std::size_t w = 1; 2 * w <= n_seg; w *= 2) {
        const auto& prev = table.back();
        std::vector<std::uint32_t> next(n_seg - 2 * w + 1);
        for (std::size_t k = 0; k < next.size(); ++k) next[k] = std::min(prev[k], prev[k + w]);
        table.push_back(std::move(next));
    }
    std::vector<std::uint32_t> key(p.buffers.size(), static_cast<std::uint32_t>(n_seg));
    for (std::size_t i = 0; i < p.buffers.size(); ++i) {
        const dsa_buffer& b = p.buffers[i];
        if (b.upper <= b.lower) continue;
        const auto lo = static_cast<std::size_t>(index(b.lower)), hi = static_cast<std::size_t>(index(b.upper));
        const auto level = static_cast<std::size_t>(std::bit_width(hi - lo) - 1);
        key[i] = std::min(table[level][lo], table[level][hi - (std::size_t{1} << level)]);
    }
    return sorted_by(p, key);
}

dsa_order order_by_conflicts(const dsa_problem& p) {
    // Overlapping bytes = all bytes - bytes ending by the start - bytes starting at the end or later.
    const std::size_t n = p.buffers.size();
    std::vector<std::pair<std::uint64_t, std::uint64_t>> by_upper(n), by_lower(n);
    for (std::size_t i = 0; i < n; ++i) {
        by_upper[i] = {p.buffers[i].upper, p.buffers[i].size};
        by_lower[i] = {p.buffers[i].lower, p.buffers[i].size};
    }
    std::sort(by_upper.begin(), by_upper.end());
    std::sort(by_lower.begin(), by_lower.end());
    std::vector<std::uint64_t> ended(n + 1, 0), started(n + 1, 0); // prefix sums of sizes
    for (std::size_t i = 0; i < n; ++i) {
        ended[i + 1] = ended[i] + by_upper[i].second;
        started[i + 1] = started[i] + by_lower[i].second;
    }
    std::vector<std::uint64_t> key(n);
    for (std::size_t i = 0; i < n; ++i) {
        const dsa_buffer& b = p.buffers[i];
        const auto done = std::upper_bound(by_upper.begin(), by_upper.end(), std::pair{b.lower, UINT64_MAX}) - by_upper.begin();
        const auto later = std::lower_bound(by_lower.begin(), by_lower.end(), std::pair{b.upper, std::uint64_t{0}}) -
                           by_lower.begin();
        const std::uint64_t overlapping = ended[n] - ended[done] - (started[n] - started[later]);
        key[i] = UINT64_MAX - overlapping; // ascending key = descending overlap
    }
    return sorted_by(p, key);
}

dsa_order order_by_area(const dsa_problem& p) {
    std::vector<double> key(p.buffers.size());
    for (std::size_t i = 0; i < key.size(); ++i)
        key[i] = -static_cast<double>(p.buffers[i].size) * static_cast<double>(duration(p.buffers[i]));
    return sorted_by(p, key);
}

greedy_placer::greedy_placer(const dsa_problem& p)
    : m_problem(p), m_size(aligned_sizes(p)), m_step(section_ranks(p)), m_offsets(p.buffers.size(), 0),
      m_blocks(m_step, p.alignment) {
    m_placed.reserve(m_size.size());
    m_peaks.reserve(m_size.size());
}

std::uint64_t greedy_placer::place_one(std::uint32_t b) {
    if (!takes_room(b)) {
        m_offsets[b] = 0; // takes no room: anywhere is valid
        return 0;
    }
    const std::uint64_t at = m_blocks.lowest_fit(m_step[b], m_size[b]);
    const std::uint64_t end = at + m_problem.buffers[b].size;
    m_blocks.insert(m_step[b], at, end);
    m_offsets[b] = at;
    return end;
}

std::uint64_t greedy_placer::place(std::span<const std::uint32_t> order) {
    m_blocks.clear();
    m_placed.clear();
    m_peaks.clear();
    return replace_from(order, 0, UINT64_MAX);
}

std::uint64_t greedy_placer::replace_from(std::span<const std::uint32_t> order, std::size_t n, std::uint64_t limit) {
    // Undo the tail, newest first.
    for (std::size_t i = m_placed.size(); i-- > n;) {
        const std::uint32_t b = m_placed[i];
        if (takes_room(b)) m_blocks.erase(m_step[b], m_offsets[b], m_offsets[b] + m_problem.buffers[b].size);
    }
    if (n < m_placed.size()) {
        m_placed.resize(n);
        m_peaks.resize(n);
    }
    std::uint64_t top = m_peaks.empty() ? 0 : m_peaks.back();
    for (std::size_t i = m_placed.size(); i < order.size(); ++i) {
        m_placed.push_back(order[i]);
        top = std::max(top, place_one(order[i]));
        m_peaks.push_back(top);
        if (top > limit) return top;
    }
    return top;
}

} // namespace planscope
