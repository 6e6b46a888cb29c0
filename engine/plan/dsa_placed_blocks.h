#pragma once
// The blocks a greedy DSA placement has placed, indexed so that "the lowest offset where a new
// block fits" does not scan every block placed (dsa_greedy.h).
//
// Time first. The time sections, known in advance, are cut into windows of 64 sections, those
// into windows of 512, and so on up to one window: a block belongs to the level of the smallest
// window that holds its whole lifetime, and lives on that window's shelf. Its window at each
// higher level also lists it among the blocks below. A block can only meet the blocks on the
// shelves of its windows at its level and above, and those below its own window: a handful of
// shelves, a short-lived block's own being short. Within a shelf the blocks are kept by offset,
// in runs of 64, and a query scans them upwards from offset 0. A run says which of 64 slices of
// its window's time its blocks are alive in: a run alive in none of the query's slices is
// skipped, and one whose blocks are all alive with the query and leave no hole large enough
// between them is stepped over whole. Before and between the shelves' scans, a floor
// (dsa_sample_floor.h) lifts the candidate over the blocks alive at sample times in one go. The
// answer is the one a scan of every block gives.
#include "dsa_sample_floor.h"

#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace planscope {

class placed_blocks {
public:
    using lifetime = std::pair<std::uint32_t, std::uint32_t>; // section ranks [lower, upper)

    // Every lifetime that will be placed (empty ones are ignored); offsets are multiples of
    // `alignment` (a power of two).
    placed_blocks(std::span<const lifetime> lifetimes, std::uint64_t alignment);

    // The lowest aligned offset at which `size` bytes (a multiple of the alignment) alive in `t`
    // overlap no placed block alive at the same time. `t` is one of the constructor's.
    [[nodiscard]] std::uint64_t lowest_fit(lifetime t, std::uint64_t size) const;
    // A block [off, end) in memory; it overlaps no placed block alive at the same time.
    void insert(lifetime t, std::uint64_t off, std::uint64_t end);
    // Removes the block inserted with this lifetime, offset and end.
    void erase(lifetime t, std::uint64_t off, std::uint64_t end);
    void clear();

private:
    static constexpr std::uint32_t run_capacity = 64; // split in two halves when full
    static constexpr std::uint32_t first_window = 64, window_factor = 8; // in sections

    // Blocks by offset (blocks of different times may share bytes), column by column: the
    // lifetime test runs over a whole run without waiting on the candidate.
    struct run {
        std::uint32_t n = 0;
        std::uint32_t max_lower = 0, min_upper = UINT32_MAX;
        std::uint64_t slices = 0; // of the shelf's time, alive in
        std::uint64_t max_end = 0;
        std::uint64_t max_hole = 0; // in the union of the blocks
        std::uint64_t off[run_capacity], end[run_capacity]; // ends aligned
        std::uint32_t lower[run_capacity], upper[run_capacity];
    };
    struct shelf {
        std::uint32_t lo = 0, hi = 0; // sections [lo, hi)
        std::uint64_t max_extent = 0; // of a block placed, aligned end minus offset
        std::vector<std::unique_ptr<run>> runs; // by offset
    };
    struct level {
        std::uint32_t width = 0;    // of a window, in sections
        std::vector<shelf> own;     // per window: the blocks of this level
        std::vector<shelf> below;   // per window: the blocks of the levels below (none at level 0)
    };
    // Where a query stands on one shelf.
    struct cursor {
        const shelf* s;
        std::uint64_t slices; // the query's
        std::size_t run = 0;
        std::uint32_t block = 0; // in the run: those before it are passed
        std::uint64_t limit = 0; // where the next block alive with the query starts, at the least
    };

    [[nodiscard]] std::uint64_t align(std::uint64_t x) const { return (x + m_mask) & ~m_mask; }
    [[nodiscard]] std::size_t level_of(lifetime t) const;
    // Calls f(shelf) for every shelf that lists a block of lifetime t.
    template <class F>
    void each_shelf(lifetime t, const F& f);
    [[nodiscard]] static std::uint64_t slices(const shelf& s, std::uint32_t lower, std::uint32_t upper);
    [[nodiscard]] static std::uint64_t alive_with(const run& r, std::uint32_t lower, std::uint32_t upper);
    [[nodiscard]] bool scan(cursor& c, lifetime t, std::uint64_t size, std::uint64_t& candidate) const;
    void add(shelf& s, lifetime t, std::uint64_t off, std::uint64_t end) const;
    void remove(shelf& s, lifetime t, std::uint64_t off) const;
    void summarize(const shelf& s, run& r) const;
    [[nodiscard]] static std::uint64_t largest_hole(const run& r); // ends are stored aligned
    static void put(run& r, std::uint32_t i, std::uint64_t off, std::uint64_t end, lifetime t);

    std::uint64_t m_mask;
    sample_floor m_floor; // where the scans start
    std::vector<level> m_levels;           // narrowest windows first; the last has one window
    mutable std::vector<cursor> m_cursors; // lowest_fit's scratch
};

} // namespace planscope
