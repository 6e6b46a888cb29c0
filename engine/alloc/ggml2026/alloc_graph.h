#pragma once
// ggml_gallocr_alloc_graph of ggml 2026 after a reserve (ggml-alloc.c of d99724f2, lines
// 849-901 and 996-1097): the reserve keeps, per node position, where the node and each of its
// sources went and the size each was given (node_allocs; leaf_allocs per leaf position). A later
// graph is allocated at those addresses unless ggml_gallocr_needs_realloc finds it does not fit:
// another number of nodes or leafs, or a node or source that needs memory now where it had none
// reserved, or more than its reserved size (leafs are only counted). Then a single-buffer
// allocator reserves again with the new graph; one of several buffers fails ("call reserve").
// llama.cpp reserves with its worst-case graph and allocates each batch's graph so.
#include "alloc/ggml2026/graph_planner.h"
#include "alloc/plan.h"

#include <array>
#include <string>

namespace planscope::ggml2026 {

// ggml's tensor_alloc: buffer type (-1: a view, placed already, or absent), address, size given.
struct tensor_alloc {
    int buffer = -1;
    chunk_address addr;
    std::size_t size_max = 0;
};

struct reservation {
    std::vector<std::array<tensor_alloc, max_src + 1>> nodes; // [0] the node, [1 + j] its src j
    std::vector<tensor_alloc> leafs;
    std::size_t n_buffers = 1;
};

// The node_allocs and leaf_allocs of a reserve of (ctx, g) that gave `plan`, over `types`.
reservation reservation_of(const context& ctx, const graph& g, const graph_plan_2026& plan,
                           std::span<const buffer_type_info> types);

// ggml_gallocr_needs_realloc: nullopt when (ctx, g) fits `r`; else ggml's debug message, with the
// sizes: "node 'ffn_out-0' is not valid (8192 bytes, 4096 reserved)".
std::optional<std::string> needs_realloc(const reservation& r, const context& ctx, const graph& g,
                                         std::span<const buffer_type_info> types);

// `plan --ggml 2026 --reserve-with SOURCE`: `reserved` planned as plan_graph plans it (one CPU
// buffer type of options' alignment and maximum size, options.preallocate flagged INPUT; `doc`'s
// own inputs likewise, `doc_inputs`), then `doc`'s graph through alloc_graph.
struct alloc_graph_outcome {
    std::size_t reserved = 0; // the reserve's buffer, all chunks
    std::size_t own = 0;      // what doc's graph alone reserves
    std::optional<std::string> realloc; // why alloc_graph reserves again; nullopt: the reserved addresses
    // The buffer after alloc_graph: the reserved one, or, when a chunk of the new reserve is
    // larger than the buffer's, one of the new sizes (ggml never shrinks a buffer it keeps).
    std::size_t allocated = 0;
};
result<alloc_graph_outcome> alloc_after_reserve(const graph_document& reserved, const graph_document& doc,
                                                const std::vector<tensor_id>& doc_inputs, const plan_options& options);

} // namespace planscope::ggml2026
