#pragma once
// A floor under the answer of a greedy placement query (dsa_placed_blocks.h), found without
// walking the blocks one by one. At most 64 sample times, evenly spaced; a block alive at a
// sample is alive with every query that lives at that sample too, so the lowest offset free at
// all the samples a query lives at is at or below its answer. Where most buffers live long
// (most buffers alive with most others) it usually is the answer, and the exact scan starts
// there instead of at offset 0. The samples are the leaves of a tree whose every node lists the
// blocks alive at any of its samples: a query asks the few nodes that make up its samples.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace planscope {

class sample_floor {
public:
    using lifetime = std::pair<std::uint32_t, std::uint32_t>; // section ranks [lower, upper)

    // Every lifetime that will be inserted (empty ones are ignored); offsets are multiples of
    // `alignment` (a power of two).
    sample_floor(std::span<const lifetime> lifetimes, std::uint64_t alignment);

    // Starts a query alive in `t`.
    void start(lifetime t) const;
    // The lowest aligned offset at or above `from` (aligned) where `size` bytes (aligned)
    // overlap no block alive at a sample time in the query's lifetime; `from` when it holds no
    // sample. `from` never below the last call's in the same query: each node's scan resumes.
    [[nodiscard]] std::uint64_t lift(std::uint64_t size, std::uint64_t from) const;
    // A block [off, end) alive in `t`, apart from every block alive with it.
    void insert(lifetime t, std::uint64_t off, std::uint64_t end);
    // Removes a block inserted with this lifetime, offset and end.
    void erase(lifetime t, std::uint64_t off, std::uint64_t end);
    void clear();

private:
    // Fewer samples when the tree would list the blocks more often than this in all (about 16
    // bytes each): a trace of long lifetimes would otherwise list each block 127 times.
    static constexpr std::uint32_t max_samples = 64;
    static constexpr std::size_t max_listed = 4'500'000;
    static constexpr std::uint32_t run_capacity = 64; // split in two halves when full

    // Blocks by offset; those of different samples may share bytes.
    struct block {
        std::uint64_t off, end; // end aligned
    };
    struct run {
        std::uint32_t n = 0;
        block b[run_capacity];
    };
    // What a query needs to pass a run without reading it, kept apart from the runs so that
    // passing many touches little memory.
    struct head {
        std::uint64_t first = 0; // offset of the run's first block
        std::uint64_t max_end = 0;
        std::uint64_t max_hole = 0; // in the union of the run's blocks
        std::uint32_t n = 0;        // blocks in the run
    };
    struct node {
        std::vector<head> heads;
        std::vector<std::unique_ptr<run>> runs; // by offset
        std::uint64_t max_extent = 0;           // of a block listed, end minus offset
    };

    struct sampling {
        std::uint32_t width;   // sections between samples: sample k is section k * width
        std::uint32_t samples; // the leaves
        std::uint32_t leaves;  // a power of two >= samples; node 1 is the root, i's children 2i, 2i+1
        // The samples [first, past) in `t`.
        [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> in(lifetime t) const;
    };
    [[nodiscard]] static sampling choose(std::span<const lifetime> lifetimes);
    // Calls f(node) for each node of the tree whose samples meet [first, past).
    template <class F>
    void each_node(std::uint32_t first, std::uint32_t past, const F& f);
    // One of the nodes that make up a query's samples, and the block its scan stands at.
    struct part {
        const node* n;
        std::size_t run = SIZE_MAX; // none yet
        std::uint32_t block = 0;    // in the run
        std::uint64_t limit = 0;    // where the next block not passed starts, at the least
    };
    [[nodiscard]] static std::uint64_t fit(part& p, std::uint64_t size, std::uint64_t from);
    static void add(node& n, std::uint64_t off, std::uint64_t end);
    static void remove(node& n, std::uint64_t off, std::uint64_t end);
    [[nodiscard]] static head summarize(const run& r);

    std::uint64_t m_mask;
    sampling m_grid;
    std::vector<node> m_nodes;
    mutable std::vector<part> m_parts; // the query's
};

} // namespace planscope
