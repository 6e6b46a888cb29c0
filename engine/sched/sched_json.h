#pragma once
// `planscope-cli plan FILE --backends LIST --format json`: the scheduler's whole plan as one JSON
// document (format "planscope-sched", docs/sched-schema.json): backends, every buffer (the
// compute buffers with their free list after allocation), splits with node ranges and input
// copies (placed), every node and leaf with its backend, cause, split and placement, the split
// causes grouped, and the sanity check's warnings. Names are whole (the text form cuts them at
// 20 characters, as ggml printed them).
#include "sched_runner.h"

#include <string>

namespace planscope {

inline constexpr int sched_json_version = 1;

// `out` from plan_with_backends (its doc and inplace_of are read).
std::string sched_plan_json(const sched_outcome& out);

} // namespace planscope
