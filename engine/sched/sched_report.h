#pragma once
// Text listings of a scheduler's decisions, in the spirit of the seed's sched_print_assignments:
// per split its backend and inputs with sizes, per node (view ops skipped) its backend and cause
// and those of its sources.
#include "sched_types.h"

#include "core/context.h"

#include <string>

namespace planscope {

// The seed's fmt_size: whole MiB as "NM" from 1 MiB on, else whole KiB as "NK".
std::string sched_size(std::size_t bytes);

// After split_graph on (ctx, g):
//   ## SPLIT #1: CPU1 # 1 inputs: [n1 (   0K)]
//   node #  2 (   MUL_MAT):                   n2 (  0K) [CPU1   1.src0]:                   w1 (  0K) [CPU1   1.leaf] ...
// Fields are cut to the seed's printf widths (%10.10s, %20.20s, %4.4s, %8.8s).
std::string format_assignments(const context& ctx, const graph& g, const sched_plan& plan);

// "BACKEND: N bytes measured, buffer B of M bytes" per backend.
std::string format_buffers(const std::vector<std::string>& names, const std::vector<sched_buffer_info>& buffers);

// "split #I BACKEND: copy U us (B bytes), compute U us" per split, then "total BACKEND: ..." per backend.
std::string format_timings(const std::vector<std::string>& names, const std::vector<sched_split_timing>& timings,
                           const std::vector<sched_backend_totals>& totals);

} // namespace planscope
