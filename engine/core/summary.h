#pragma once
// What `planscope-cli info` prints and the GUI's summary shows: counts per op and bytes.
#include "document.h"

#include <map>
#include <string>

namespace planscope {

struct graph_summary {
    std::size_t n_nodes = 0;
    std::size_t n_leafs = 0;
    std::size_t n_views = 0;          // nodes whose result aliases another tensor
    std::map<op_kind, std::size_t> nodes_per_op;
    std::map<dtype, std::size_t> leafs_per_type;
    std::size_t leaf_bytes = 0;       // weights, inputs, constants
    std::size_t node_bytes = 0;       // results of non-view nodes: what the allocator must place
    std::size_t preallocated_bytes = 0;
};

graph_summary summarize(const graph_document& doc);

// "1.50 MiB", "512 B": binary units, two decimals above a KiB.
std::string human_bytes(std::size_t bytes);

} // namespace planscope
