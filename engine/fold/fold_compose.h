#pragma once
// A folded graph's geometry: the top level's layout with every open instance's frame filled in
// with its group's block layout, moved there and mapped to that instance's tensors.
#include "fold_dot.h"
#include "layout/graph_layout.h"

#include <map>

namespace planscope {

// A group's block layout and its stubs, laid out once and reused for every instance.
struct block_layout {
    graph_layout layout;
    block_ports ports;
};

enum class folded_edge_kind : std::uint8_t {
    tensor, // src -> dst, both drawn as boxes
    unit,   // between top-level units, one of them a run or an open instance (src, dst: one of `count`)
    port,   // inside an open instance, from an input stub or to an output stub
    link,   // from where a top-level edge meets an open instance's frame to its stub
};

struct folded_edge {
    layout_edge edge; // from/to: the tensors it stands for (invalid where it ends at a stub)
    folded_edge_kind kind = folded_edge_kind::tensor;
    std::uint32_t count = 1;
};

// A run's box or an open instance's frame; points, y down.
struct folded_box {
    std::uint32_t unit = 0;
    layout_point top_left;
    double width = 0;
    double height = 0;
};

// Where a tensor enters (input) or leaves an open instance.
struct folded_stub {
    std::uint32_t unit = 0;
    tensor_id tensor; // the tensor from outside, or the instance's node
    bool input = true;
    layout_point center;
    double width = 0;
    double height = 0;
};

struct folded_layout {
    double width = 0;
    double height = 0;
    std::vector<layout_node> nodes; // every tensor drawn as a box of its own
    std::vector<folded_edge> edges;
    std::vector<layout_cluster> clusters;
    std::vector<folded_box> boxes;
    std::vector<folded_stub> stubs;
};

// `top` is the layout of top_dot(view); `blocks` holds the block layout of every group with an
// open instance. Cluster labels inside a frame are those of the instance's own clusters (its
// split), through `style`.
folded_layout compose_folded(const graph_document& doc, const fold_structure& s, const fold_view& view,
                             const graph_layout& top, const std::map<std::size_t, block_layout>& blocks,
                             const dot_style& style);

// A plain layout as a folded one: no boxes, every edge a tensor edge.
folded_layout flat_folded(graph_layout layout);

} // namespace planscope
