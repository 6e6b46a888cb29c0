#pragma once
// Dynamic storage allocation (DSA): buffers with a lifetime and a size, to be given offsets in one
// arena so that no two buffers alive at the same time share a byte. Graph plans and external
// traces (CSV, dsa_csv.h) both become this, so every planner works on both.
#include "core/error.h"

#include <cstdint>
#include <vector>

namespace planscope {

struct dsa_buffer {
    std::uint64_t id = 0;    // the trace's id, or the graph buffer's index
    std::uint64_t lower = 0; // first step alive
    std::uint64_t upper = 0; // first step no longer alive: the lifetime is [lower, upper)
    std::uint64_t size = 0;  // bytes
};

struct dsa_problem {
    std::vector<dsa_buffer> buffers;
    std::uint64_t alignment = 1; // every offset a multiple of this (a power of two)
};

// A solution: one offset per buffer, in the problem's order.
using dsa_offsets = std::vector<std::uint64_t>;

[[nodiscard]] constexpr bool lifetimes_overlap(const dsa_buffer& a, const dsa_buffer& b) {
    return a.lower < b.upper && b.lower < a.upper;
}

// The largest sum of sizes alive at one step: no solution's peak is below it.
[[nodiscard]] std::uint64_t lower_bound(const dsa_problem& p);
// The arena a solution needs: the highest end offset + size.
[[nodiscard]] std::uint64_t peak(const dsa_problem& p, const dsa_offsets& offsets);
// Checks one offset per buffer, alignment, and that no two buffers with overlapping lifetimes
// overlap in memory; the error names the buffers by id.
[[nodiscard]] status validate(const dsa_problem& p, const dsa_offsets& offsets);

// A size rounded up to the problem's alignment: the room a buffer takes when packed.
[[nodiscard]] constexpr std::uint64_t aligned_size(std::uint64_t size, std::uint64_t alignment) {
    return (size + alignment - 1) / alignment * alignment;
}

} // namespace planscope
