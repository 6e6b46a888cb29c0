#pragma once
// The scene items of a laid-out graph: tensor boxes, bezier edges with arrow heads (a source index
// beside the head where a node has several sources), cluster boxes, and for a folded graph the
// block boxes, frames and stubs. Built on the GUI thread from the geometry of a layout.
#include "canvas/block_item.h"
#include "core/document.h"
#include "fold/fold_compose.h"

#include <QColor>

#include <functional>
#include <unordered_map>
#include <vector>

class QGraphicsPathItem;
class QGraphicsPolygonItem;
class QGraphicsScene;
class QGraphicsSimpleTextItem;

namespace planscope::ui {

class StubItem;
class TensorNodeItem;

// Fill of a tensor box. By op family for now; the place to map scheduler backends later.
QColor nodeFillColor(const planscope::tensor& t, bool leaf);

struct CanvasEdge {
    planscope::tensor_id from;
    planscope::tensor_id to;
    planscope::folded_edge_kind kind = planscope::folded_edge_kind::tensor;
    QGraphicsPathItem* path = nullptr;
    QGraphicsPolygonItem* head = nullptr; // null when Graphviz drew no arrow head
};

struct CanvasItems {
    std::unordered_map<planscope::tensor_id, TensorNodeItem*> nodes;
    std::vector<CanvasEdge> edges;
    std::unordered_map<std::uint32_t, BlockItem*> blocks; // by fold unit
    std::vector<StubItem*> stubs;
};

// What the folded units of a layout show; empty for a plain layout.
struct BlockDecor {
    const planscope::fold_view* view = nullptr;
    std::function<BlockContent(std::uint32_t unit)> content;
};

// Adds the items of `layout` to `scene` (which the caller cleared).
CanvasItems buildCanvasItems(QGraphicsScene& scene, const planscope::graph_document& doc,
                             const planscope::folded_layout& layout, const BlockDecor& decor = {});
// Draws an edge plain, as an input (in) or as an output (out) of the selected tensor.
enum class EdgeRole { Plain, In, Out };
void styleEdge(const CanvasEdge& edge, EdgeRole role);
// The tooltip of an edge: "src1 of kq_masked-0: KQ_mask"; "31 edges, the first l_out-0 → norm-1".
QString edgeToolTip(const planscope::graph_document& doc, const planscope::folded_edge& e);

} // namespace planscope::ui
