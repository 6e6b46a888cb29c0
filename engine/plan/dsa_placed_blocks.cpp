#include "dsa_placed_blocks.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace planscope {

placed_blocks::placed_blocks(std::span<const lifetime> lifetimes, std::uint64_t alignment) : m_mask(alignment - 1) {
    std::uint32_t sections = 1;
    for (const lifetime& t : lifetimes)
        if (t.first < t.second) sections = std::max(sections, t.second);
    for (std::uint64_t width = first_window;; width *= window_factor) {
        level& l = m_levels.emplace_back();
        l.width = static_cast<std::uint32_t>(std::min<std::uint64_t>(width, sections));
        const std::uint32_t windows = (sections + l.width - 1) / l.width;
        for (auto* shelves : {&l.own, &l.below}) {
            if (shelves == &l.below && m_levels.size() == 1) continue;
            shelves->resize(windows);
            for (std::uint32_t w = 0; w < windows; ++w) {
                (*shelves)[w].lo = w * l.width;
                (*shelves)[w].hi = std::min(sections, (w + 1) * l.width);
            }
        }
        if (windows == 1) break;
    }
}

std::size_t placed_blocks::level_of(lifetime t) const {
    std::size_t k = 0;
    while (k + 1 < m_levels.size() && t.first / m_levels[k].width != (t.second - 1) / m_levels[k].width) ++k;
    return k;
}

template <class F>
void placed_blocks::each_shelf(lifetime t, const F& f) {
    const std::size_t k = level_of(t);
    f(m_levels[k].own[t.first / m_levels[k].width]);
    for (std::size_t j = k + 1; j < m_levels.size(); ++j) f(m_levels[j].below[t.first / m_levels[j].width]);
}

std::uint64_t placed_blocks::slices(const shelf& s, std::uint32_t lower, std::uint32_t upper) {
    const std::uint64_t width = s.hi - s.lo;
    const std::uint64_t lo = std::uint64_t{lower - s.lo} * 64 / width, hi = std::uint64_t{upper - 1 - s.lo} * 64 / width;
    return (hi == 63 ? ~std::uint64_t{0} : (std::uint64_t{2} << hi) - 1) & ~((std::uint64_t{1} << lo) - 1);
}

// Bit i: block i of the run is alive with [lower, upper). Over the whole run, slots past its
// end included, so that the compiler can vectorize the comparisons; those bits are dropped.
inline std::uint64_t placed_blocks::alive_with(const run& r, std::uint32_t lower, std::uint32_t upper) {
    std::uint64_t with = 0;
    if constexpr (std::endian::native == std::endian::little) {
        alignas(8) std::uint8_t hit[run_capacity];
        for (std::uint32_t i = 0; i < run_capacity; ++i) hit[i] = (r.lower[i] < upper) & (lower < r.upper[i]);
        for (std::uint32_t k = 0; k < run_capacity / 8; ++k) {
            std::uint64_t bytes; // eight 0/1 bytes, gathered into eight bits by one multiplication
            std::memcpy(&bytes, hit + 8 * k, 8);
            with |= ((bytes * 0x0102040810204080) >> 56) << (8 * k);
        }
    } else {
        for (std::uint32_t i = 0; i < run_capacity; ++i)
            with |= static_cast<std::uint64_t>((r.lower[i] < upper) & (lower < r.upper[i])) << i;
    }
    return r.n == run_capacity ? with : with & ((std::uint64_t{1} << r.n) - 1);
}

// The shelves the query can meet take turns moving the candidate past their blocks; once each in
// a row leaves it where it is, it is free on all of them. Each moves it only past offsets that
// one of its blocks overlaps, so it never passes the answer; a shelf's scan resumes where it
// stopped, as the candidate only rises. A block alive with the query is on the shelf of its
// window at its own level: the query's window there when that level is the query's or above, a
// window below the query's otherwise.
std::uint64_t placed_blocks::lowest_fit(lifetime t, std::uint64_t size) const {
    // Plain names, not a structured binding: clang before 16 cannot capture those in a lambda.
    const std::uint32_t lower = t.first, upper = t.second;
    m_cursors.clear();
    const auto meet = [&](const shelf& s) {
        if (!s.runs.empty()) m_cursors.push_back({&s, slices(s, std::max(lower, s.lo), std::min(upper, s.hi))});
    };
    const std::size_t k = level_of(t);
    for (std::size_t j = k; j < m_levels.size(); ++j) meet(m_levels[j].own[lower / m_levels[j].width]);
    if (k > 0) meet(m_levels[k].below[lower / m_levels[k].width]);
    std::uint64_t at = 0;
    for (std::size_t i = 0, agreed = 0; agreed < m_cursors.size(); i = i + 1 == m_cursors.size() ? 0 : i + 1)
        agreed = scan(m_cursors[i], t, size, at) ? 1 : agreed + 1;
    return at;
}

// One shelf's blocks by offset, from where its scan stopped: a block alive with the query that
// starts below the candidate's end moves the candidate past it. In a run, the blocks alive with
// the query are found first, all at once; only they are then walked. Returns whether the
// candidate moved.
bool placed_blocks::scan(cursor& c, lifetime t, std::uint64_t size, std::uint64_t& candidate) const {
    std::uint64_t at = candidate; // in a register: nothing it could alias is written here
    for (const auto& runs = c.s->runs; c.run < runs.size(); ++c.run) {
        const run& r = *runs[c.run];
        if (r.off[0] >= at + size) break;
        if ((r.slices & c.slices) == 0 || r.max_end <= at) continue;
        if (r.max_lower < t.second && t.first < r.min_upper && r.max_hole < size) {
            at = std::max(at, align(r.max_end)); // all alive with the query, no room between them
            continue;
        }
        bool stopped = false;
        for (std::uint64_t with = alive_with(r, t.first, t.second); with != 0; with &= with - 1) {
            const auto i = static_cast<std::uint32_t>(std::countr_zero(with));
            if (r.off[i] >= at + size) { // and every block after it
                stopped = true;
                break;
            }
            at = std::max(at, r.end[i]); // ends are stored aligned: no branch on them
        }
        if (stopped) break;
    }
    const bool moved = at != candidate;
    candidate = at;
    return moved;
}

