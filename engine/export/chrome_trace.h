#pragma once
// An execution trace in the Chrome Trace Event format (the JSON object form), which Perfetto
// and chrome://tracing open: one track per backend (pid 1, tid = backend index + 1, named by a
// thread_name metadata event), then per split, in order, a slice per input copy and one for the
// split's compute, with bytes and op counts as args. docs/exports.md describes the fields.
#include "schedule_view.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

// Timings that are estimates, not a run's (estimated_timings.h): what the trace says of them.
struct trace_estimate {
    std::vector<std::uint64_t> flops;          // per split
    std::vector<std::vector<double>> input_us; // per split, per input: its copy's time
    // Per backend: its profile's figures, what the estimate divided by (nullopt: the profile has none).
    std::vector<std::optional<double>> compute_tflops, copy_gbps;
};

// `s.timings` must hold one timing per split. A copy takes its measured time (input_us), else its
// share of the split's copy time by bytes; splits run one after another, as the scheduler runs
// them. With remote backends (s.remote) a copy to or from one is a "network" slice on the
// server's track, named by the RPC commands that move it (set_tensor, get_tensor), with its
// network_bytes, and a split computed there a "remote compute" slice, "graph_compute split #N". With `estimate` the copies
// take its input_us, the process is named "planscope NAME (estimated)", every slice has
// "estimated": true in its args, a compute slice its split's FLOPs, and otherData says so.
result<std::string> chrome_trace_json(const graph_document& doc, const schedule_view& s,
                                      const trace_estimate* estimate = nullptr);

} // namespace planscope
