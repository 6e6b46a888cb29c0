#pragma once
// The split diagram: a graph as the scheduler runs it, as DOT text for Graphviz. One cluster per
// split labelled "split #i · BACKEND · n inputs · bytes copied", nodes filled with their
// backend's colour (the canvas' colours) and showing name, op, type and shape, size and offset,
// every input copy as an arrow-shaped node at the start of the split that reads it, and a legend
// of backends. Folded as the canvas folds (docs/folding.md): repeated blocks of the split graph
// (copies and backends included) become boxes striped by backend, except the first instance of
// every distinct block, drawn in full. render_dot (graphviz_render.h) turns it into SVG, PNG or PDF.
#include "schedule_view.h"

#include <string>

namespace planscope {

enum class diagram_fold : std::uint8_t {
    automatic, // fold graphs of more than fold_threshold nodes, as the canvas does
    always,
    never,
};

struct split_diagram_options {
    diagram_fold fold = diagram_fold::automatic;
    std::size_t fold_threshold = 300; // the canvas' default (AppSettings::foldThreshold)
    bool include_leafs = true;
    std::string rankdir = "TB";
    double max_inches = 0; // Graphviz's size: the drawing's longest side at most; 0: unbounded
};

// The fill colour ("#rrggbb") of a backend by its scheduler name, so by kind whatever its place
// in the list: CPU blue, OpenCL orange, a second instance ("CPU1", "OpenCL2") green or purple, so
// that two of a kind differ; any other device by its number, CUDA0 (or Metal) green, CUDA1 purple,
// CUDA2 teal, then rose, yellow, lavender and round again. The same in every export, the legend
// and the canvas.
std::string backend_colour(std::string_view name);
// "split #0 · CPU · 2 inputs · 1.5 KiB copied"
std::string split_label(const schedule_view& s, std::size_t split);

// The graph as the splits run it: per split its input copies (new CPY tensors named as the
// scheduler names them, reading the tensor they copy), then its nodes; what the canvas lays out
// after Schedule and what the diagram folds.
struct split_document {
    graph_document doc;
    std::vector<int> split_of;   // by tensor index: the split of a node or copy, else -1
    std::vector<int> backend_of; // by tensor index; -1 where unassigned
    std::size_t first_copy = 0;  // tensors from here on are the copies
};
split_document make_split_document(const graph_document& doc, const schedule_view& s);

std::string split_diagram_dot(const graph_document& doc, const schedule_view& s, const split_diagram_options& options = {});

} // namespace planscope
