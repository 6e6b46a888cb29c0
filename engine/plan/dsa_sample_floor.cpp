#include "dsa_sample_floor.h"

#include <algorithm>
#include <bit>

namespace planscope {

sample_floor::sampling sample_floor::choose(std::span<const lifetime> lifetimes) {
    std::uint32_t sections = 1;
    for (const auto& [lower, upper] : lifetimes)
        if (lower < upper) sections = std::max(sections, upper);
    for (std::uint32_t most = max_samples;; most /= 2) {
        sampling g{(sections + most - 1) / most, 0, 0};
        g.samples = (sections + g.width - 1) / g.width;
        g.leaves = std::bit_ceil(g.samples);
        if (most == 1) return g;
        std::size_t listed = 0; // what insert will list: every node above each sample in the lifetime
        for (const lifetime& t : lifetimes) {
            const auto [first, past] = g.in(t);
            if (first < past)
                for (std::uint32_t lo = first + g.leaves, hi = past + g.leaves; lo != 0; lo /= 2, hi = (hi + 1) / 2)
                    listed += hi - lo;
        }
        if (listed <= max_listed) return g;
    }
}

sample_floor::sample_floor(std::span<const lifetime> lifetimes, std::uint64_t alignment)
    : m_mask(alignment - 1), m_grid(choose(lifetimes)), m_nodes(2 * std::size_t{m_grid.leaves}) {}

std::pair<std::uint32_t, std::uint32_t> sample_floor::sampling::in(lifetime t) const {
    if (t.first >= t.second) return {0, 0};
    const auto first = static_cast<std::uint32_t>((std::uint64_t{t.first} + width - 1) / width);
    const auto past = static_cast<std::uint32_t>((std::uint64_t{t.second} + width - 1) / width);
    return {std::min(first, samples), std::min(past, samples)};
}

template <class F>
void sample_floor::each_node(std::uint32_t first, std::uint32_t past, const F& f) {
    // Leaves first, then their parents: a node meets [first, past) when one of its leaves does.
    for (std::uint32_t lo = first + m_grid.leaves, hi = past + m_grid.leaves; lo != 0; lo /= 2, hi = (hi + 1) / 2)
        for (std::uint32_t i = lo; i < hi; ++i) f(m_nodes[i]);
}

// From the first run that can hold a block ending above `from`: a block starting `size` or more
// above the candidate is the answer's; otherwise the candidate rises past the block. A run whose
// union leaves no hole of `size` is passed at once, and for good: the candidate only rises.
std::uint64_t sample_floor::fit(part& p, std::uint64_t size, std::uint64_t from) {
    const auto& heads = p.n->heads;
    if (p.run == SIZE_MAX) { // a run followed by one that starts at or below `from - max_extent` ends at or below `from`
        p.run = 0;
        if (from >= p.n->max_extent) {
            const auto it = std::upper_bound(heads.begin(), heads.end(), from - p.n->max_extent,
                                             [](std::uint64_t o, const head& h) { return o < h.first; });
            p.run = std::max<std::size_t>(static_cast<std::size_t>(it - heads.begin()), 1) - 1;
        }
    }
    if (from + size <= p.limit) return from;
    std::uint64_t at = from;
    for (; p.run < heads.size(); ++p.run, p.block = 0) {
        const head& h = heads[p.run];
        if (h.first >= at + size) {
            p.limit = h.first;
            return at;
        }
        if (h.max_end <= at) continue;
        if (h.max_hole < size) {
            at = h.max_end;
            continue;
        }
        const run& r = *p.n->runs[p.run];
        for (; p.block < h.n; ++p.block) {
            if (r.b[p.block].off >= at + size) {
                p.limit = r.b[p.block].off;
                return at;
            }
            at = std::max(at, r.b[p.block].end);
        }
    }
    p.limit = UINT64_MAX;
    return at;
}

void sample_floor::start(lifetime t) const {
    const auto [first, past] = m_grid.in(t);
    m_parts.clear();
    for (std::uint32_t lo = first + m_grid.leaves, hi = past + m_grid.leaves; lo < hi; lo /= 2, hi /= 2) {
        if (lo & 1) m_parts.push_back({&m_nodes[lo++]});
        if (hi & 1) m_parts.push_back({&m_nodes[--hi]});
    }
    std::erase_if(m_parts, [](const part& p) { return p.n->runs.empty(); });
}

// The nodes that make up the query's samples take turns raising the candidate until each in a
// row leaves it where it is.
std::uint64_t sample_floor::lift(std::uint64_t size, std::uint64_t from) const {
    std::uint64_t at = from;
    for (std::size_t i = 0, agreed = 0; agreed < m_parts.size(); i = i + 1 == m_parts.size() ? 0 : i + 1) {
        const std::uint64_t next = fit(m_parts[i], size, at);
        agreed = next == at ? agreed + 1 : 1;
        at = next;
    }
    return at;
}

sample_floor::head sample_floor::summarize(const run& r) {
    head h{r.b[0].off, 0, 0, r.n};
    for (std::uint32_t i = 0; i < r.n; ++i) {
        if (i != 0 && r.b[i].off > h.max_end) h.max_hole = std::max(h.max_hole, r.b[i].off - h.max_end);
        h.max_end = std::max(h.max_end, r.b[i].end);
    }
    return h;
}

// After every block at the same offset, in a run split in two when full.
void sample_floor::add(node& n, std::uint64_t off, std::uint64_t end) {
    auto k = static_cast<std::size_t>(
        std::upper_bound(n.heads.begin(), n.heads.end(), off, [](std::uint64_t o, const head& h) { return o < h.first; }) -
        n.heads.begin());
    if (k != 0) --k;
    if (k == n.runs.size()) {
        n.runs.push_back(std::make_unique<run>());
        n.heads.push_back({off, end, 0, 0});
    }
    run& r = *n.runs[k];
    const auto i = static_cast<std::uint32_t>(
        std::upper_bound(r.b, r.b + r.n, off, [](std::uint64_t o, const block& x) { return o < x.off; }) - r.b);
    std::copy_backward(r.b + i, r.b + r.n, r.b + r.n + 1);
    r.b[i] = {off, end};
    ++r.n;
    n.heads[k] = summarize(r); // exact: a hole filled must stop drawing queries into the run
    n.max_extent = std::max(n.max_extent, end - off);
    if (r.n < run_capacity) return;
    auto high = std::make_unique<run>();
    constexpr std::uint32_t half = run_capacity / 2;
    high->n = run_capacity - half;
    std::copy(r.b + half, r.b + r.n, high->b);
    r.n = half;
    n.heads[k] = summarize(r);
    const auto at = static_cast<std::ptrdiff_t>(k + 1);
    n.heads.insert(n.heads.begin() + at, summarize(*high));
    n.runs.insert(n.runs.begin() + at, std::move(high));
}

void sample_floor::remove(node& n, std::uint64_t off, std::uint64_t end) {
    auto k = static_cast<std::size_t>(
        std::upper_bound(n.heads.begin(), n.heads.end(), off, [](std::uint64_t o, const head& h) { return o < h.first; }) -
        n.heads.begin());
    while (k-- != 0) {
        run& r = *n.runs[k];
        for (std::uint32_t i = 0; i < r.n; ++i) {
            if (r.b[i].off != off || r.b[i].end != end) continue;
            std::copy(r.b + i + 1, r.b + r.n, r.b + i);
            if (--r.n != 0) {
                n.heads[k] = summarize(r);
            } else {
                n.heads.erase(n.heads.begin() + static_cast<std::ptrdiff_t>(k));
                n.runs.erase(n.runs.begin() + static_cast<std::ptrdiff_t>(k));
            }
            return;
        }
        if (r.b[0].off < off) return;
    }
}

void sample_floor::insert(lifetime t, std::uint64_t off, std::uint64_t end) {
    const auto [first, past] = m_grid.in(t);
    if (first < past) each_node(first, past, [&, end = (end + m_mask) & ~m_mask](node& n) { add(n, off, end); });
}

void sample_floor::erase(lifetime t, std::uint64_t off, std::uint64_t end) {
    const auto [first, past] = m_grid.in(t);
    if (first < past) each_node(first, past, [&, end = (end + m_mask) & ~m_mask](node& n) { remove(n, off, end); });
}

void sample_floor::clear() {
    for (node& n : m_nodes) {
        n.heads.clear();
        n.runs.clear();
        n.max_extent = 0;
    }
}

} // namespace planscope
