#pragma once
// A document planned for export: allocated as ggml does (recording every event), its buffers'
// lifetimes as a DSA problem, and one planner's offsets applied to every tensor. The plan and
// allocation-trace exports read this; the CLI and the GUI build it the same way.
#include "alloc/plan.h"
#include "plan/graph_dsa.h"

#include <vector>

namespace planscope {

struct planned_graph {
    graph_document doc; // tensors placed at the chosen planner's offsets
    plan_result plan;
    graph_dsa dsa;      // lifetimes in steps; dsa.ggml keeps the allocator's own offsets
    dsa_plan chosen;    // the planner whose offsets doc holds
};

struct export_plan_options {
    std::size_t alignment = 32;          // the compute buffer's, as plan_options
    std::vector<tensor_id> preallocate;  // as plan_options
    ggml_version version = ggml_version::v2023; // as plan_options
    std::size_t max_buffer_size = SIZE_MAX;     // as plan_options
    planner_kind planner = planner_kind::ggml;
    planner_options planning;
};

// Plans a freshly opened document. Errors are the allocator's or the planner's.
result<planned_graph> plan_for_export(graph_document doc, const export_plan_options& options = {});

} // namespace planscope
