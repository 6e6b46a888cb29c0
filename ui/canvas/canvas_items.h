#pragma once
// The scene items of a laid-out graph: tensor boxes, bezier edges with arrow heads and "srcN"
// labels, cluster boxes. Built on the GUI thread from the geometry a layout worker returned.
#include "core/document.h"
#include "layout/graph_layout.h"

#include <QColor>

#include <unordered_map>
#include <vector>

class QGraphicsPathItem;
class QGraphicsPolygonItem;
class QGraphicsScene;

namespace planscope::ui {

class TensorNodeItem;

// Fill of a tensor box. By op family for now; the place to map scheduler backends later.
QColor nodeFillColor(const planscope::tensor& t, bool leaf);

struct CanvasEdge {
    planscope::tensor_id from;
    planscope::tensor_id to;
    QGraphicsPathItem* path = nullptr;
    QGraphicsPolygonItem* head = nullptr; // null when Graphviz drew no arrow head
};

struct CanvasItems {
    std::unordered_map<planscope::tensor_id, TensorNodeItem*> nodes;
    std::vector<CanvasEdge> edges;
};

// Adds the items of `layout` to `scene` (which the caller cleared).
CanvasItems buildCanvasItems(QGraphicsScene& scene, const planscope::graph_document& doc,
                             const planscope::graph_layout& layout);
// Draws an edge plain, as an input (in) or as an output (out) of the selected tensor.
enum class EdgeRole { Plain, In, Out };
void styleEdge(const CanvasEdge& edge, EdgeRole role);

} // namespace planscope::ui
