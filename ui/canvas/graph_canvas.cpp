#include "graph_canvas.h"

#include "canvas/canvas_layout.h"
#include "canvas/step_highlight.h"
#include "canvas/stub_item.h"
#include "canvas/tensor_node_item.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "settings/app_settings.h"

#include <QGraphicsScene>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
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
constexpr qreal minZoom = 0.02;
constexpr qreal maxZoom = 4.0;

QWidget* overlayFrame(QWidget* parent, const QString& name) {
    auto* frame = new QWidget(parent);
    frame->setObjectName(name);
    frame->setAutoFillBackground(true);
    frame->setAttribute(Qt::WA_StyledBackground);
    frame->setStyleSheet(u"#%1 { background: palette(window); border: 1px solid palette(mid); border-radius: 4px; }"_s.arg(name));
    frame->hide();
    return frame;
}

const planscope::folded_layout& emptyLayout() {
    static const planscope::folded_layout empty;
    return empty;
}
} // namespace

GraphCanvas::GraphCanvas(GraphSession* session, QWidget* parent)
    : QGraphicsView(parent), m_session(session), m_runner(new CanvasLayout(this)),
      m_layout(std::shared_ptr<const planscope::folded_layout>(), &emptyLayout()),
      m_busy(overlayFrame(this, u"layoutBusy"_s)), m_busyLabel(new QLabel(m_busy)),
      m_cancelButton(new QPushButton(tr("Cancel"), m_busy)), m_findBar(overlayFrame(this, u"findBar"_s)),
      m_findEdit(new QLineEdit(m_findBar)), m_captionFrame(overlayFrame(this, u"captionFrame"_s)),
      m_caption(new QLabel(m_captionFrame)), m_stepHighlight(new StepHighlight(this)) {
    setObjectName(u"graphCanvas"_s);
    auto* scene = new QGraphicsScene(this);
    scene->setItemIndexMethod(QGraphicsScene::NoIndex); // rebuilt on every layout
    scene->setBackgroundBrush(QColor(0xf7, 0xf8, 0xfa));
    setScene(scene);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::ScrollHandDrag);
    setAlignment(Qt::AlignHCenter | Qt::AlignTop);
    connect(scene, &QGraphicsScene::selectionChanged, this, &GraphCanvas::onSceneSelectionChanged);
    const AppSettings settings = AppSettings::load();
    m_foldThreshold = settings.foldThreshold;
    m_openOnStep = settings.openBlocksOnStep;

    auto* busyLayout = new QHBoxLayout(m_busy);
    busyLayout->addWidget(m_busyLabel);
    busyLayout->addWidget(m_cancelButton);
    m_cancelButton->setObjectName(u"cancelLayout"_s);
    connect(m_cancelButton, &QPushButton::clicked, this, &GraphCanvas::cancelLayout);
    connect(m_runner, &CanvasLayout::finished, this, &GraphCanvas::onLayoutDone);
    connect(m_runner, &CanvasLayout::failed, this, &GraphCanvas::onLayoutFailed);

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
    m_runner->stop();
    // QWidget's destructor deletes the scene after this one has run; its teardown deselects
    // items and must not call back into a half-destroyed canvas.
    scene()->disconnect(this);
}

bool GraphCanvas::isLayoutRunning() const { return m_runner->isRunning(); }

void GraphCanvas::onGraphLoaded(const planscope::graph_document& doc) {
    m_alternate.reset();
    m_nodeTimes.clear();
    clearItems();
    startLayout(doc);
}

void GraphCanvas::clearItems() {
    const QSignalBlocker block(scene());
    m_stepHighlight->forgetItems();
    scene()->clear();
    m_items = {};
    m_layout = std::shared_ptr<const planscope::folded_layout>(std::shared_ptr<const planscope::folded_layout>(), &emptyLayout());
    m_view = {};
    m_hasItems = false;
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
    m_runner->stop();
    m_runner->forgetBlocks();
    m_style = style;
    m_folding.reset(doc, style, m_foldThreshold);
    emit foldingChanged(m_folding.active(), m_folding.available());
    relayout();
}

void GraphCanvas::showBusy(const QString& text) {
    m_busyLabel->setText(text);
    m_cancelButton->show();
    m_busy->show();
    placeOverlays();
}

void GraphCanvas::relayout() {
    const planscope::graph_document& doc = shownDocument();
    if (!m_folding.active()) {
        const auto count = static_cast<qulonglong>(doc.g.nodes.size() + doc.g.leafs.size());
        showBusy(tr("Laying out %1 nodes…").arg(QLocale().toString(count)));
        m_pendingView = {};
        m_runner->startFlat(doc, m_style);
        return;
    }
    m_pendingView = planscope::make_fold_view(doc, *m_folding.structure(), m_folding.state(), m_style.include_leafs);
    std::size_t open = 0;
    for (const planscope::fold_unit& u : m_pendingView.units) open += u.kind == planscope::unit_kind::instance;
    showBusy(tr("Laying out %n unit(s), %1 block(s) open…", nullptr, static_cast<int>(m_pendingView.units.size()))
                 .arg(QLocale().toString(static_cast<qulonglong>(open))));
    m_runner->startFolded(doc, *m_folding.structure(), m_pendingView, m_style);
}

void GraphCanvas::onLayoutFailed(const QString& message) {
    // Said where the graph would be, until the next layout; what is drawn stays.
    m_busyLabel->setText(tr("Cannot lay out the graph: %1").arg(message));
    m_cancelButton->hide();
    placeOverlays();
    m_layoutError = message;
    emit layoutCancelled();
}

