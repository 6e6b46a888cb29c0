#include "graph_canvas.h"

#include "canvas/column_layout.h"
#include "canvas/tensor_node_item.h"
#include "model/format.h"
#include "model/graph_summary.h"
#include "session/graph_session.h"

#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
const QColor edgeColor(0xa0, 0xa8, 0xb4);
const QColor inEdgeColor(0x1f, 0x6f, 0xd6);
const QColor outEdgeColor(0xd6, 0x7a, 0x1f);
constexpr qreal sceneMargin = 24;

QPen edgePen(const QColor& color, qreal width) {
    QPen pen(color, width);
    pen.setCosmetic(true);
    return pen;
}
} // namespace

GraphCanvas::GraphCanvas(GraphSession* session, QWidget* parent) : QGraphicsView(parent), m_session(session) {
    setObjectName(u"graphCanvas"_s);
    auto* scene = new QGraphicsScene(this);
    scene->setItemIndexMethod(QGraphicsScene::NoIndex); // rebuilt on every load
    scene->setBackgroundBrush(QColor(0xf7, 0xf8, 0xfa));
    setScene(scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    connect(scene, &QGraphicsScene::selectionChanged, this, &GraphCanvas::onSceneSelectionChanged);
    m_session->addObserver(this);
}

GraphCanvas::~GraphCanvas() {
    m_session->removeObserver(this);
    // QWidget's destructor deletes the scene after this one has run; its teardown deselects
    // items and must not call back into a half-destroyed canvas.
    scene()->disconnect(this);
}

void GraphCanvas::onGraphLoaded(const planscope::graph_document& doc) {
    const QSignalBlocker block(scene());
    scene()->clear();
    m_items.clear();
    m_edges.clear();

    const ColumnLayout layout = layoutColumns(doc);
    for (const LayoutEdge& e : layout.edges) {
        auto* item = scene()->addPath(e.path, edgePen(edgeColor, 1.0));
        item->setZValue(-1);
        m_edges.push_back({e.from, e.to, item});
    }
    for (const LayoutBox& b : layout.boxes) {
        const tensor& t = doc.ctx[b.tensor];
        TensorNodeItem::Content content{
            b.tensor,
            toQString(t.name),
            toQString(opDescription(t)) + u" · " + toQString(type_name(t.type)) + u" · " + formatShape(t.ne),
            opFamily(t, b.leaf),
            has_flag(t.flags, tensor_flag::output),
        };
        auto* item = new TensorNodeItem(std::move(content), b.rect);
        scene()->addItem(item);
        m_items.emplace(b.tensor, item);
    }
    scene()->setSceneRect(layout.bounds.adjusted(-sceneMargin, -sceneMargin, sceneMargin, sceneMargin));
    verticalScrollBar()->setValue(verticalScrollBar()->minimum());
}

void GraphCanvas::onSelectionChanged(planscope::tensor_id tensor) {
    m_syncing = true;
    scene()->clearSelection();
    if (TensorNodeItem* item = itemOf(tensor)) item->setSelected(true);
    m_syncing = false;
    highlightEdges(tensor);
    reveal(tensor);
}

void GraphCanvas::reveal(planscope::tensor_id tensor) {
    if (TensorNodeItem* item = itemOf(tensor)) ensureVisible(item, 40, 40);
}

void GraphCanvas::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    reveal(m_session->selection());
}

TensorNodeItem* GraphCanvas::itemOf(planscope::tensor_id tensor) const {
    const auto it = m_items.find(tensor);
    return it == m_items.end() ? nullptr : it->second;
}

void GraphCanvas::setZoom(qreal zoom) {
    m_zoom = std::clamp(zoom, 0.1, 4.0);
    setTransform(QTransform::fromScale(m_zoom, m_zoom));
}

void GraphCanvas::wheelEvent(QWheelEvent* event) {
    if (!(event->modifiers() & Qt::ControlModifier)) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorUnderMouse);
    setZoom(m_zoom * std::pow(1.0015, event->angleDelta().y()));
    setTransformationAnchor(anchor);
    event->accept();
}

void GraphCanvas::onSceneSelectionChanged() {
    if (m_syncing) return;
    const QList<QGraphicsItem*> selected = scene()->selectedItems();
    planscope::tensor_id tensor;
    if (!selected.isEmpty() && selected.first()->type() == TensorNodeItem::Type)
        tensor = static_cast<TensorNodeItem*>(selected.first())->tensor();
    m_session->setSelection(tensor);
}

void GraphCanvas::highlightEdges(planscope::tensor_id tensor) {
    for (const EdgeItem& e : m_edges) {
        if (tensor.valid() && e.to == tensor) {
            e.item->setPen(edgePen(inEdgeColor, 2.0));
            e.item->setZValue(-0.5);
        } else if (tensor.valid() && e.from == tensor) {
            e.item->setPen(edgePen(outEdgeColor, 2.0));
            e.item->setZValue(-0.5);
        } else {
            e.item->setPen(edgePen(edgeColor, 1.0));
            e.item->setZValue(-1);
        }
    }
}

} // namespace planscope::ui
