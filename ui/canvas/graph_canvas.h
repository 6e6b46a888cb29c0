#pragma once
// The central view: the graph laid out by Graphviz `dot` in the planscope-layout process
// (canvas_layout.h), drawn as tensor boxes, bezier edges and cluster boxes (canvas_items.h), and
// the selection, kept in step with the session both ways. Graphs above the fold threshold open
// folded (canvas_folding.h): repeated blocks as boxes, one click opens or closes one, and stepping
// or selecting a tensor inside a closed block opens it. Ctrl+wheel zooms, dragging pans, Ctrl+F finds.
#include "canvas/canvas_folding.h"
#include "canvas/canvas_items.h"
#include "session/graph_observer.h"

#include <QGraphicsView>
#include <QPointer>

#include <memory>
#include <optional>
#include <set>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace planscope::ui {

class CanvasHint;
class CanvasLayout;
class GraphSession;
class StepHighlight;
class TensorNodeItem;

class GraphCanvas final : public QGraphicsView, public IGraphObserver {
    Q_OBJECT

public:
    static constexpr int defaultFoldThreshold = 300;

    explicit GraphCanvas(GraphSession* session, QWidget* parent = nullptr);
    ~GraphCanvas() override; // stops the layout process

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;
    // The current step's tensor, ringed; an inplace step's parent edge pulses.
    [[nodiscard]] StepHighlight* stepHighlight() const { return m_stepHighlight; }

    // The box of a tensor, or nullptr when it is not drawn (yet, or folded away).
    [[nodiscard]] TensorNodeItem* itemOf(planscope::tensor_id tensor) const;
    [[nodiscard]] int itemCount() const { return static_cast<int>(m_items.nodes.size()); }
    [[nodiscard]] bool isLayoutRunning() const;
    // The geometry the items were built from.
    [[nodiscard]] const planscope::folded_layout& layout() const { return *m_layout; }
    [[nodiscard]] QString layoutError() const { return m_layoutError; }
    [[nodiscard]] qreal zoom() const { return m_zoom; }
    void setZoom(qreal zoom); // clamped to [0.02, 4]
    [[nodiscard]] QLineEdit* findEdit() const { return m_findEdit; }
    // Lays out `doc` (a scheduled split graph with its BACKEND#name copies) with `style` instead of
    // the session's document, until the next graph is loaded.
    void showAlternateGraph(std::shared_ptr<const planscope::graph_document> doc, planscope::dot_style style);
    [[nodiscard]] bool showsAlternateGraph() const { return m_alternate != nullptr; }
    // Lays out the session's document again, leaving the alternate graph.
    void showSessionGraph();
    // A line over the canvas' bottom-left corner (the split replay's current decision); empty hides it.
    void setCaption(const QString& text);
    [[nodiscard]] QString caption() const;
    // The document the items were built from: the alternate one, else the session's.
    [[nodiscard]] const planscope::graph_document& shownDocument() const;
    // The layout process (for tests: its id while it runs).
    [[nodiscard]] CanvasLayout* layoutRunner() const { return m_runner; }

    // Folding. Graphs with more nodes than the threshold open folded (AppSettings).
    void setFoldThreshold(int nodes) { m_foldThreshold = nodes; }
    [[nodiscard]] int foldThreshold() const { return m_foldThreshold; }
    // Whether stepping and selection open the closed block they land in (else the block's box is
    // ringed and its cell marked).
    void setOpenOnStep(bool open) { m_openOnStep = open; }
    [[nodiscard]] const CanvasFolding& folding() const { return m_folding; }
    [[nodiscard]] bool isFolded() const { return m_folding.active(); }
    // The block box or frame of a fold unit of the current layout.
    [[nodiscard]] BlockItem* blockItem(std::uint32_t unit) const;
    [[nodiscard]] std::vector<BlockItem*> blockItems() const;
    [[nodiscard]] const planscope::fold_view& foldView() const { return m_view; }
    // After a run: each node's share of its split's time, by tensor index (empty: none).
    void setNodeTimes(std::vector<double> microseconds);
    // The tensors stepping breaks at: a red dot on their boxes, or on the closed block holding them.
    void setBreakpointTensors(std::set<planscope::tensor_id> tensors);
    // Shows the first-run hint unless the user closed it before (CanvasHint).
    void showFirstRunHint();
    [[nodiscard]] CanvasHint* firstRunHint() const;

public slots:
    void zoomIn() { setZoom(m_zoom * 1.25); }
    void zoomOut() { setZoom(m_zoom / 1.25); }
    void resetZoom() { setZoom(1.0); }
    void zoomToFit();
    void cancelLayout();
    void showFindBar();
    void hideFindBar();
    // Selects the next tensor (after the selection, in graph order) whose name contains the
    // find text, case-insensitively, opening its block. Returns false when none matches.
    bool findNext();
    void setFolded(bool folded);
    // Opens (closes) one instance of a group, as a click on its box (frame header) does.
    void setInstanceOpen(std::size_t group, std::size_t instance, bool open);
    void openAllBlocks();
    void closeAllBlocks();

signals:
    void layoutFinished();  // the items of the current graph are built
    void layoutCancelled(); // the current graph's layout was cancelled or failed
    void foldingChanged(bool folded, bool available);

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override; // reveals a selection made while hidden

private:
    void startLayout(const planscope::graph_document& doc, const planscope::dot_style& style = {});
    void relayout();
    void onLayoutDone(std::shared_ptr<planscope::folded_layout> layout);
    void onLayoutFailed(const QString& message);
    void clearItems();
    void reveal(planscope::tensor_id tensor);
    void onSceneSelectionChanged();
    void highlightEdges(planscope::tensor_id tensor);
    void placeOverlays();
    void placeHint();
    void showBreakpoints();
    void showStep(); // the session's current step on the items
    void showBusy(const QString& text);
    void onBlockToggled(std::uint32_t unit, std::uint32_t instance);
    BlockContent contentOf(std::uint32_t unit) const;
    void markHidden(planscope::tensor_id tensor); // ring the box a closed tensor is folded into
    // The box or frame showing `instance` of `group` now.
    [[nodiscard]] BlockItem* blockShowing(std::size_t group, std::size_t instance) const;

    GraphSession* m_session;
    CanvasLayout* m_runner;
    CanvasItems m_items;
    std::shared_ptr<const planscope::folded_layout> m_layout;
    planscope::dot_style m_style;
    CanvasFolding m_folding;
    planscope::fold_view m_view; // the folded view m_items show
    planscope::fold_view m_pendingView;
    std::vector<double> m_nodeTimes;
    std::set<planscope::tensor_id> m_breakpoints;
    int m_foldThreshold = defaultFoldThreshold;
    bool m_openOnStep = true;
    bool m_hasItems = false;        // the items show the current document (a relayout keeps them)
    // The block a click opened or closed, and where its box was in the viewport: after the
    // layout, its frame (or the run it went back into) is put there.
    std::optional<std::pair<std::size_t, std::size_t>> m_anchor; // group, instance
    QPointF m_anchorView;
    QString m_layoutError;
    qreal m_zoom = 1.0;
    bool m_syncing = false; // true while the canvas applies the session's selection

    QWidget* m_busy;
    QLabel* m_busyLabel;
    QPushButton* m_cancelButton;
    QWidget* m_findBar;
    QLineEdit* m_findEdit;
    QWidget* m_captionFrame;
    QLabel* m_caption;
    StepHighlight* m_stepHighlight;
    QPointer<CanvasHint> m_hint;
    std::shared_ptr<const planscope::graph_document> m_alternate;
};

} // namespace planscope::ui
