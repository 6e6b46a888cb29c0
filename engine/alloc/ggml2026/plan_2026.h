#pragma once
// plan_graph as ggml-alloc of 2026 does it (ggml_gallocr_reserve, then alloc_graph's placement of
// the plan): one CPU buffer type of options.alignment and options.max_buffer_size, each chunk a
// buffer of the document. The leafs among `preallocate` are flagged INPUT, as llama.cpp flags its
// inputs today (flag_inputs); a parse_seq is ignored (2026 has none). In-place nodes take their
// parent's placement without becoming views; views are placed after the plan, as alloc_graph
// places them.
#include "alloc/plan.h"

#include <span>

namespace planscope::ggml2026 {

// ggml_set_input as llama.cpp calls it: on the leafs among `inputs`, the tensors it fills before
// the graph runs. A node among them (the 2023 graph's inp_embd, a GET_ROWS that 2023 placed
// first) is computed, so it stays a plain node: the scheduler would pin an INPUT node to the
// last backend and copy it as user data (docs/ggml-versions.md, "Inputs").
void flag_inputs(context& ctx, const graph& g, std::span<const tensor_id> inputs);

result<plan_result> plan_graph(graph_document& doc, const plan_options& options);

// ggml_gallocr_init_tensor for views, as alloc_graph places them after the plan: in graph order,
// each node's unplaced view sources then the node itself, when a view's view_src is placed, at
// its address plus view_offs (one pass places chains of views, sources coming first). Sends a
// view event per placement.
void place_views(context& ctx, const graph& g, alloc_observer* observer = nullptr);

} // namespace planscope::ggml2026
