#include "graph_canvas.h"

#include "canvas/step_highlight.h"
#include "canvas/tensor_node_item.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollBar>
#include <QToolButton>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
constexpr qreal sceneMargin = 24;
constexpr int overlayMargin = 10;

QWidget* overlayFrame(QWidget* parent, const QString& name) {
    auto* frame = new QWidget(parent);
    frame->setObjectName(name);
    frame->setAutoFillBackground(true);
    frame->setAttribute(Qt::WA_StyledBackground);
    frame->setStyleSheet(u"#%1 { background: palette(window); border: 1px solid palette(mid); border-radius: 4px; }"_s.arg(name));
    frame->hide();
    return frame;
}
} // namespace

GraphCanvas::GraphCanvas(GraphSession* session, QWidget* parent)
    : QGraphicsView(parent), m_session(session), m_busy(overlayFrame(this, u"layoutBusy"_s)),
      m_busyLabel(new QLabel(m_busy)), m_cancelButton(new QPushButton(tr("Cancel"), m_busy)),
      m_findBar(overlayFrame(this, u"findBar"_s)), m_findEdit(new QLineEdit(m_findBar)),
      m_captionFrame(overlayFrame(this, u"captionFrame"_s)), m_caption(new QLabel(m_captionFrame)),
      m_stepHighlight(new StepHighlight(this)) {
    setObjectName(u"graphCanvas"_s);
    auto* scene = new QGraphicsScene(this);
    scene->setItemIndexMethod(QGraphicsScene::NoIndex); // rebuilt on every load
    scene->setBackgroundBrush(QColor(0xf7, 0xf8, 0xfa));
    setScene(scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    connect(scene, &QGraphicsScene::selectionChanged, this, &GraphCanvas::onSceneSelectionChanged);

    auto* busyLayout = new QHBoxLayout(m_busy);
    busyLayout->addWidget(m_busyLabel);
    busyLayout->addWidget(m_cancelButton);
    m_cancelButton->setObjectName(u"cancelLayout"_s);
    connect(m_cancelButton, &QPushButton::clicked, this, &GraphCanvas::cancelLayout);

    auto* findLayout = new QHBoxLayout(m_findBar);
    findLayout->setContentsMargins(6, 4, 4, 4);
    findLayout->addWidget(new QLabel(tr("Find:"), m_findBar));
    m_findEdit->setObjectName(u"findEdit"_s);
    m_findEdit->setPlaceholderText(tr("tensor name"));
    m_findEdit->setClearButtonEnabled(true);
    findLayout->addWidget(m_findEdit);
    auto* close = new QToolButton(m_findBar);
    close->setText(u"×"_s);
    close->setToolTip(tr("Close the find bar (Esc)"));
    findLayout->addWidget(close);
    connect(close, &QToolButton::clicked, this, &GraphCanvas::hideFindBar);
    connect(m_findEdit, &QLineEdit::returnPressed, this, &GraphCanvas::findNext);
    m_caption->setObjectName(u"canvasCaption"_s);
    auto* captionLayout = new QHBoxLayout(m_captionFrame);
    captionLayout->setContentsMargins(8, 4, 8, 4);
    captionLayout->addWidget(m_caption);

    // The pulse leaves the edge plain; the selection's edge colours come back.
    connect(m_stepHighlight, &StepHighlight::pulseFinished, this, [this] { highlightEdges(m_session->selection()); });

    m_session->addObserver(this);
}

GraphCanvas::~GraphCanvas() {
    m_session->removeObserver(this);
    if (m_cancel) m_cancel->store(true);
    for (auto& worker : m_workers) worker.second.join();
    // QWidget's destructor deletes the scene after this one has run; its teardown deselects
    // items and must not call back into a half-destroyed canvas.
    scene()->disconnect(this);
}

void GraphCanvas::onGraphLoaded(const planscope::graph_document& doc) {
    m_alternate.reset();
    clearItems();
    startLayout(doc);
}

void GraphCanvas::clearItems() {
    const QSignalBlocker block(scene());
    m_stepHighlight->forgetItems();
    scene()->clear();
    m_items = {};
    m_layout = {};
    m_layoutError.clear();
}

void GraphCanvas::showAlternateGraph(std::shared_ptr<const planscope::graph_document> doc, planscope::dot_style style) {
    clearItems();
    m_alternate = std::move(doc);
    startLayout(*m_alternate, style);
}

void GraphCanvas::showSessionGraph() {
    clearItems();
    m_alternate.reset();
    startLayout(m_session->document());
}

void GraphCanvas::setCaption(const QString& text) {
    m_caption->setText(text);
    m_captionFrame->setVisible(!text.isEmpty());
    placeOverlays();
}

QString GraphCanvas::caption() const { return m_captionFrame->isHidden() ? QString() : m_caption->text(); }

const planscope::graph_document& GraphCanvas::shownDocument() const {
    return m_alternate ? *m_alternate : m_session->document();
}

void GraphCanvas::startLayout(const planscope::graph_document& doc, const planscope::dot_style& style) {
    if (m_cancel) m_cancel->store(true); // the previous graph's layout is no longer wanted
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    const quint64 generation = ++m_generation;
    m_running = true;

    const int count = static_cast<int>(doc.g.nodes.size() + doc.g.leafs.size());
    m_busyLabel->setText(tr("Laying out %1 nodes…").arg(count));
    m_busy->show();
    placeOverlays();

    // DOT text is built here, from the document the session owns; the worker only runs `dot`.
    std::string dot = to_dot(doc, style);
    m_workers.emplace_back(generation, std::thread([this, generation, cancel = m_cancel, dot = std::move(dot)] {
        auto result = std::make_shared<planscope::result<planscope::graph_layout>>(layout_dot(dot, cancel.get()));
        // Queued to the canvas: dropped with the canvas' pending events if it is gone by then
        // (its destructor joins this thread first).
        QMetaObject::invokeMethod(this, [this, generation, result] { onLayoutDone(generation, result); },
                                  Qt::QueuedConnection);
    }));
}

void GraphCanvas::onLayoutDone(quint64 generation, std::shared_ptr<planscope::result<planscope::graph_layout>> result) {
    const auto worker = std::find_if(m_workers.begin(), m_workers.end(), [&](const auto& w) { return w.first == generation; });
    if (worker != m_workers.end()) {
        worker->second.join();
        m_workers.erase(worker);
    }
    if (generation != m_generation || !m_running) return; // stale: a newer graph, or cancelled
    m_running = false;
    m_busy->hide();
    if (!result->ok()) {
        m_layoutError = QString::fromStdString(result->err().message);
        emit layoutCancelled();
        return;
    }
    m_layout = std::move(result->value());
    {
        const QSignalBlocker block(scene());
        m_items = buildCanvasItems(*scene(), shownDocument(), m_layout);
    }
    const QRectF bounds(0, 0, m_layout.width, m_layout.height);
    scene()->setSceneRect(bounds.adjusted(-sceneMargin, -sceneMargin, sceneMargin, sceneMargin));
    // Start at the top of the graph, over its first node (dot's ranks put leafs above it).
    const planscope::graph_document& doc = shownDocument();
    if (TensorNodeItem* first = doc.g.nodes.empty() ? nullptr : itemOf(doc.g.nodes.front())) centerOn(first);
    verticalScrollBar()->setValue(verticalScrollBar()->minimum());
    onSelectionChanged(m_session->selection());
    showStep();
    emit layoutFinished();
}

void GraphCanvas::cancelLayout() {
    if (!m_running) return;
    m_cancel->store(true);
    m_running = false;
    m_busy->hide();
    m_layoutError = tr("Layout cancelled");
    emit layoutCancelled();
}

void GraphCanvas::onSelectionChanged(planscope::tensor_id tensor) {
    m_syncing = true;
    scene()->clearSelection();
    if (TensorNodeItem* item = itemOf(tensor)) item->setSelected(true);
    m_syncing = false;
    highlightEdges(tensor);
    reveal(tensor);
}

void GraphCanvas::onPlanReady(const PlanTrace&) { showStep(); }
void GraphCanvas::onStepChanged(std::size_t) { showStep(); }

void GraphCanvas::showStep() {
    const PlanTrace* trace = m_session->planTrace();
    const planscope::alloc_event* e = trace ? trace->currentEvent() : nullptr;
    const auto node = e ? eventTensor(*e) : std::nullopt;
    if (!node) {
        m_stepHighlight->clear();
        return;
    }
    const auto* inplace = std::get_if<planscope::events::inplace>(e);
    m_stepHighlight->show(*scene(), m_items, *node, inplace ? inplace->parent : planscope::tensor_id{});
    reveal(*node);
}

void GraphCanvas::reveal(planscope::tensor_id tensor) {
    if (TensorNodeItem* item = itemOf(tensor)) ensureVisible(item, 40, 40);
}

void GraphCanvas::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    placeOverlays();
    reveal(m_session->selection());
}

void GraphCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    placeOverlays();
}

void GraphCanvas::placeOverlays() {
    m_busy->adjustSize();
    m_busy->move((width() - m_busy->width()) / 2, overlayMargin);
    m_busy->raise();
    m_findBar->resize(std::min(320, width() - 2 * overlayMargin), m_findBar->sizeHint().height());
    m_findBar->move(width() - m_findBar->width() - overlayMargin - verticalScrollBar()->width(), overlayMargin);
    m_findBar->raise();
    m_captionFrame->setMaximumWidth(std::max(0, width() - 2 * overlayMargin - verticalScrollBar()->width()));
    m_captionFrame->adjustSize();
    m_captionFrame->move(overlayMargin, height() - m_captionFrame->height() - overlayMargin -
                                             (horizontalScrollBar()->isVisible() ? horizontalScrollBar()->height() : 0));
    m_captionFrame->raise();
}

TensorNodeItem* GraphCanvas::itemOf(planscope::tensor_id tensor) const {
    const auto it = m_items.nodes.find(tensor);
    return it == m_items.nodes.end() ? nullptr : it->second;
}

void GraphCanvas::setZoom(qreal zoom) {
    m_zoom = std::clamp(zoom, 0.05, 4.0);
    setTransform(QTransform::fromScale(m_zoom, m_zoom));
}

