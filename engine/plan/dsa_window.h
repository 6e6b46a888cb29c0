#pragma once
// A windowed re-solve. A plan that misses the lower bound usually misses it by a puzzle around
// the busiest steps, which greedy orders and local moves do not solve, while an exact search of
// the whole problem is too large. So: take the busiest steps, widened by a margin; solve exactly
// the buffers alive there, their lifetimes cut to the window (two of them overlap in time inside
// the window exactly when they overlap at all); replay that solution first and place every
// other buffer after it, greedily by size. Wider windows are tried while time remains.
#include "dsa_greedy.h"

#include <chrono>
#include <optional>

namespace planscope {

struct window_plan {
    dsa_order order; // the window's buffers by offset, then the others
    dsa_offsets offsets;
    std::uint64_t peak = 0;
    std::size_t window_buffers = 0; // buffers in the window that gave this plan
};

// Windows of growing margin around the steps where the bytes alive reach the lower bound, each
// solved exactly at `capacity` and completed by the greedy order by size. Returns the lowest plan
// found below `to_beat` (stopping at the first at or under `capacity`), or nothing. Windows
// holding more than `max_share` of the buffers are not tried: the exact search of the whole
// problem does better there.
std::optional<window_plan> solve_peak_windows(const dsa_problem& p, std::uint64_t capacity, std::uint64_t to_beat,
                                              std::chrono::steady_clock::time_point deadline, double max_share = 1.0);

} // namespace planscope
