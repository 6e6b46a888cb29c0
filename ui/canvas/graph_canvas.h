#pragma once
// The central view: the graph's tensors as boxes (column_layout.h places them) and the
// selection, kept in step with the session both ways. Ctrl+wheel zooms.
#include "session/graph_observer.h"

#include <QGraphicsView>

#include <unordered_map>
#include <vector>

class QGraphicsPathItem;

namespace planscope::ui {

class GraphSession;
class TensorNodeItem;

class GraphCanvas final : public QGraphicsView, public IGraphObserver {
    Q_OBJECT

public:
    explicit GraphCanvas(GraphSession* session, QWidget* parent = nullptr);
    ~GraphCanvas() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;

    // The box of a tensor, or nullptr when it is not drawn.
    [[nodiscard]] TensorNodeItem* itemOf(planscope::tensor_id tensor) const;
    [[nodiscard]] qreal zoom() const { return m_zoom; }
    void setZoom(qreal zoom); // clamped to [0.1, 4]

public slots:
    void zoomIn() { setZoom(m_zoom * 1.25); }
    void zoomOut() { setZoom(m_zoom / 1.25); }
    void resetZoom() { setZoom(1.0); }

protected:
    void wheelEvent(QWheelEvent* event) override;
    void showEvent(QShowEvent* event) override; // reveals a selection made while hidden

private:
    void reveal(planscope::tensor_id tensor);
    void onSceneSelectionChanged();
    void highlightEdges(planscope::tensor_id tensor);

    struct EdgeItem {
        planscope::tensor_id from;
        planscope::tensor_id to;
        QGraphicsPathItem* item;
    };

    GraphSession* m_session;
    std::unordered_map<planscope::tensor_id, TensorNodeItem*> m_items;
    std::vector<EdgeItem> m_edges;
    qreal m_zoom = 1.0;
    bool m_syncing = false; // true while the canvas applies the session's selection
};

} // namespace planscope::ui
