#pragma once
// Times for a schedule that never ran: each split's compute as its nodes' FLOPs (op_flops.h)
// over its device's peak compute_tflops, each input copy as its bytes over a copy bandwidth
// (copy_gbps), one after another as the scheduler runs them. Estimates, not measurements: no op
// reaches peak, memory-bound ops (most of a small batch) take far longer than FLOPs / peak, and
// data movement counts no time at all (docs/exports.md, "Estimated trace").
//
// A copy between the CPU and a device runs at the device's copy_gbps; between two devices at the
// slower one's. A figure is needed only where it divides something: a split of no FLOPs needs no
// compute_tflops, a copy of no bytes no copy_gbps. A needed figure the profile lacks is an error
// naming the device, the field and the split ("CUDA0: no compute_tflops for estimated times
// (split #1: 1200 FLOPs)"); nothing is made up.
#include "chrome_trace.h"
#include "schedule_view.h"

#include "device/device_profile.h"
#include "sched/sched_runner.h"

#include <span>
#include <string>

namespace planscope {

// Fills s.timings, one per split, from `ctx`'s shapes (the graph the schedule split) and the
// profile named as each of s.backends (the CPU: the profile of kind cpu); returns the estimate's
// details for the trace. A tensor copied is read on the backend s.assignment gives it.
result<trace_estimate> estimate_timings(const context& ctx, schedule_view& s, std::span<const device_profile> devices);

// The Chrome trace of a schedule made on device profiles (llm_context/llm_device_plan.h): `source`
// the graph as built (the outcome's tensor ids), `scheduled` its plan, `devices` the profiles it
// was made over (the GPUs and the CPU). Errors: estimate_timings'.
result<std::string> estimated_trace_json(const graph_document& source, const sched_outcome& scheduled,
                                         std::span<const device_profile> devices);

} // namespace planscope
