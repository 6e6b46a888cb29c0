#pragma once
// The split diagram: a graph as the scheduler runs it, as DOT text for Graphviz. One cluster per
// split labelled "split #i · BACKEND · n inputs · bytes copied", nodes filled with their
// backend's colour and showing name, op, type and shape, size and offset, every input copy as
// an arrow-shaped node on the boundary of the split that reads it, and a legend of backends.
// render_dot (graphviz_render.h) turns it into SVG, PNG or PDF.
#include "fold/fold_structure.h"
#include "schedule_view.h"

#include <optional>
#include <string>

namespace planscope {

struct split_diagram_options {
    // Each llama layer (nodes named "NAME-<layer>") becomes one box per split, weights only that
    // layer reads folded in: a 32-layer model stays readable.
    bool fold_layers = false;
    bool include_leafs = true;
    std::string rankdir = "TB";
};

// The fill colour of backend `index` ("#rrggbb"); the same in every export and the legend.
std::string backend_colour(std::size_t index);
// "split #0 · CPU · 2 inputs · 1.5 KiB copied"
std::string split_label(const schedule_view& s, std::size_t split);

std::string split_diagram_dot(const graph_document& doc, const schedule_view& s, const split_diagram_options& options = {});

} // namespace planscope
