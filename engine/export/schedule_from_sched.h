#pragma once
// The scheduler's result (engine/sched/sched_types.h) as the exports' schedule_view.
#include "schedule_view.h"
#include "sched/sched_types.h"

#include <span>

namespace planscope {

// `g` is the graph the plan split (its nodes, not the split graph's); `timings` the scheduler's
// last graph_compute, or empty. A tensor a split reads more than once is one input (one copy).
schedule_view schedule_from_sched(const sched_plan& plan, const graph& g,
                                  std::span<const sched_split_timing> timings = {});

} // namespace planscope
