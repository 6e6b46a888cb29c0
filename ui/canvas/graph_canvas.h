#pragma once
// The central view: the graph laid out by Graphviz `dot` in a worker thread (graph_layout.h),
// drawn as tensor boxes, bezier edges and cluster boxes (canvas_items.h), and the selection,
// kept in step with the session both ways. Ctrl+wheel zooms, dragging pans, Ctrl+F finds.
#include "canvas/canvas_items.h"
#include "session/graph_observer.h"

#include <QGraphicsView>

#include <atomic>
#include <memory>
#include <thread>
#include <utility>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;

namespace planscope::ui {

class GraphSession;
class StepHighlight;
class TensorNodeItem;

class GraphCanvas final : public QGraphicsView, public IGraphObserver {
    Q_OBJECT

public:
    explicit GraphCanvas(GraphSession* session, QWidget* parent = nullptr);
    ~GraphCanvas() override; // cancels and waits for the layout worker

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;
    // The current step's tensor, ringed; an inplace step's parent edge pulses.
    [[nodiscard]] StepHighlight* stepHighlight() const { return m_stepHighlight; }

    // The box of a tensor, or nullptr when it is not drawn (yet).
    [[nodiscard]] TensorNodeItem* itemOf(planscope::tensor_id tensor) const;
    [[nodiscard]] int itemCount() const { return static_cast<int>(m_items.nodes.size()); }
    [[nodiscard]] bool isLayoutRunning() const { return m_running; }
    // Worker threads not yet joined, stale and cancelled ones included.
    [[nodiscard]] int pendingWorkers() const { return static_cast<int>(m_workers.size()); }
    // The geometry the items were built from.
    [[nodiscard]] const planscope::graph_layout& layout() const { return m_layout; }
    [[nodiscard]] QString layoutError() const { return m_layoutError; }
    [[nodiscard]] qreal zoom() const { return m_zoom; }
    void setZoom(qreal zoom); // clamped to [0.05, 4]
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

public slots:
    void zoomIn() { setZoom(m_zoom * 1.25); }
    void zoomOut() { setZoom(m_zoom / 1.25); }
    void resetZoom() { setZoom(1.0); }
    void zoomToFit();
    void cancelLayout();
    void showFindBar();
    void hideFindBar();
    // Selects the next tensor (after the selection, in layout order) whose name contains the
    // find text, case-insensitively. Returns false when none matches.
    bool findNext();

signals:
    void layoutFinished();  // the items of the current graph are built
    void layoutCancelled(); // the current graph's layout was cancelled or failed

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override; // reveals a selection made while hidden

private:
    void startLayout(const planscope::graph_document& doc, const planscope::dot_style& style = {});
    void onLayoutDone(quint64 generation, std::shared_ptr<planscope::result<planscope::graph_layout>> result);
    void clearItems();
    void reveal(planscope::tensor_id tensor);
    void onSceneSelectionChanged();
    void highlightEdges(planscope::tensor_id tensor);
    void placeOverlays();
    void showStep(); // the session's current step on the items

    GraphSession* m_session;
    CanvasItems m_items;
    planscope::graph_layout m_layout;
    QString m_layoutError;
    qreal m_zoom = 1.0;
    bool m_syncing = false; // true while the canvas applies the session's selection

    quint64 m_generation = 0; // bumped per graph; results of older ones are dropped
    bool m_running = false;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::vector<std::pair<quint64, std::thread>> m_workers; // joined when their result arrives

    QWidget* m_busy;
    QLabel* m_busyLabel;
    QPushButton* m_cancelButton;
    QWidget* m_findBar;
    QLineEdit* m_findEdit;
    QWidget* m_captionFrame;
    QLabel* m_caption;
    StepHighlight* m_stepHighlight;
    std::shared_ptr<const planscope::graph_document> m_alternate;
};

} // namespace planscope::ui
