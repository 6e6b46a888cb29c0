#include "dsa_exact.h"

#include "dsa_section_totals.h"

#include <algorithm>
#include <array>
#include <numeric>
#include <optional>
#include <span>

namespace planscope {
namespace {

using clock_type = std::chrono::steady_clock;
constexpr std::uint64_t none = UINT64_MAX;

// The problem as the search sees it: buffers that take room and their time sections.
struct prepared {
    std::vector<std::uint32_t> original;  // search index -> problem index
    std::vector<std::uint64_t> size;      // aligned
    std::vector<std::uint64_t> width;     // upper - lower
    std::vector<std::uint32_t> first, last; // sections [first, last)
    std::vector<std::uint32_t> section_start, members; // CSR: buffers alive in each section
    // CSR: the buffers each one overlaps, when there are few enough pairs to list (a few
    // million); otherwise empty, and the search tests its pool instead.
    std::vector<std::uint32_t> overlap_start, overlaps;
    std::vector<std::uint64_t> total;     // bytes alive in each section
    std::uint64_t mask = 0;               // alignment - 1

    explicit prepared(const dsa_problem& p) : mask(p.alignment - 1) {
        std::vector<std::uint64_t> times;
        for (std::uint32_t i = 0; i < p.buffers.size(); ++i) {
            const dsa_buffer& b = p.buffers[i];
            if (b.size == 0 || b.upper <= b.lower) continue;
            original.push_back(i);
            times.insert(times.end(), {b.lower, b.upper});
        }
        std::sort(times.begin(), times.end());
        times.erase(std::unique(times.begin(), times.end()), times.end());
        const auto rank = [&](std::uint64_t t) {
            return static_cast<std::uint32_t>(std::lower_bound(times.begin(), times.end(), t) - times.begin());
        };
        const std::size_t n = original.size(), n_sections = times.empty() ? 0 : times.size() - 1;
        total.assign(n_sections, 0);
        section_start.assign(n_sections + 1, 0);
        for (std::uint32_t i = 0; i < n; ++i) {
            const dsa_buffer& b = p.buffers[original[i]];
            size.push_back(aligned_size(b.size, p.alignment));
            width.push_back(b.upper - b.lower);
            first.push_back(rank(b.lower));
            last.push_back(rank(b.upper));
            for (std::uint32_t s = first[i]; s < last[i]; ++s) {
                total[s] += size[i];
                ++section_start[s + 1];
            }
        }
        // Counted, then filled in one sweep over the sections, copying the set of buffers alive:
        // sequential writes, however long the lifetimes.
        for (std::size_t s = 0; s < n_sections; ++s) section_start[s + 1] += section_start[s];
        members.resize(section_start[n_sections]);
        std::vector<std::vector<std::uint32_t>> starting(n_sections + 1), ending(n_sections + 1);
        for (std::uint32_t i = 0; i < n; ++i) starting[first[i]].push_back(i), ending[last[i]].push_back(i);
        std::vector<std::uint32_t> alive, where(n);
        std::size_t pairs = 0;
        for (std::size_t s = 0; s < n_sections; ++s) {
            for (std::uint32_t i : ending[s]) {
                where[alive.back()] = where[i];
                alive[where[i]] = alive.back();
                alive.pop_back();
            }
            for (std::uint32_t i : starting[s]) {
                pairs += alive.size(); // a buffer overlaps exactly those alive when it starts, and later starters
                where[i] = static_cast<std::uint32_t>(alive.size());
                alive.push_back(i);
            }
            std::copy(alive.begin(), alive.end(), members.begin() + section_start[s]);
        }
        if (pairs <= max_listed_pairs) list_overlaps(starting, n);
    }

    static constexpr std::size_t max_listed_pairs = std::size_t{1} << 22;

