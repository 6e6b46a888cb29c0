#include "canvas_items.h"

#include "canvas/layout_geometry.h"
#include "canvas/op_palette.h"
#include "canvas/tensor_node_item.h"
#include "model/format.h"
#include "model/graph_summary.h"

#include <QBrush>
#include <QFont>
#include <QGraphicsPathItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QPen>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QColor edgeColor(0xa0, 0xa8, 0xb4);
const QColor inEdgeColor(0x1f, 0x6f, 0xd6);
const QColor outEdgeColor(0xd6, 0x7a, 0x1f);
const QColor labelColor(0x6a, 0x70, 0x78);
constexpr qreal arrowHalfWidth = 3.5;
constexpr qreal clusterRadius = 8;

QPen edgePen(const QColor& color, qreal width) {
    QPen pen(color, width);
    pen.setCosmetic(true);
    return pen;
}

void addCluster(QGraphicsScene& scene, const layout_cluster& c) {
    QPainterPath shape;
    shape.addRoundedRect(clusterRect(c), clusterRadius, clusterRadius);
    auto* box = scene.addPath(shape, QPen(QColor(0x9a, 0xa4, 0xb2), 1, Qt::DashLine), QColor(0xee, 0xf1, 0xf5));
    box->setZValue(-2);
    auto* label = scene.addSimpleText(toQString(c.label));
    label->setBrush(labelColor);
    label->setPos(clusterRect(c).topLeft() + QPointF(8, 4));
    label->setZValue(-2);
}
} // namespace

QColor nodeFillColor(const tensor& t, bool leaf) {
    return familyColor(opFamily(t, leaf));
}

CanvasItems buildCanvasItems(QGraphicsScene& scene, const graph_document& doc, const graph_layout& layout) {
    CanvasItems items;
    for (const layout_cluster& c : layout.clusters) addCluster(scene, c);

    for (const layout_edge& e : layout.edges) {
        CanvasEdge edge{e.from, e.to, scene.addPath(bezierPath(e.bezier)), nullptr};
        if (e.arrow_tip && !e.bezier.empty()) {
            edge.head = scene.addPolygon(arrowHead(toScene(e.bezier.back()), toScene(*e.arrow_tip), arrowHalfWidth));
        }
        if (e.label_pos) {
            auto* label = scene.addSimpleText(u"src"_s + QString::number(e.src_slot));
            QFont font = label->font();
            if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * 0.75);
            label->setFont(font);
            label->setBrush(labelColor);
            label->setPos(toScene(*e.label_pos) - label->boundingRect().center());
            label->setZValue(-1);
        }
        styleEdge(edge, EdgeRole::Plain);
        items.edges.push_back(edge);
    }

    for (const layout_node& n : layout.nodes) {
        if (!n.id.valid()) continue;
        const tensor& t = doc.ctx[n.id];
        const bool leaf = t.op == op_kind::none;
        TensorNodeItem::Content content{
            n.id,
            toQString(t.name),
            toQString(opDescription(t)) + u" · " + toQString(type_name(t.type)) + u" · " + formatShape(t.ne),
            formatBytes(nbytes(t)),
            nodeFillColor(t, leaf),
            opFamily(t, leaf) == OpFamily::View,
            has_flag(t.flags, tensor_flag::output),
        };
        auto* item = new TensorNodeItem(std::move(content), nodeRect(n));
        scene.addItem(item);
        items.nodes.emplace(n.id, item);
    }
    return items;
}

void styleEdge(const CanvasEdge& edge, EdgeRole role) {
    const QColor color = role == EdgeRole::In ? inEdgeColor : role == EdgeRole::Out ? outEdgeColor : edgeColor;
    const qreal z = role == EdgeRole::Plain ? -1 : -0.5;
    edge.path->setPen(edgePen(color, role == EdgeRole::Plain ? 1.0 : 2.0));
    edge.path->setZValue(z);
    if (edge.head) {
        edge.head->setPen(edgePen(color, 1.0));
        edge.head->setBrush(color);
        edge.head->setZValue(z);
    }
}

} // namespace planscope::ui
