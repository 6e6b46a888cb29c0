#pragma once
// `plan --backends LIST --ggml 2026`: a document planned over backends as ggml 2026's scheduler
// does it (ggml_backend_sched_reserve): split_graph (sched_2026.h), then one ggml_gallocr over
// the backends' buffer types (ggml_gallocr_new_n) reserving the split graph with each node's and
// leaf's backend as its buffer id. Inputs are not pre-allocated: the leafs among the tensors the
// source would pre-allocate are flagged INPUT (flag_inputs, as plan --ggml 2026 flags them), and
// the allocator places them. Views are then placed at their view_src's address plus view_offs, as
// alloc_graph places them (place_views), so every tensor of the listing has an address.
#include "sched_2026.h"

#include "alloc/alloc_events.h"
#include "alloc/ggml2026/graph_planner.h"
#include "sched/sched_runner.h"

#include <span>

namespace planscope::ggml2026 {

struct sched_plan_options {
    int n_copies = 1;           // ggml_backend_sched_new's n_copies (llama.cpp: 4 with pipeline parallelism)
    bool op_offload = true;     // ggml_backend_sched_new's op_offload
    std::size_t max_buffer_size = SIZE_MAX; // every backend's buffer type's maximum (chunks beyond)
    alloc_observer* alloc = nullptr;        // the reserve's allocation events
    sched_observer* sched = nullptr;        // the split's decisions
};

// The scheduler's view of `backends` for `doc`: buffer types ("CPU", host, for every CPU backend:
// they share one; a device backend's own), the CPU reading every host buffer, a document buffer's
// type that of the backend its name resolves to (buffer_backend_of_document), buffers named
// "weights..." holding weights, supports_op from the backends. Planscope's backends ask for no
// op offload.
// For each backend, the first backend of the same buffer type (itself if none before it):
// ggml_gallocr_new_n gives backends of one buffer type one allocator.
std::vector<int> shared_roots(std::span<const sched_buffer_type> bufts);

sched_config_2026 config_for(const graph_document& doc, std::span<backend* const> backends);

// What plan_with_backends does once split_graph has split `doc` into `plan`, for any backends,
// real or device profiles (llm_context/llm_device_plan.h): one allocator over `types` (one per
// backend of backend_names; `shared` names the first backend of a type) reserves the split graph;
// every tensor is placed, views at their view_src, each type's chunks appended to doc's buffers as
// "NAME compute", "NAME compute#1", ... with the type's alignment. `types`' alloc_size may read
// doc.ctx, which stays the same object until the outcome takes it. Errors: the allocator's.
result<sched_outcome> reserve_split(graph_document&& doc, sched_plan&& plan, const std::vector<std::string>& backend_names,
                                    std::span<const buffer_type_info> types, alloc_observer* alloc = nullptr);

// Errors: a backend name of the document's assignments no backend has, what split_graph or the
// allocator refuses. The outcome's doc has the copies, every planned tensor placed and, per
// backend buffer type, its chunks as buffers "NAME compute", "NAME compute#1", ...; buffers lists
// one entry per backend (0 bytes for one sharing another's buffer type, as
// ggml_gallocr_get_buffer_size counts a shared buffer once).
result<sched_outcome> plan_with_backends(opened_source src, std::span<backend* const> backends,
                                         const sched_plan_options& options = {});

} // namespace planscope::ggml2026
