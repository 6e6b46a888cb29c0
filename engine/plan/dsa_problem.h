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

// What every planner needs of a problem: an alignment that is a power of two, and sizes whose
// total, each rounded up to the alignment, fits in 64 bits. Then no plan a planner makes has an
// offset or end past 2^64 - 1 (a greedy plan's peak is at most that total), and no sum of sizes
// wraps. The error names the buffer whose size takes the total past it.
[[nodiscard]] status check_problem(const dsa_problem& p);

// The largest sum of sizes alive at one step: no solution's peak is below it. UINT64_MAX when
// that sum does not fit in 64 bits (check_problem refuses such a problem).
[[nodiscard]] std::uint64_t lower_bound(const dsa_problem& p);
// The arena a solution needs: the highest end offset + size; UINT64_MAX when an end does not fit
// in 64 bits (validate refuses such a solution).
[[nodiscard]] std::uint64_t peak(const dsa_problem& p, const dsa_offsets& offsets);
// Checks one offset per buffer, alignment, ends that fit in 64 bits, and that no two buffers with
// overlapping lifetimes overlap in memory; the error names the buffers by id.
[[nodiscard]] status validate(const dsa_problem& p, const dsa_offsets& offsets);

// A size rounded up to the problem's alignment: the room a buffer takes when packed. It does not
// overflow for a problem that passes check_problem.
[[nodiscard]] constexpr std::uint64_t aligned_size(std::uint64_t size, std::uint64_t alignment) {
    return (size + alignment - 1) / alignment * alignment;
}

} // namespace planscope
