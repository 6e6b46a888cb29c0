#pragma once
// Reads a Graphviz DOT digraph with cgraph (agmemread) into plain values: each node's name and
// label, each edge's ends, ports and label. Nothing of Graphviz outlives the call.
#include "core/error.h"

#include <string>
#include <string_view>
#include <vector>

namespace planscope {

struct dot_node {
    std::string name;  // the DOT node id, e.g. "0x55d0c1a2b3c0"
    std::string label; // empty when the node has none (e.g. it is only named by an edge)
};

struct dot_edge {
    std::string tail, head;         // node names
    std::string tailport, headport; // "x" of "A":x -> "B":x, empty without a port
    std::string label;
};

struct dot_digraph {
    std::vector<dot_node> nodes; // in the order the file declares them
    std::vector<dot_edge> edges;
};

// The first graph of `text`, once it passes check_dot_text (dot_scan.h). Errors are that check's,
// Graphviz's own as one printable line ("syntax error in line 3 near '->'"), "no graph" for
// empty input and "not a directed graph" for `graph { }`.
result<dot_digraph> read_dot_digraph(std::string_view text);

} // namespace planscope
