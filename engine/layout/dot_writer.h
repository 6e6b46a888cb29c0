#pragma once
// Graph text for Graphviz from a document: a pure function, shared by the canvas layout and the
// DOT/SVG/PNG/PDF exports.
#include "core/document.h"

#include <functional>
#include <string>
#include <vector>

namespace planscope {

struct dot_style {
    // Cluster (e.g. scheduler split) of a tensor, or -1 for none; clusters are drawn as boxes.
    std::function<int(tensor_id)> cluster_of;
    std::vector<std::string> cluster_labels;   // indexed by cluster
    std::function<std::string(tensor_id)> fill; // "#rrggbb"; empty = default
    bool include_leafs = true;
    bool edge_labels = true;                    // "src0", "src1", ...
    std::string rankdir = "TB";
};

// DOT node name of a tensor: "t<ID>", so layouts map back to tensor ids.
std::string dot_node_name(tensor_id id);
// The label a node shows: name, op, type and shape, size.
std::string dot_node_label(const tensor& t);
std::string to_dot(const graph_document& doc, const dot_style& style = {});
// Quotes a string for DOT ("..." with \" and \\ escaped).
std::string dot_quote(const std::string& s);

} // namespace planscope
