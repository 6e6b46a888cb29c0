#pragma once
// What a folded block's box says: its name, instance count, nodes, bytes, time after a run and a
// strip of cells (one per instance, bucketed when there are many) coloured by the backends of
// its nodes. Pure functions over the engine's fold structure, tested row by row.
#include "fold/fold_view.h"

#include <QColor>
#include <QString>

#include <functional>
#include <optional>
#include <vector>

namespace planscope::ui {

// One cell of the strip: instances [first, last] and the share of their nodes per colour.
struct BlockCell {
    std::uint32_t first = 0;
    std::uint32_t last = 0;
    std::vector<std::pair<QColor, double>> shares; // empty: no colours known (not scheduled)
};

struct BlockContent {
    QString title;  // "blk 1–31", "nodes 300–599"
    QString count;  // "×31"; empty for one instance
    QString detail; // "35 nodes each · 1,085 nodes · 9.8 GiB results · 6.1 GiB weights"
    QString time;   // "12.3 ms" after a run, else empty
    std::vector<BlockCell> cells;
};

inline constexpr std::size_t maxBlockCells = 64;

// `colourOf` gives a node's backend colour (nullopt when the graph is not scheduled); `timeUs` a
// node's share of its split's time (nullopt before a run); `splitOf` a node's split (-1: none),
// for the "splits 11–160" the block carries.
BlockContent blockContent(const planscope::graph_document& doc, const planscope::fold_structure& s,
                          const planscope::fold_unit& unit,
                          const std::function<std::optional<QColor>(planscope::tensor_id)>& colourOf,
                          const std::function<std::optional<double>(planscope::tensor_id)>& timeUs,
                          const std::function<int(planscope::tensor_id)>& splitOf = {});

// "12.3 ms", "850 µs", "2.41 s".
QString formatMicroseconds(double us);

} // namespace planscope::ui
