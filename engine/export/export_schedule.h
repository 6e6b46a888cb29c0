#pragma once
// The scheduler run for the exports, exactly as `planscope-cli plan/run --backends` run it
// (engine/sched/sched_runner.h), on a list of backends such as "cpu,opencl"
// (engine/sched/backend_factory.h).
#include "schedule_view.h"

#include "alloc/plan.h"
#include "sched/opened_source.h"
#include "sched/sched_runner.h"

#include <functional>
#include <string>

namespace planscope {

struct export_schedule_options {
    std::string backends = "cpu"; // make_backends list
    int n_threads = 1;            // CPU backends
    std::string device;           // OpenCL device
    // The era whose scheduler splits and runs (era_for; 2026's with buffer types of at most
    // max_buffer_size).
    ggml_version version = ggml_version::v2023;
    std::size_t max_buffer_size = SIZE_MAX;
};

// The era's schedule (era::schedule, options.version's) on a copy of `src`: the document as
// scheduled and planned, one compute buffer per backend, the copies placed.
result<sched_outcome> schedule_for_export(const opened_source& src, const export_schedule_options& options);

// The splits and causes of schedule_for_export; no timings.
result<schedule_view> split_for_export(const opened_source& src, const export_schedule_options& options);

// One era::run (which builds the source with `open`, backs every buffer with memory and
// fills the leafs with a fixed pattern): the splits with the run's per-split timings.
result<schedule_view> run_for_trace(const std::function<result<opened_source>()>& open,
                                    const export_schedule_options& options);

} // namespace planscope
