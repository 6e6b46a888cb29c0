#pragma once
// ggml_gallocr_reserve_n of ggml 2026 (ggml-alloc.c of d99724f2, lines 466-902): where every
// tensor of a graph goes, planned before any memory exists, over one dyn_allocator per buffer
// type. In its order: every leaf first; then, while counting each tensor's consumers and views,
// the nodes flagged INPUT and the INPUT sources; then the nodes in graph order, each one's sources
// before it, freeing a tensor when its last consumer and view have run — except outputs, which
// are never freed. A node of an op that can work in place takes over a source's memory when that
// source is the allocator's own, not an output, of the same layout, read by nothing else and not
// viewed (or a view whose root has no other view or consumer); the rest of a larger source is
// freed. Tensors already placed (weights, the KV cache) and views take no memory.
// Unlike 2023 the graph is not changed: no view_src is written for in-place nodes.
#include "alloc/ggml2026/dyn_allocator.h"
#include "core/graph.h"

#include <functional>
#include <optional>
#include <span>
#include <utility>
#include <vector>

namespace planscope::ggml2026 {

// A buffer type as the allocator sees it. Buffer types with the same `shared` key are one
// allocator and one buffer (ggml_gallocr_new_n compares the buffer type pointers).
struct buffer_type_info {
    std::size_t alignment = 32;
    std::size_t max_size = SIZE_MAX; // ggml_backend_buft_get_max_size
    int shared = -1;                 // -1: its own
    // ggml_backend_buft_get_alloc_size; empty: nbytes.
    std::function<std::size_t(const tensor&)> alloc_size;
};

// ggml's tensor_alloc: where a tensor goes.
struct tensor_address {
    int buffer = -1;
    chunk_address addr;
    friend bool operator==(const tensor_address&, const tensor_address&) = default;
};

struct graph_plan_2026 {
    // By tensor index; nullopt for tensors the plan does not place (placed already, views,
    // tensors outside the graph).
    std::vector<std::optional<tensor_address>> where;
    // The tensors given memory, in the order the planner gave it (in place or not).
    std::vector<tensor_id> order;
    // The tensors whose memory went back to the free list, in that order (outputs never do; a
    // parent taken over in place is not freed, its node is).
    std::vector<tensor_id> freed;
    // (node, the source whose memory it took), in the order decided.
    std::vector<std::pair<tensor_id, tensor_id>> inplace;
    // Per buffer type: each chunk's size (ggml_dyn_tallocr_max_size); a shared type's sizes
    // appear under the first index that uses it only (ggml_gallocr_get_buffer_size).
    std::vector<std::vector<std::size_t>> chunk_sizes;
    // Per buffer type and chunk, as chunk_sizes: the free list after the graph.
    std::vector<std::vector<std::vector<free_block>>> free_lists;

    [[nodiscard]] std::size_t buffer_size(std::size_t buffer) const;
};

// Allocator events (alloc_events.h) of the kinds the 2023 planner sends, for stepping: chunk c of
// buffer type t's allocator is the buffer `buffer_of(t, c)`, attached when the chunk opens. A
// node event starts each node of the main pass (leafs and inputs come before the first); a free
// names the tensor ggml frees (the last node of an in-place chain), whose inplace events lead
// back to the allocation.
struct reserve_events {
    alloc_observer* observer = nullptr;
    std::function<buffer_id(std::size_t type, int chunk)> buffer_of;
};

// node_buffer_ids / leaf_buffer_ids: the buffer type of each node / leaf (empty: all 0). Errors
// (a buffer id out of range, what dyn_allocator refuses, a source larger than its in-place node
// needs) name the tensor.
result<graph_plan_2026> reserve(const context& ctx, const graph& g, std::span<const buffer_type_info> types,
                                std::span<const int> node_buffer_ids = {}, std::span<const int> leaf_buffer_ids = {},
                                const reserve_events& trace = {});

} // namespace planscope::ggml2026
