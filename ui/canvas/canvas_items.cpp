#include "canvas_items.h"

#include "canvas/layout_geometry.h"
#include "canvas/op_palette.h"
#include "canvas/stub_item.h"
#include "canvas/tensor_node_item.h"
#include "model/format.h"
#include "model/graph_summary.h"

#include <QBrush>
#include <QCoreApplication>
#include <QFont>
#include <QGraphicsPathItem>
#include <QGraphicsPolygonItem>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QLineF>
#include <QPen>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
struct EdgeText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::EdgeText)
};

const QColor edgeColor(0xa0, 0xa8, 0xb4);
const QColor inEdgeColor(0x1f, 0x6f, 0xd6);
const QColor outEdgeColor(0xd6, 0x7a, 0x1f);
const QColor labelColor(0x6a, 0x70, 0x78);
constexpr qreal arrowHalfWidth = 3.5;
constexpr qreal clusterRadius = 8;
constexpr qreal slotLabelPx = 9;

QPen edgePen(const QColor& color, qreal width, Qt::PenStyle style = Qt::SolidLine) {
    QPen pen(color, width, style);
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

// A node with several sources gets its source index beside each arrow head.
void addSlotLabel(QGraphicsScene& scene, const layout_edge& e) {
    if (!e.arrow_tip || e.bezier.empty()) return;
    const QPointF tip = toScene(*e.arrow_tip);
    const QLineF back(tip, toScene(e.bezier.back()));
    auto* text = scene.addSimpleText(QString::number(e.src_slot));
    QFont font = text->font();
    font.setPixelSize(static_cast<int>(slotLabelPx));
    text->setFont(font);
    text->setBrush(labelColor);
    // Beside the head, on its right, a little before the tip.
    const QPointF at = tip + (back.length() > 0 ? (back.p2() - tip) / back.length() * 12 : QPointF(0, -12)) + QPointF(4, -6);
    text->setPos(at);
    text->setZValue(-1);
}

} // namespace

QColor nodeFillColor(const tensor& t, bool leaf) {
    return familyColor(opFamily(t, leaf));
}

QString edgeToolTip(const graph_document& doc, const folded_edge& e) {
    const auto name = [&](tensor_id t) { return doc.ctx.contains(t) ? toQString(doc.ctx[t].name) : QString(); };
    if (e.kind == folded_edge_kind::unit)
        return EdgeText::tr("%n edge(s), the first %1 → %2", nullptr, static_cast<int>(e.count))
            .arg(name(e.edge.from), name(e.edge.to));
    if (!e.edge.to.valid()) return EdgeText::tr("%1, read outside the block").arg(name(e.edge.from));
    return EdgeText::tr("src%1 of %2: %3").arg(e.edge.src_slot).arg(name(e.edge.to), name(e.edge.from));
}

CanvasItems buildCanvasItems(QGraphicsScene& scene, const graph_document& doc, const folded_layout& layout,
                             const BlockDecor& decor) {
    CanvasItems items;
    for (const layout_cluster& c : layout.clusters) addCluster(scene, c);

    for (const folded_box& b : layout.boxes) {
        if (!decor.view || !decor.content || b.unit >= decor.view->units.size()) continue;
        const bool run = decor.view->units[b.unit].kind == unit_kind::run;
        auto* item = new BlockItem(run ? BlockItem::Kind::Run : BlockItem::Kind::Frame, b.unit, decor.content(b.unit),
                                   QRectF(b.top_left.x, b.top_left.y, b.width, b.height));
        scene.addItem(item);
        items.blocks.emplace(b.unit, item);
    }
    for (const folded_stub& s : layout.stubs) {
        if (!doc.ctx.contains(s.tensor)) continue;
        auto* item = new StubItem(s.tensor, s.input, toQString(doc.ctx[s.tensor].name),
                                  QRectF(s.center.x - s.width / 2, s.center.y - s.height / 2, s.width, s.height));
        scene.addItem(item);
        items.stubs.push_back(item);
    }

    for (const folded_edge& fe : layout.edges) {
        const layout_edge& e = fe.edge;
        CanvasEdge edge{e.from, e.to, fe.kind, scene.addPath(bezierPath(e.bezier)), nullptr};
        if (e.arrow_tip && !e.bezier.empty())
            edge.head = scene.addPolygon(arrowHead(toScene(e.bezier.back()), toScene(*e.arrow_tip), arrowHalfWidth));
        if (fe.kind != folded_edge_kind::link) edge.path->setToolTip(edgeToolTip(doc, fe));
        const bool several = e.to.valid() && doc.ctx.contains(e.to) && doc.ctx[e.to].n_src() > 1;
        if (several && fe.kind != folded_edge_kind::unit && fe.kind != folded_edge_kind::link) addSlotLabel(scene, e);
        styleEdge(edge, EdgeRole::Plain);
        items.edges.push_back(edge);
    }

    for (const layout_node& n : layout.nodes) {
        if (!n.id.valid() || !doc.ctx.contains(n.id)) continue;
        const tensor& t = doc.ctx[n.id];
        const bool leaf = t.op == op_kind::none;
        TensorNodeItem::Content content{
            n.id,
            toQString(t.name),
            toQString(planscope::op_desc(t)) + u" · " + toQString(type_name(t.type)) + u" · " + formatShape(t.ne),
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
    const bool unit = edge.kind == folded_edge_kind::unit;
    const Qt::PenStyle style = edge.kind == folded_edge_kind::link ? Qt::DotLine : Qt::SolidLine;
    edge.path->setPen(edgePen(color, (role == EdgeRole::Plain ? 1.0 : 2.0) + (unit ? 1.0 : 0.0), style));
    edge.path->setZValue(z);
    if (edge.head) {
        edge.head->setPen(edgePen(color, 1.0));
        edge.head->setBrush(color);
        edge.head->setZValue(z);
    }
}

} // namespace planscope::ui
