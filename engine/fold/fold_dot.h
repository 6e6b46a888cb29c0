#pragma once
// Graph texts of a folded graph for `dot`: one block layout per group (its instance 0, reused for
// every instance) and the top level, where runs and open instances are fixed-size boxes.
#include "fold_view.h"
#include "layout/dot_writer.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace planscope {

// Points an open instance's frame adds around its block layout, and the size of a run's box.
struct fold_metrics {
    double pad = 12;
    double header = 30;
    double run_width = 320;
    double run_height = 86;
};
inline constexpr fold_metrics fold_box{};

// The stubs of a block layout: "i<k>" where a source from outside the instance comes in (read
// first by node `local`'s source `slot`), "o<k>" where a node's result leaves it.
struct block_ports {
    struct input {
        std::size_t local = 0;
        int slot = 0;
    };
    std::vector<input> inputs;
    std::vector<std::size_t> outputs; // node locals
};

// Instance 0 of `group` with its leafs and stubs (inputs on the first rank, outputs on the last).
// Nodes are named after instance 0's tensors, so a layout maps to any instance by local.
std::string block_dot(const graph_document& doc, const fold_structure& s, std::size_t group, const dot_style& style,
                      block_ports& ports);

// The top level of `view`: loose tensors as to_dot writes them, every other unit a fixed-size
// box "u<unit>" (an open instance as large as its group's block layout plus its frame).
std::string top_dot(const graph_document& doc, const fold_view& view, const dot_style& style,
                    const std::function<std::pair<double, double>(std::size_t group)>& block_size);

// "u<unit>", the DOT name of a top-level box.
std::string unit_node_name(std::uint32_t unit);

} // namespace planscope
