#pragma once
// Graph text for Graphviz from a document: a pure function, shared by the canvas layout and the
// DOT/SVG/PNG/PDF exports.
#include "core/document.h"

#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace planscope {

// `dot` settings: one ranking for the whole graph, clusters included (without it, ranks forced to
// the top collapse a graph with clusters into a strip), and bounds on the network-simplex and
// crossing-minimisation passes that keep llama blocks readable at a fraction of the default's
// time (docs/folding.md has the measurements).
inline constexpr const char* dot_fast_tuning = "newrank=true; nslimit=2; nslimit1=2; mclimit=0.5; searchsize=20;";

struct dot_style {
    // Cluster (e.g. scheduler split) of a tensor, or -1 for none; clusters are drawn as boxes.
    std::function<int(tensor_id)> cluster_of;
    std::vector<std::string> cluster_labels;   // indexed by cluster
    std::function<std::string(tensor_id)> fill; // "#rrggbb"; empty = default
    bool include_leafs = true;
    // "src0", "src1", ... as edge labels: they make `dot` several times slower, so the canvas
    // draws source indices itself and layouts carry them as the edges' "slot" attribute.
    bool edge_labels = false;
    std::string rankdir = "TB";
    std::string tuning = dot_fast_tuning; // graph attributes, e.g. dot_fast_tuning; empty: dot's defaults
};

// DOT node name of a tensor: "t<ID>", so layouts map back to tensor ids.
std::string dot_node_name(tensor_id id);
// The label a node shows: name, op, type and shape, size.
std::string dot_node_label(const tensor& t);
std::string to_dot(const graph_document& doc, const dot_style& style = {});
// Quotes a string for DOT ("..." with \" and \\ escaped).
std::string dot_quote(const std::string& s);

// Pieces of to_dot for other graph texts (fold_dot.h): the opening line and defaults, a tensor's
// node statement, a source edge, and a cluster's opening line.
void write_dot_header(std::ostream& os, const std::string& name, const dot_style& style);
void write_dot_node(std::ostream& os, const graph_document& doc, tensor_id id, const dot_style& style,
                    const char* indent);
void write_dot_edge(std::ostream& os, const std::string& tail, const std::string& head, int slot, const dot_style& style);
void write_dot_cluster_open(std::ostream& os, int cluster, const dot_style& style);

} // namespace planscope
