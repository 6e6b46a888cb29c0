#include "summary.h"

#include <array>
#include <cstdio>

namespace planscope {

graph_summary summarize(const graph_document& doc) {
    graph_summary s;
    s.n_nodes = doc.g.nodes.size();
    s.n_leafs = doc.g.leafs.size();
    for (tensor_id id : doc.g.nodes) {
        const tensor& t = doc.ctx[id];
        ++s.nodes_per_op[t.op];
        if (t.is_view()) ++s.n_views;
        else s.node_bytes += nbytes(t);
        if (t.where) s.preallocated_bytes += nbytes(t);
    }
    for (tensor_id id : doc.g.leafs) {
        const tensor& t = doc.ctx[id];
        ++s.leafs_per_type[t.type];
        s.leaf_bytes += nbytes(t);
        if (t.where) s.preallocated_bytes += nbytes(t);
    }
    return s;
}

std::string human_bytes(std::size_t bytes) {
    static constexpr std::array<const char*, 5> units{"KiB", "MiB", "GiB", "TiB", "PiB"};
    if (bytes < 1024) return std::to_string(bytes) + " B";
    double v = static_cast<double>(bytes) / 1024.0;
    std::size_t u = 0;
    while (v >= 1024.0 && u + 1 < units.size()) {
        v /= 1024.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f %s", v, units[u]);
    return buf;
}

} // namespace planscope
