#pragma once
// The allocation trace: a planned graph's compute-buffer allocations as the DSA CSV that
// engine/plan/dsa_csv.h reads and other static memory planners exchange, so a plan can be
// compared with theirs (docs/planner.md, docs/exports.md).
#include "planned_graph.h"

#include <string>

namespace planscope {

// "id,lower,upper,size,offset": one line per allocation, lifetimes [lower, upper) in steps,
// offsets the chosen planner's.
std::string alloc_trace_csv(const planned_graph& p);

} // namespace planscope
