#pragma once
// An exact DSA search for small problems: can every buffer fit under `capacity`? A depth-first
// branch and bound over canonical solutions (buffers placed bottom-up at the lowest offset their
// placed neighbours allow), with the pruning rules of MiniMalloc (Moffitt, ASPLOS 2023): offsets
// never decrease along a branch, no buffer is placed where another could still have fitted
// below it, and a time section whose floor plus the bytes still to place exceeds the capacity
// fails at once. Parts that no unplaced buffer crosses in time are solved one after the other.
#include "dsa_problem.h"

#include <chrono>
#include <memory>

namespace planscope {

enum class exact_outcome : std::uint8_t { found, infeasible, timed_out };

struct exact_result {
    exact_outcome outcome = exact_outcome::timed_out;
    dsa_offsets offsets; // when found
};

// Gives up at `deadline`. Problems with more than `max_exact_buffers` buffers are not searched
// (timed_out at once): the search recurses once per buffer placed, and scans what is left
// at every step.
inline constexpr std::size_t max_exact_buffers = 6000;
// Nor those whose buffers are alive in more than this many (time section, buffer) pairs in all:
// the search lists them, 4 bytes each (bert_base has 3.1 million; 6,000 buffers alive across
// 12,000 sections would be 72 million).
inline constexpr std::size_t max_exact_alive_pairs = std::size_t{1} << 24;
exact_result solve_exact(const dsa_problem& p, std::uint64_t capacity, std::chrono::steady_clock::time_point deadline);

// The same search, the problem prepared once for several capacities (a binary search). `p` must
// outlive the solver.
class exact_solver {
public:
    explicit exact_solver(const dsa_problem& p);
    ~exact_solver();
    exact_solver(const exact_solver&) = delete;
    exact_solver& operator=(const exact_solver&) = delete;

    [[nodiscard]] exact_result solve(std::uint64_t capacity, std::chrono::steady_clock::time_point deadline) const;

private:
    struct impl;
    const dsa_problem& m_problem;
    std::unique_ptr<impl> m_impl; // null for a problem too large to search
};

} // namespace planscope
