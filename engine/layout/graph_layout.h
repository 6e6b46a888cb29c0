#pragma once
// Graphviz `dot` layout of a document, read back as plain geometry (points, y pointing down) so
// a canvas can draw, colour and animate its own items.
#include "core/error.h"
#include "dot_writer.h"

#include <atomic>
#include <optional>
#include <vector>

namespace planscope {

struct layout_point {
    double x = 0;
    double y = 0;
};

struct layout_node {
    std::string name; // the DOT node's name
    tensor_id id;     // for nodes named "t<ID>"
    layout_point center;
    double width = 0; // points
    double height = 0;
};

struct layout_edge {
    std::string tail; // DOT node names
    std::string head;
    tensor_id from;   // where those name tensors
    tensor_id to;
    int src_slot = 0; // the edge's "slot" attribute
    std::vector<layout_point> bezier;     // cubic: 1 + 3k control points
    std::optional<layout_point> arrow_tip; // where the arrow head ends, when Graphviz drew one
    std::optional<layout_point> label_pos;
};

struct layout_cluster {
    int index = 0;
    std::string label;
    layout_point top_left;
    double width = 0;
    double height = 0;
};

struct graph_layout {
    double width = 0;
    double height = 0;
    std::vector<layout_node> nodes;
    std::vector<layout_edge> edges;
    std::vector<layout_cluster> clusters;
};

// Runs `dot` on to_dot(doc, style). Graphviz is not thread-safe, so calls are serialised; run it
// off the GUI thread. `cancel` is checked before and after the (uninterruptible) layout: the GUI
// lays out in a process of its own (planscope-layout) that it can stop at once.
result<graph_layout> layout_graph(const graph_document& doc, const dot_style& style = {},
                                  const std::atomic<bool>* cancel = nullptr);

// Lays out DOT text as is (used by layout_graph and by tests).
result<graph_layout> layout_dot(const std::string& dot, const std::atomic<bool>* cancel = nullptr);

} // namespace planscope
