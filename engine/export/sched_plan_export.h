#pragma once
// The plan export of a graph scheduled over backends (`export --what plan --backends LIST`): the
// plan as the scheduler made it (plan_with_backends of 2023 or 2026), so its buffers and offsets
// are those `plan --backends --format json` lists: one compute buffer per backend, the input
// copies as tensors of their own (role "copy"), every tensor in its backend's buffer, and each
// buffer on the backend its name resolves to ("GPU" weights on "OpenCL"). docs/exports.md.
#include "plan_export.h"

#include "sched/sched_runner.h"

namespace planscope {

// Lifetimes (first_step, last_step) and lower bounds are null: no DSA problem is built per
// backend buffer. `steps` is the number of nodes of the split graph, which each backend's
// allocator walks.
plan_export make_sched_plan_export(const sched_outcome& out, ggml_version version);

} // namespace planscope
