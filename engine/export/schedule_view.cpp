#include "schedule_view.h"

namespace planscope {

schedule_view single_split(const graph_document& doc, const std::string& backend) {
    schedule_view out;
    out.backends.push_back(backend);
    out.splits.push_back({0, doc.g.nodes, {}});
    const auto assign = [&](tensor_id id) {
        const auto manual = doc.backend_of.find(id);
        const bool assigned = manual != doc.backend_of.end() && manual->second == backend;
        out.assignment[id] = {0, assigned ? "assigned" : "single backend"};
    };
    for (tensor_id id : doc.g.leafs) assign(id);
    for (tensor_id id : doc.g.nodes) assign(id);
    return out;
}

std::uint64_t bytes_copied(const split_view& s) {
    std::uint64_t sum = 0;
    for (const split_input& in : s.inputs) sum += in.bytes;
    return sum;
}

} // namespace planscope