void placed_blocks::summarize(const shelf& s, run& r) const {
    r.slices = 0;
    r.max_end = 0;
    r.max_hole = 0;
    r.max_lower = 0;
    r.min_upper = UINT32_MAX;
    for (std::uint32_t i = 0; i < r.n; ++i) {
        if (i != 0 && r.off[i] > align(r.max_end)) r.max_hole = std::max(r.max_hole, r.off[i] - align(r.max_end));
        r.max_end = std::max(r.max_end, r.end[i]);
        r.slices |= slices(s, r.lower[i], r.upper[i]);
        r.max_lower = std::max(r.max_lower, r.lower[i]);
        r.min_upper = std::min(r.min_upper, r.upper[i]);
    }
}

void placed_blocks::put(run& r, std::uint32_t i, std::uint64_t off, std::uint64_t end, lifetime t) {
    std::copy_backward(r.off + i, r.off + r.n, r.off + r.n + 1);
    std::copy_backward(r.end + i, r.end + r.n, r.end + r.n + 1);
    std::copy_backward(r.lower + i, r.lower + r.n, r.lower + r.n + 1);
    std::copy_backward(r.upper + i, r.upper + r.n, r.upper + r.n + 1);
    r.off[i] = off;
    r.end[i] = end;
    r.lower[i] = t.first;
    r.upper[i] = t.second;
    ++r.n;
}

// After every block at the same offset, in a run split in two when full: an insertion moves a
// few dozen blocks, not every block placed.
void placed_blocks::add(shelf& sh, lifetime t, std::uint64_t off, std::uint64_t end) const {
    auto it = std::upper_bound(sh.runs.begin(), sh.runs.end(), off, [](std::uint64_t o, const auto& x) { return o < x->off[0]; });
    if (it != sh.runs.begin()) --it;
    if (it == sh.runs.end()) it = sh.runs.insert(it, std::make_unique<run>());
    run& r = **it;
    const auto i = static_cast<std::uint32_t>(std::upper_bound(r.off, r.off + r.n, off) - r.off);
    if (r.n == 0) {
        r.max_end = end;
    } else if (i == r.n) {
        if (off > align(r.max_end)) r.max_hole = std::max(r.max_hole, off - align(r.max_end));
    } else if (i == 0 && r.off[0] > align(end)) {
        r.max_hole = std::max(r.max_hole, r.off[0] - align(end));
    }
    // Inside, a new block only fills holes: the largest stays an upper bound, which is all a
    // query needs to step over a run safely.
    put(r, i, off, end, t);
    r.slices |= slices(sh, t.first, t.second);
    r.max_end = std::max(r.max_end, end);
    r.max_lower = std::max(r.max_lower, t.first);
    r.min_upper = std::min(r.min_upper, t.second);
    if (r.n < run_capacity) return;
    auto high = std::make_unique<run>();
    constexpr std::uint32_t half = run_capacity / 2;
    high->n = run_capacity - half;
    std::copy(r.off + half, r.off + r.n, high->off);
    std::copy(r.end + half, r.end + r.n, high->end);
    std::copy(r.lower + half, r.lower + r.n, high->lower);
    std::copy(r.upper + half, r.upper + r.n, high->upper);
    r.n = half;
    summarize(sh, r);
    summarize(sh, *high);
    sh.runs.insert(it + 1, std::move(high));
}

// Blocks at the same offset are apart in time: the one with this lifetime goes.
void placed_blocks::remove(shelf& sh, lifetime t, std::uint64_t off) const {
    auto it = std::upper_bound(sh.runs.begin(), sh.runs.end(), off, [](std::uint64_t o, const auto& x) { return o < x->off[0]; });
    while (it != sh.runs.begin()) {
        run& r = **--it;
        for (std::uint32_t i = 0; i < r.n; ++i) {
            if (r.off[i] != off || r.lower[i] != t.first || r.upper[i] != t.second) continue;
            std::copy(r.off + i + 1, r.off + r.n, r.off + i);
            std::copy(r.end + i + 1, r.end + r.n, r.end + i);
            std::copy(r.lower + i + 1, r.lower + r.n, r.lower + i);
            std::copy(r.upper + i + 1, r.upper + r.n, r.upper + i);
            if (--r.n == 0) sh.runs.erase(it);
            else summarize(sh, r);
            return;
        }
        if (r.off[0] < off) return;
    }
}

void placed_blocks::insert(lifetime t, std::uint64_t off, std::uint64_t end) {
    if (t.first < t.second) each_shelf(t, [&, end = align(end)](shelf& sh) { add(sh, t, off, end); });
}

void placed_blocks::erase(lifetime t, std::uint64_t off) {
    if (t.first < t.second) each_shelf(t, [&](shelf& sh) { remove(sh, t, off); });
}

void placed_blocks::clear() {
    for (level& l : m_levels) {
        for (shelf& sh : l.own) sh.runs.clear();
        for (shelf& sh : l.below) sh.runs.clear();
    }
}

} // namespace planscope
