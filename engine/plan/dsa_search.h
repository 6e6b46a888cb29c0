#pragma once
// The `best` planner: greedy orderings and an exact re-solve of a window around the busiest
// steps (dsa_window.h), then, for problems small enough, an exact search at the lower bound and
// a binary search over looser capacities, then a local search over the placement order, all
// within one time box. It keeps the lowest-peak valid plan seen and stops
// early once a plan reaches the lower bound.
#include "dsa_greedy.h"

#include <chrono>

namespace planscope {

struct search_result {
    dsa_offsets offsets;
    std::uint64_t peak = 0;
    bool optimal = false; // the peak equals the lower bound
};

// Buffers by offset in `offsets` (ties: problem order). Placing a valid plan's buffers in this
// order, each at the lowest offset that fits, puts none above its offset in the plan: so an order
// reaches every plan, the optimal ones included.
dsa_order order_by_offset(const dsa_problem& p, const dsa_offsets& offsets);

search_result search_best(const dsa_problem& p, std::chrono::steady_clock::time_point deadline);

// Moves buffers that reach the peak earlier in the order while that does not raise the peak:
// improves `order` (and returns its peak) until `deadline` or until the peak reaches `floor`.
std::uint64_t improve_order(const dsa_problem& p, dsa_order& order, std::uint64_t floor,
                            std::chrono::steady_clock::time_point deadline);

} // namespace planscope