void GraphCanvas::onLayoutDone(std::shared_ptr<planscope::folded_layout> layout) {
    m_busy->hide();
    // A relayout (a block opened or closed) keeps the view where it was.
    const bool relayout = m_hasItems;
    {
        const QSignalBlocker block(scene());
        m_stepHighlight->forgetItems();
        scene()->clear();
        m_layout = std::move(layout);
        m_view = std::move(m_pendingView);
        m_pendingView = {};
        BlockDecor decor;
        if (m_folding.active()) {
            decor.view = &m_view;
            decor.content = [this](std::uint32_t unit) { return contentOf(unit); };
        }
        m_items = buildCanvasItems(*scene(), shownDocument(), *m_layout, decor);
        for (auto& [unit, item] : m_items.blocks)
            item->setToggle([this](std::uint32_t u, std::uint32_t k) { onBlockToggled(u, k); });
        for (StubItem* stub : m_items.stubs) stub->setSelect([this](planscope::tensor_id t) { m_session->setSelection(t); });
    }
    m_hasItems = true;
    m_layoutError.clear();
    const QRectF bounds(0, 0, m_layout->width, m_layout->height);
    scene()->setSceneRect(bounds.adjusted(-sceneMargin, -sceneMargin, sceneMargin, sceneMargin));
    const planscope::graph_document& doc = shownDocument();
    if (BlockItem* anchor = relayout && m_anchor ? blockShowing(m_anchor->first, m_anchor->second) : nullptr) {
        // The block the user clicked sits where its box was.
        const QPointF now = mapFromScene(anchor->mapToScene(anchor->rect().topLeft()));
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() + qRound(now.x() - m_anchorView.x()));
        verticalScrollBar()->setValue(verticalScrollBar()->value() + qRound(now.y() - m_anchorView.y()));
    } else if (!relayout) {
        // Start at the top of the graph, over its first node (dot's ranks put leafs above it).
        if (TensorNodeItem* first = doc.g.nodes.empty() ? nullptr : itemOf(doc.g.nodes.front())) centerOn(first);
        verticalScrollBar()->setValue(verticalScrollBar()->minimum());
    }
    m_anchor.reset();
    onSelectionChanged(m_session->selection());
    showStep();
    showBreakpoints();
    emit layoutFinished();
}

void GraphCanvas::cancelLayout() {
    if (!m_runner->isRunning()) return;
    m_runner->stop();
    m_busy->hide();
    m_layoutError = tr("Layout cancelled");
    emit layoutCancelled();
}

void GraphCanvas::onSelectionChanged(planscope::tensor_id tensor) {
    if (m_openOnStep && m_hasItems && !isLayoutRunning() && m_folding.reveal(tensor, CanvasFolding::Reveal::Selection)) {
        relayout(); // its end selects and centres the tensor
        return;
    }
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
    for (auto& [unit, item] : m_items.blocks) item->setCurrentInstance(std::nullopt);
    if (!node) {
        m_stepHighlight->clear();
        return;
    }
    if (!itemOf(*node) && m_folding.hidden(*node)) {
        // The step is inside a closed block: open it (the layout comes back to this), or ring its box.
        if (m_openOnStep && m_hasItems && m_folding.reveal(*node, CanvasFolding::Reveal::Step)) relayout();
        markHidden(*node);
        return;
    }
    const auto* inplace = std::get_if<planscope::events::inplace>(e);
    m_stepHighlight->show(*scene(), m_items, *node, inplace ? inplace->parent : planscope::tensor_id{});
    reveal(*node);
}

void GraphCanvas::reveal(planscope::tensor_id tensor) {
    // A box already in view stays put (stepping through a neighbourhood does not jump); one
    // outside comes to the middle, with its neighbours around it.
    TensorNodeItem* item = itemOf(tensor);
    if (!item) return;
    const QRectF visible = mapToScene(viewport()->rect()).boundingRect();
    if (!visible.contains(item->sceneBoundingRect())) centerOn(item);
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
    placeHint();
}

TensorNodeItem* GraphCanvas::itemOf(planscope::tensor_id tensor) const {
    const auto it = m_items.nodes.find(tensor);
    return it == m_items.nodes.end() ? nullptr : it->second;
}

void GraphCanvas::setZoom(qreal zoom) {
    m_zoom = std::clamp(zoom, minZoom, maxZoom);
    setTransform(QTransform::fromScale(m_zoom, m_zoom));
}

void GraphCanvas::zoomToFit() {
    if (scene()->sceneRect().isEmpty()) return;
    fitInView(scene()->sceneRect(), Qt::KeepAspectRatio);
    m_zoom = transform().m11();
    if (m_zoom > maxZoom || m_zoom < minZoom) setZoom(m_zoom);
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
    if (event->key() == Qt::Key_Escape && isLayoutRunning()) {
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
    const planscope::graph_document& doc = shownDocument();
    if (text.isEmpty() || !m_hasItems) return false;
    // In graph order, leafs first, over every tensor (those in closed blocks too: selecting one opens it).
    std::vector<planscope::tensor_id> order(doc.g.leafs.begin(), doc.g.leafs.end());
    order.insert(order.end(), doc.g.nodes.begin(), doc.g.nodes.end());
    const auto current = std::find(order.begin(), order.end(), m_session->selection());
    const size_t start = current == order.end() ? 0 : static_cast<size_t>(current - order.begin()) + 1;
    for (size_t i = 0; i < order.size(); ++i) {
        const planscope::tensor_id id = order[(start + i) % order.size()];
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
