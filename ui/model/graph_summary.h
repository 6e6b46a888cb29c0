#pragma once
// What the Graph Summary panel shows: the engine's summary (the numbers `planscope-cli info`
// prints, so both agree) plus the rows of the per-op table. Computed once per load.
#include "core/document.h"
#include "core/summary.h"

#include <cstdint>
#include <string>
#include <vector>

namespace planscope::ui {

// One row of the per-op table.
struct OpCount {
    planscope::op_kind op = planscope::op_kind::none;
    std::string name;        // ggml_op_name: "MUL_MAT", "UNARY", ...
    std::size_t count = 0;
    std::uint64_t bytes = 0; // sum of ggml_nbytes of the results, views included
};

struct GraphSummary {
    planscope::graph_summary totals;
    std::size_t tensors = 0; // every tensor of the context, in the graph or not
    std::vector<OpCount> ops; // by descending count, then op order
};

GraphSummary summarizeGraph(const planscope::graph_document& doc);

} // namespace planscope::ui
