#pragma once
// plan_graph as ggml-alloc of 2026 does it (ggml_gallocr_reserve, then alloc_graph's placement of
// the plan): one CPU buffer type of options.alignment and options.max_buffer_size, each chunk a
// buffer of the document. The tensors of `preallocate` are flagged INPUT, as llama.cpp flags its
// inputs today (ggml_set_input); a parse_seq is ignored (2026 has none). In-place nodes take their
// parent's placement without becoming views; views are placed after the plan, as alloc_graph
// places them.
#include "alloc/plan.h"

namespace planscope::ggml2026 {

result<plan_result> plan_graph(graph_document& doc, const plan_options& options);

} // namespace planscope::ggml2026
