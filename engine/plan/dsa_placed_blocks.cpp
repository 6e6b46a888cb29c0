#include "dsa_placed_blocks.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace planscope {
namespace {

std::uint32_t sections_of(std::span<const placed_blocks::lifetime> lifetimes) {
    std::uint32_t sections = 1;
    for (const auto& [lower, upper] : lifetimes)
        if (lower < upper) sections = std::max(sections, upper);
    return sections;
}

} // namespace

placed_blocks::placed_blocks(std::span<const lifetime> lifetimes, std::uint64_t alignment)
    : m_mask(alignment - 1), m_floor(lifetimes, alignment) {
    const std::uint32_t sections = sections_of(lifetimes);
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

// The floor (dsa_sample_floor.h) and the shelves the query can meet take turns moving the
// candidate past their blocks; once each shelf in a row leaves it where it is, it is free on all
// of them. Each moves it only past offsets that one of its blocks overlaps, so it never passes
// the answer; a shelf's scan resumes where it stopped, as the candidate only rises. A shelf
// yields after each run that moved the candidate, so that the floor can lift it over the blocks
// alive at the sample times at once instead of one by one. A block alive with the query is on
// the shelf of its window at its own level: the query's window there when that level is the
// query's or above, a window below the query's otherwise.
std::uint64_t placed_blocks::lowest_fit(lifetime t, std::uint64_t size) const {
    // Plain names, not a structured binding: clang before 16 cannot capture those in a lambda.
    const std::uint32_t lower = t.first, upper = t.second;
    m_floor.start(t);
    std::uint64_t at = m_floor.lift(size, 0);
    m_cursors.clear();
    const auto meet = [&](const shelf& s) {
        if (s.runs.empty()) return;
        // A run followed by one that starts at or below `at - max_extent` ends at or below `at`.
        std::size_t first = 0;
        if (at >= s.max_extent) {
            const auto it = std::upper_bound(s.runs.begin(), s.runs.end(), at - s.max_extent,
                                             [](std::uint64_t o, const auto& r) { return o < r->off[0]; });
            first = std::max<std::size_t>(static_cast<std::size_t>(it - s.runs.begin()), 1) - 1;
        }
        m_cursors.push_back({&s, slices(s, std::max(lower, s.lo), std::min(upper, s.hi)), first});
    };
    const std::size_t k = level_of(t);
    for (std::size_t j = k; j < m_levels.size(); ++j) meet(m_levels[j].own[lower / m_levels[j].width]);
    if (k > 0) meet(m_levels[k].below[lower / m_levels[k].width]);
    for (std::size_t i = 0, agreed = 0; agreed < m_cursors.size();) {
        if (scan(m_cursors[i], t, size, at)) {
            at = m_floor.lift(size, at);
            agreed = 0; // the same shelf again: it yielded, it did not clear the candidate
        } else {
            ++agreed;
            i = i + 1 == m_cursors.size() ? 0 : i + 1;
        }
    }
    return at;
}

// One shelf's blocks by offset, from where its scan stopped: a block alive with the query that
// starts below the candidate's end moves the candidate past it. In a run, the blocks alive with
// the query are found first, all at once; only they are then walked. Returns whether the
// candidate moved: after the first run that moved it, or once a block starts at or above its end.
bool placed_blocks::scan(cursor& c, lifetime t, std::uint64_t size, std::uint64_t& candidate) const {
    if (candidate + size <= c.limit) return false;
    std::uint64_t at = candidate; // in a register: nothing it could alias is written here
    c.limit = UINT64_MAX;
    for (const auto& runs = c.s->runs; c.run < runs.size(); ++c.run, c.block = 0) {
        const run& r = *runs[c.run];
        if (r.off[0] >= at + size) {
            c.limit = r.off[0];
            break;
        }
        if ((r.slices & c.slices) == 0 || r.max_end <= at) continue;
        if (r.max_lower < t.second && t.first < r.min_upper && r.max_hole < size) {
            at = std::max(at, align(r.max_end)); // all alive with the query, no room between them
        } else {
            bool stopped = false;
            const std::uint64_t passed = (std::uint64_t{1} << c.block) - 1; // c.block < 64
            for (std::uint64_t with = alive_with(r, t.first, t.second) & ~passed; with != 0; with &= with - 1) {
                const auto i = static_cast<std::uint32_t>(std::countr_zero(with));
                if (r.off[i] >= at + size) { // and every block after it
                    c.block = i;
                    c.limit = r.off[i];
                    stopped = true;
                    break;
                }
                at = std::max(at, r.end[i]); // ends are stored aligned: no branch on them
            }
            if (stopped) break;
        }
        if (at != candidate) {
            ++c.run; // passed whole
            c.block = 0;
            c.limit = 0; // not looked at
            break;
        }
    }
    const bool moved = at != candidate;
    candidate = at;
    return moved;
}

std::uint64_t placed_blocks::largest_hole(const run& r) {
    std::uint64_t hole = 0, top = r.n == 0 ? 0 : r.end[0];
    for (std::uint32_t i = 1; i < r.n; ++i) {
        if (r.off[i] > top) hole = std::max(hole, r.off[i] - top);
        top = std::max(top, r.end[i]);
    }
    return hole;
}

void placed_blocks::summarize(const shelf& s, run& r) const {
    r.slices = 0;
    r.max_end = 0;
    r.max_hole = largest_hole(r);
    r.max_lower = 0;
    r.min_upper = UINT32_MAX;
    for (std::uint32_t i = 0; i < r.n; ++i) {
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
    put(r, i, off, end, t);
    sh.max_extent = std::max(sh.max_extent, end - off);
    r.slices |= slices(sh, t.first, t.second);
    r.max_hole = largest_hole(r); // exact: a hole filled must let queries step over the run
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
    if (t.first >= t.second) return;
    m_floor.insert(t, off, end);
    each_shelf(t, [&, end = align(end)](shelf& sh) { add(sh, t, off, end); });
}

void placed_blocks::erase(lifetime t, std::uint64_t off, std::uint64_t end) {
    if (t.first >= t.second) return;
    m_floor.erase(t, off, end);
    each_shelf(t, [&](shelf& sh) { remove(sh, t, off); });
}

void placed_blocks::clear() {
    m_floor.clear();
    for (level& l : m_levels) {
        for (auto* shelves : {&l.own, &l.below}) {
            for (shelf& sh : *shelves) {
                sh.runs.clear();
                sh.max_extent = 0;
            }
        }
    }
}

} // namespace planscope
