#include "graph_summary.h"

#include <algorithm>
#include <map>

namespace planscope::ui {

GraphSummary summarizeGraph(const planscope::graph_document& doc) {
    GraphSummary s;
    s.totals = planscope::summarize(doc);
    s.tensors = doc.ctx.size();

    std::map<op_kind, std::uint64_t> bytes;
    for (tensor_id id : doc.g.nodes) bytes[doc.ctx[id].op] += nbytes(doc.ctx[id]);
    s.ops.reserve(s.totals.nodes_per_op.size());
    for (const auto& [op, count] : s.totals.nodes_per_op)
        s.ops.push_back({op, std::string(info(op).name), count, bytes[op]});
    std::stable_sort(s.ops.begin(), s.ops.end(), [](const OpCount& a, const OpCount& b) { return a.count > b.count; });
    return s;
}

} // namespace planscope::ui