    void list_overlaps(const std::vector<std::vector<std::uint32_t>>& starting, std::size_t n) {
        std::vector<std::vector<std::uint32_t>> adjacent(n);
        for (std::uint32_t s = 0; s + 1 < starting.size(); ++s) {
            for (std::uint32_t i : starting[s]) {
                for (std::uint32_t k = section_start[s]; k < section_start[s + 1]; ++k) {
                    const std::uint32_t j = members[k];
                    if (j != i && (first[j] < s || j < i)) adjacent[i].push_back(j), adjacent[j].push_back(i);
                }
            }
        }
        overlap_start.assign(1, 0);
        for (const auto& l : adjacent) {
            overlaps.insert(overlaps.end(), l.begin(), l.end());
            overlap_start.push_back(static_cast<std::uint32_t>(overlaps.size()));
        }
    }
};

// Static tie-break orders tried in turn: MiniMalloc's "TWA", "TAW", "WAT" (W: lifetime,
// A: lifetime x size, T: the busiest section's bytes), TWA first as it most often wins on
// the minimalloc and idealloc traces.
enum class key : std::uint8_t { width, area, total };
constexpr std::array<std::array<key, 3>, 3> preorders{{
    {key::total, key::width, key::area},
    {key::total, key::area, key::width},
    {key::width, key::area, key::total},
}};

std::uint64_t saturating_product(std::uint64_t a, std::uint64_t b) {
    return b != 0 && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

// A sub-problem: its unplaced buffers, pool[begin, end), and the sections [lo, hi) they live in.
struct partition {
    std::uint32_t begin = 0, end = 0;
    std::uint32_t lo = 0, hi = 0;
};

class searcher {
public:
    static constexpr std::size_t batch_size = 16;

    searcher(const prepared& p, std::uint64_t capacity, clock_type::time_point deadline)
        : m_p(p), m_capacity(capacity), m_deadline(deadline) {}

    // One depth-first search in one preorder, giving up after `node_limit` nodes.
    exact_outcome run(const std::array<key, 3>& preorder, std::int64_t node_limit) {
        const auto n = static_cast<std::uint32_t>(m_p.size.size());
        const auto n_sections = static_cast<std::uint32_t>(m_p.total.size());
        m_preorder = preorder;
        m_offset.assign(n, none);
        m_solution.assign(n, 0);
        m_min_offset.assign(n, 0);
        m_rank.assign(n, 0);
        m_pool.resize(n);
        std::iota(m_pool.begin(), m_pool.end(), 0u);
        m_total = m_p.total;
        m_witness.assign(m_p.section_start.begin(), m_p.section_start.end() - 1);
        m_cover.assign(n_sections + 1, 0);
        m_totals = section_totals(m_p.total);
        m_cuts.assign(n_sections, 0);
        for (std::uint32_t b = 0; b < n; ++b)
            for (std::uint32_t s = m_p.first[b]; s + 1 < m_p.last[b]; ++s) ++m_cuts[s];
        m_nodes_left = node_limit;
        m_stop = std::nullopt;
        // Times no buffer crosses split the problem from the start, as placements split it later.
        std::vector<std::uint32_t> cuts{0};
        for (std::uint32_t s = 0; s + 1 < n_sections; ++s)
            if (m_cuts[s] == 0) cuts.push_back(s + 1);
        return solve_sides({0, n, 0, n_sections}, std::move(cuts)) ? exact_outcome::found
                                                                    : m_stop.value_or(exact_outcome::infeasible);
    }

    [[nodiscard]] const std::vector<std::uint64_t>& solution() const { return m_solution; }

private:
    struct candidate {
        std::uint64_t offset;
        std::uint32_t rank, buffer;
        std::uint32_t slot; // in m_pool
    };

    bool out_of_budget() {
        if (--m_nodes_left < 0) m_stop = exact_outcome::timed_out; // this preorder's share is spent
        if ((m_nodes_left & 255) == 0 && clock_type::now() >= m_deadline) m_stop = exact_outcome::timed_out;
        return m_stop.has_value();
    }

    // A fresh canonical search of an independent sub-problem, its buffers ranked by the
    // preorder (the tie-break among equal offsets). The enclosing search's ranks come back after.
    bool solve(const partition& part) {
        const std::span<std::uint32_t> buffers(m_pool.data() + part.begin, part.end - part.begin);
        std::vector<std::pair<std::array<std::uint64_t, 3>, std::uint32_t>> keyed;
        std::vector<std::uint32_t> saved;
        for (std::uint32_t b : buffers) {
            const auto busiest = static_cast<std::uint64_t>(m_totals.max(m_p.first[b], m_p.last[b]));
            std::array<std::uint64_t, 3> k{};
            for (std::size_t i = 0; i < 3; ++i)
                k[i] = m_preorder[i] == key::width  ? m_p.width[b]
                       : m_preorder[i] == key::area ? saturating_product(m_p.width[b], m_p.size[b])
                                                    : busiest;
            keyed.emplace_back(k, b);
            saved.push_back(m_rank[b]);
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (std::uint32_t r = 0; r < keyed.size(); ++r) m_rank[keyed[r].second] = r;
        const bool found = search(part, 0, 0);
        for (std::size_t i = 0; i < buffers.size(); ++i) m_rank[buffers[i]] = saved[i];
        return found;
    }

    // Places the partition's buffers at `low` or above (at `low`, ranks from `low_rank` on).
    // The state is restored on return; m_solution keeps what was found.
    bool search(const partition& part, std::uint64_t low, std::uint32_t low_rank) {
        if (part.begin == part.end) return true;
        if (out_of_budget()) return false;
        // Dominance: nothing goes at or above the lowest top an unplaced buffer can reach, as
        // that buffer would still fit below it. Canonical: offsets never go down along a
        // branch, and at equal offsets ranks go up. Candidates are tried in (offset, rank)
        // order, each found by a scan rather than kept: a deep branch holds no lists.
        std::uint64_t min_height = none, max_height = 0;
        for (std::uint32_t k = part.begin; k < part.end; ++k) {
            const std::uint64_t top = m_min_offset[m_pool[k]] + m_p.size[m_pool[k]];
            min_height = std::min(min_height, top);
            max_height = std::max(max_height, top);
        }
        if (max_height > m_capacity) return false; // min offsets only rise
        candidate after{low, low_rank, 0, 0};
        bool first = true;
        // Only the next few are kept, in a max-heap by position: a branch thousands of levels
        // deep holds short lists.
        const auto by_position = [](const candidate& a, const candidate& b) {
            return a.offset != b.offset ? a.offset < b.offset : a.rank < b.rank;
        };
        std::vector<candidate> batch;
        batch.reserve(batch_size);
        for (;;) {
            batch.clear();
            for (std::uint32_t k = part.begin; k < part.end; ++k) {
                const std::uint32_t b = m_pool[k];
                const candidate x{m_min_offset[b], m_rank[b], b, k};
                if (x.offset >= min_height || x.offset < after.offset ||
                    (x.offset == after.offset && (first ? x.rank < after.rank : x.rank <= after.rank)))
                    continue;
                if (batch.size() == batch_size) {
                    if (!by_position(x, batch.front())) continue;
                    std::pop_heap(batch.begin(), batch.end(), by_position);
                    batch.pop_back();
                }
                batch.push_back(x);
                std::push_heap(batch.begin(), batch.end(), by_position);
            }
            if (batch.empty()) return false;
            std::sort(batch.begin(), batch.end(), by_position);
            for (const candidate& c : batch) {
                const std::size_t mark = m_offset_log.size();
                const placed p = place(part, c.buffer, c.offset);
                bool found = false;
                if (p.applied) {
                    // The child sees the pool without c, swapped to the end of the range, and
                    // leaves the pool as it found it.
                    std::swap(m_pool[c.slot], m_pool[part.end - 1]);
                    found = p.feasible && split_or_continue({part.begin, part.end - 1, part.lo, part.hi}, c);
                    std::swap(m_pool[c.slot], m_pool[part.end - 1]);
                    unplace(c.buffer, mark);
                }
                if (found) return true;
                if (m_stop || !p.covered) return false;
            }
            after = batch.back();
            first = false;
        }
    }

    // Once no unplaced buffer crosses a section boundary, the two sides are independent and are
    // solved one after the other: a failure on one side no longer re-searches the other.
    bool split_or_continue(const partition& part, const candidate& c) {
        std::vector<std::uint32_t> cuts{part.lo};
        for (std::uint32_t s = m_p.first[c.buffer]; s + 1 < m_p.last[c.buffer]; ++s)
            if (--m_cuts[s] == 0 && s + 1 > part.lo && s + 1 < part.hi) cuts.push_back(s + 1);
        const bool found = cuts.size() == 1 ? search(part, c.offset, c.rank) : solve_sides(part, std::move(cuts));
        for (std::uint32_t s = m_p.first[c.buffer]; s + 1 < m_p.last[c.buffer]; ++s) ++m_cuts[s];
        return found;
    }

    // Solves the sides of `cuts` (part.lo first, then sections no unplaced buffer crosses) one
    // after the other; a single side is solved as a whole.
    bool solve_sides(const partition& part, std::vector<std::uint32_t> cuts) {
        std::sort(cuts.begin(), cuts.end());
        cuts.push_back(part.hi);
        // Group the pool by side: no buffer crosses a cut, so its first section decides.
        const auto side = [&](std::uint32_t b) {
            return std::upper_bound(cuts.begin(), cuts.end(), m_p.first[b]) - cuts.begin() - 1;
        };
        const auto begin = m_pool.begin() + part.begin, end = m_pool.begin() + part.end;
        const std::vector<std::uint32_t> before(begin, end);
        std::stable_sort(begin, end, [&](std::uint32_t a, std::uint32_t b) { return side(a) < side(b); });
        std::uint32_t next = part.begin;
        bool found = true;
        for (std::size_t k = 1; k < cuts.size() && found; ++k) {
            partition sub{next, next, cuts[k - 1], cuts[k]};
            while (sub.end < part.end && side(m_pool[sub.end]) == static_cast<std::ptrdiff_t>(k - 1)) ++sub.end;
            found = solve(sub);
            next = sub.end;
        }
        std::copy(before.begin(), before.end(), begin);
        return found;
    }

    struct placed {
        bool covered;  // something unplaced overlaps b: other choices here may still do better
        bool feasible; // every section of b, and every section b's neighbours live in, still fits
        bool applied;  // b was placed (unplace() undoes it): not when a first check failed
    };

    // Without overlap lists, the buffers b can overlap are the unplaced ones of its partition:
    // the others are placed or live in other sections.
    placed place(const partition& part, std::uint32_t b, std::uint64_t at) {
        const std::uint64_t top = at + m_p.size[b];
        const std::uint64_t next = (top + m_p.mask) & ~m_p.mask;
        // The first checks fail for most candidates, and come before anything else changes: the
        // rest of each section of b stacks on b, and offsets only go up from `at`, so the fullest
        // section of the partition must fit above it.
        for (std::uint32_t s = m_p.first[b]; s < m_p.last[b]; ++s)
            if (top + m_total[s] - m_p.size[b] > m_capacity) return {overlaps_unplaced(part, b), false, false};
        m_totals.add(m_p.first[b], m_p.last[b], -static_cast<std::int64_t>(m_p.size[b]));
        if (static_cast<std::int64_t>(at) + m_totals.max(part.lo, part.hi) > static_cast<std::int64_t>(m_capacity)) {
            m_totals.add(m_p.first[b], m_p.last[b], static_cast<std::int64_t>(m_p.size[b]));
            return {overlaps_unplaced(part, b), false, false};
        }
        m_offset[b] = at;
        m_solution[b] = at;
        bool feasible = true;
        for (std::uint32_t s = m_p.first[b]; s < m_p.last[b]; ++s) m_total[s] -= m_p.size[b];
        bool covered = false;
        // The raised buffers all overlap b: their sections form one range. m_cover counts, per
        // section, the raised buffers alive there (as differences).
        std::uint32_t lo = m_p.first[b], hi = lo;
        const bool listed = !m_p.overlap_start.empty();
        const std::uint32_t k_begin = listed ? m_p.overlap_start[b] : part.begin;
        const std::uint32_t k_end = listed ? m_p.overlap_start[b + 1] : part.end;
        for (std::uint32_t k = k_begin; k < k_end; ++k) {
            const std::uint32_t o = listed ? m_p.overlaps[k] : m_pool[k];
            if (listed ? m_offset[o] != none
                       : o == b || m_p.first[o] >= m_p.last[b] || m_p.first[b] >= m_p.last[o])
                continue;
            covered = true;
            if (m_min_offset[o] >= next) continue;
            m_offset_log.emplace_back(o, m_min_offset[o]);
            m_min_offset[o] = next;
            lo = std::min(lo, m_p.first[o]);
            hi = std::max(hi, m_p.last[o]);
            ++m_cover[m_p.first[o]];
            --m_cover[m_p.last[o]];
        }
        // What is left of a section stacks from its lowest unplaced buffer's min offset: a section
        // fails when every one of them is above capacity - bytes left.
        std::int64_t raised = 0;
        std::uint32_t s = lo;
        for (; s < hi && feasible; ++s) {
            raised += m_cover[s];
            m_cover[s] = 0;
            if (m_total[s] == 0) continue;
            const std::uint64_t room = m_capacity - std::min(m_capacity, m_total[s]);
            if (raised > 0 && next <= room) continue; // a buffer just raised to `next` fits
            // The member that fitted last time usually still does (a hint, never undone); the
            // scan goes on from it, round the list, so a long list is not rescanned from its head.
            const auto fits = [&](std::uint32_t x) { return m_offset[x] == none && m_min_offset[x] <= room; };
            const std::uint32_t begin = m_p.section_start[s], end = m_p.section_start[s + 1];
            std::uint32_t& w = m_witness[s];
            if (fits(m_p.members[w])) continue;
            feasible = false;
            for (std::uint32_t i = 1, k = w; i < end - begin && !feasible; ++i) {
                k = k + 1 == end ? begin : k + 1;
                if (fits(m_p.members[k])) w = k, feasible = true;
            }
        }
        std::fill(m_cover.begin() + s, m_cover.begin() + hi + 1, 0);
        return {covered, feasible, true};
    }

    // Whether an unplaced buffer overlaps b, b unplaced.
    [[nodiscard]] bool overlaps_unplaced(const partition& part, std::uint32_t b) const {
        if (!m_p.overlap_start.empty()) {
            for (std::uint32_t k = m_p.overlap_start[b]; k < m_p.overlap_start[b + 1]; ++k)
                if (m_offset[m_p.overlaps[k]] == none) return true;
            return false;
        }
        for (std::uint32_t k = part.begin; k < part.end; ++k) {
            const std::uint32_t o = m_pool[k];
            if (o != b && m_p.first[o] < m_p.last[b] && m_p.first[b] < m_p.last[o]) return true;
        }
        return false;
    }

    void unplace(std::uint32_t b, std::size_t mark_offsets) {
        for (std::size_t k = m_offset_log.size(); k-- > mark_offsets;) m_min_offset[m_offset_log[k].first] = m_offset_log[k].second;
        m_offset_log.resize(mark_offsets);
        m_totals.add(m_p.first[b], m_p.last[b], static_cast<std::int64_t>(m_p.size[b]));
        for (std::uint32_t s = m_p.first[b]; s < m_p.last[b]; ++s) m_total[s] += m_p.size[b];
        m_offset[b] = none;
    }

    const prepared& m_p;
    std::uint64_t m_capacity;
    clock_type::time_point m_deadline;
    std::array<key, 3> m_preorder{};
    std::vector<std::uint64_t> m_offset, m_solution, m_min_offset, m_total;
    std::vector<std::uint32_t> m_pool; // unplaced buffers, each partition a contiguous range
    std::vector<std::uint32_t> m_rank; // of each buffer in its partition's preorder
    section_totals m_totals{{}};
    std::vector<std::uint32_t> m_cuts; // unplaced buffers alive in both section s and s + 1
    std::vector<std::uint32_t> m_witness; // per section: where in `members` one last fitted under the capacity
    std::vector<std::int64_t> m_cover;    // scratch of place(), all zero between calls
    std::vector<std::pair<std::uint32_t, std::uint64_t>> m_offset_log; // undo journal of min offsets
    std::int64_t m_nodes_left = 0;
    std::optional<exact_outcome> m_stop;
};

} // namespace

struct exact_solver::impl {
    prepared prep;
};

namespace {

// How many (section, buffer alive there) pairs the search would list.
std::uint64_t alive_pairs(const dsa_problem& p) {
    std::vector<std::uint64_t> times;
    for (const dsa_buffer& b : p.buffers)
        if (b.size != 0 && b.lower < b.upper) times.insert(times.end(), {b.lower, b.upper});
    std::sort(times.begin(), times.end());
    times.erase(std::unique(times.begin(), times.end()), times.end());
    const auto rank = [&](std::uint64_t t) { return std::lower_bound(times.begin(), times.end(), t) - times.begin(); };
    std::uint64_t pairs = 0;
    for (const dsa_buffer& b : p.buffers)
        if (b.size != 0 && b.lower < b.upper) pairs += static_cast<std::uint64_t>(rank(b.upper) - rank(b.lower));
    return pairs;
}

} // namespace

exact_solver::exact_solver(const dsa_problem& p) : m_problem(p) {
    if (p.buffers.size() > max_exact_buffers || p.alignment == 0) return;
    // Section totals are signed 64-bit in the search.
    std::uint64_t bytes = 0;
    for (const dsa_buffer& b : p.buffers) {
        std::uint64_t padded = 0;
        if (__builtin_add_overflow(b.size, p.alignment - 1, &padded) ||
            __builtin_add_overflow(bytes, padded / p.alignment * p.alignment, &bytes) || bytes >= (std::uint64_t{1} << 62))
            return;
    }
    if (alive_pairs(p) > max_exact_alive_pairs) return;
    m_impl = std::make_unique<impl>(impl{prepared(p)});
}

exact_solver::~exact_solver() = default;

exact_result exact_solver::solve(std::uint64_t capacity, clock_type::time_point deadline) const {
    if (!m_impl) return {};
    const prepared& prep = m_impl->prep;
    searcher s(prep, capacity, deadline);
    // Round robin over the preorders with a growing node limit, as one of them often finds a
    // solution far sooner than the others.
    for (std::int64_t limit = static_cast<std::int64_t>(prep.size.size()) + 1024;; limit *= 2) {
        for (const auto& preorder : preorders) {
            const exact_outcome o = s.run(preorder, limit);
            if (o == exact_outcome::found) {
                exact_result out{exact_outcome::found, dsa_offsets(m_problem.buffers.size(), 0)};
                for (std::size_t i = 0; i < prep.original.size(); ++i) out.offsets[prep.original[i]] = s.solution()[i];
                return out;
            }
            if (o == exact_outcome::infeasible) return {exact_outcome::infeasible, {}}; // the search is complete
            if (clock_type::now() >= deadline) return {};
        }
    }
}

exact_result solve_exact(const dsa_problem& p, std::uint64_t capacity, clock_type::time_point deadline) {
    return exact_solver(p).solve(capacity, deadline);
}

} // namespace planscope
