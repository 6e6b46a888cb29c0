#pragma once
// plan_graph as ggml-alloc of late 2023 does it (the seeds): a measure tensor_allocator and the
// graph_allocator, honouring doc.parse_seq; `preallocate` placed first, in order.
#include "alloc/plan.h"

namespace planscope::ggml2023 {

result<plan_result> plan_graph(graph_document& doc, const plan_options& options);

} // namespace planscope::ggml2023