void GraphCanvas::zoomToFit() {
    if (scene()->sceneRect().isEmpty()) return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    m_zoom = transform().m11();
    if (m_zoom > 4.0 || m_zoom < 0.05) setZoom(m_zoom);
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

void GraphCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && m_running) {
        cancelLayout();
        return;
    }
    if (event->key() == Qt::Key_Escape && !m_findBar->isHidden()) {
        hideFindBar();
        return;
    }
    if (event->matches(QKeySequence::Find)) {
        showFindBar();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphCanvas::showFindBar() {
    m_findBar->show();
    placeOverlays();
    m_findEdit->setFocus();
    m_findEdit->selectAll();
}

void GraphCanvas::hideFindBar() {
    m_findBar->hide();
    setFocus();
}

bool GraphCanvas::findNext() {
    const QString text = m_findEdit->text().trimmed();
    if (text.isEmpty() || m_layout.nodes.empty()) return false;
    const planscope::graph_document& doc = shownDocument();
    const auto& nodes = m_layout.nodes;
    const auto current = std::find_if(nodes.begin(), nodes.end(), [&](const layout_node& n) { return n.id == m_session->selection(); });
    const size_t start = current == nodes.end() ? 0 : static_cast<size_t>(current - nodes.begin()) + 1;
    for (size_t i = 0; i < nodes.size(); ++i) {
        const tensor_id id = nodes[(start + i) % nodes.size()].id;
        if (QString::fromStdString(doc.ctx[id].name).contains(text, Qt::CaseInsensitive)) {
            m_session->setSelection(id);
            return true;
        }
    }
    return false;
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
    for (const CanvasEdge& e : m_items.edges) {
        if (tensor.valid() && e.to == tensor) styleEdge(e, EdgeRole::In);
        else if (tensor.valid() && e.from == tensor) styleEdge(e, EdgeRole::Out);
        else styleEdge(e, EdgeRole::Plain);
    }
}

} // namespace planscope::ui
