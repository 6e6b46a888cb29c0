#pragma once
// The current step on the canvas: a ring around the box of the event's tensor and, for an
// inplace step, a pulse (QVariantAnimation) along the edge from the parent whose memory the node
// took over. The items belong to the canvas' scene.
#include "canvas/canvas_items.h"

#include <QObject>

class QGraphicsPathItem;
class QVariantAnimation;

namespace planscope::ui {

class StepHighlight final : public QObject {
    Q_OBJECT

public:
    explicit StepHighlight(QObject* parent = nullptr);

    // Rings `node` (nothing when it has no box) and pulses the edge parent -> node when `parent`
    // is valid and drawn. Replaces the previous highlight.
    void show(QGraphicsScene& scene, const CanvasItems& items, planscope::tensor_id node, planscope::tensor_id parent);
    // Rings `box`, the folded block `node` is hidden in.
    void showBox(QGraphicsScene& scene, const QRectF& box, planscope::tensor_id node);
    void clear();
    // The scene is about to delete its items: drop the pointers without touching them.
    void forgetItems();

    [[nodiscard]] planscope::tensor_id node() const { return m_node; }
    [[nodiscard]] QGraphicsPathItem* ring() const { return m_ring; }
    [[nodiscard]] bool isPulsing() const;
    [[nodiscard]] planscope::tensor_id pulsedParent() const { return m_pulsed.from; }

signals:
    void pulseFinished(); // the pulsed edge is back to plain style; the canvas restyles it

private:
    void stopPulse();

    planscope::tensor_id m_node;
    QGraphicsPathItem* m_ring = nullptr;
    CanvasEdge m_pulsed;
    QVariantAnimation* m_pulse;
};

} // namespace planscope::ui
