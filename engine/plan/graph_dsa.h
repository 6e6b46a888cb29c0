#pragma once
// A planned graph as a DSA problem: one buffer per allocation the graph allocator made in the
// compute buffer, alive from the step (node position) it was allocated at to the step it was
// freed at, inclusive. Views and nodes that reused a parent's memory inplace are not
// allocations: they live inside their owner's buffer at a fixed distance from its start, so a
// plan for the buffers places every tensor.
//
// Within one step ggml allocates (sources, then the node) before it frees, so two buffers may
// share memory exactly when their step ranges do not overlap, and ggml's own plan is a valid
// solution whose peak is its max_size.
#include "alloc/plan.h"
#include "planner.h"

#include <span>
#include <unordered_map>

namespace planscope {

struct graph_dsa {
    // Ids are the buffers' indices; alignment is the plan's.
    dsa_problem problem;
    std::vector<tensor_id> owner; // per buffer: the tensor whose allocation it is
    dsa_offsets ggml;             // the graph allocator's offsets
    std::size_t steps = 0;        // positions in the allocation sequence (at least 1)

    // Every tensor in the compute buffer: its buffer and its offset inside that buffer.
    struct member {
        std::uint32_t buffer = 0;
        std::uint64_t offset = 0;
    };
    std::unordered_map<tensor_id, member> members;
};

// From a recording of plan_graph (plan_options::observer) into the buffer `compute`.
result<graph_dsa> graph_dsa_from_events(std::span<const alloc_event> events, buffer_id compute);

// Plans a copy of `doc` as ggml does and converts the recording: lifetimes of any graph.
// options.observer is not used.
result<graph_dsa> graph_dsa_of(const graph_document& doc, plan_options options);

// Plans the graph's buffers with planner `k`; for `ggml` that is the allocator's own plan
// (elapsed 0: it was made while the graph was allocated).
result<dsa_plan> plan_graph_dsa(const graph_dsa& g, planner_kind k, const planner_options& options = {});

// Where every member tensor lands under `offsets` (one per buffer): owner's offset + its own.
std::unordered_map<tensor_id, std::uint64_t> member_offsets(const graph_dsa& g, const dsa_offsets& offsets);

// Moves every member tensor of a planned document to its place under `offsets` and resizes the
// compute buffer to their peak: the document then lists that planner's plan.
void apply_offsets(graph_document& doc, plan_result& plan, const graph_dsa& g, const dsa_offsets& offsets);

// A tensor that two plans of the same graph put at different offsets.
struct tensor_move {
    tensor_id tensor;
    std::uint64_t from = 0, to = 0;
};
// Member tensors whose offset differs between plans `a` and `b`, by tensor id.
std::vector<tensor_move> diff_offsets(const graph_dsa& g, const dsa_offsets& a, const dsa_offsets& b);

} // namespace planscope
