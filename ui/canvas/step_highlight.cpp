#include "step_highlight.h"

#include "canvas/tensor_node_item.h"

#include <QGraphicsPathItem>
#include <QGraphicsScene>
#include <QPen>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace planscope::ui {

namespace {
const QColor ringColor(0xe8, 0x6a, 0x10);
constexpr qreal ringPad = 5;
constexpr int pulseMs = 700;
constexpr int pulseLoops = 3;
} // namespace

StepHighlight::StepHighlight(QObject* parent) : QObject(parent), m_pulse(new QVariantAnimation(this)) {
    m_pulse->setStartValue(0.0);
    m_pulse->setEndValue(1.0);
    m_pulse->setDuration(pulseMs);
    m_pulse->setLoopCount(pulseLoops);
    connect(m_pulse, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
        if (!m_pulsed.path) return;
        // One swell per loop: width 2 -> 7 -> 2.
        const qreal swell = std::sin(v.toReal() * std::numbers::pi);
        QPen pen(ringColor, 2.0 + 5.0 * swell);
        pen.setCapStyle(Qt::RoundCap);
        m_pulsed.path->setPen(pen);
        m_pulsed.path->setZValue(0.5);
    });
    connect(m_pulse, &QVariantAnimation::finished, this, [this] {
        if (!m_pulsed.path) return;
        styleEdge(m_pulsed, EdgeRole::Plain);
        emit pulseFinished();
    });
}

bool StepHighlight::isPulsing() const { return m_pulse->state() == QAbstractAnimation::Running; }

void StepHighlight::stopPulse() {
    if (isPulsing()) {
        m_pulse->stop();
        if (m_pulsed.path) {
            styleEdge(m_pulsed, EdgeRole::Plain);
            emit pulseFinished();
        }
    }
    m_pulsed = {};
}

void StepHighlight::show(QGraphicsScene& scene, const CanvasItems& items, planscope::tensor_id node,
                         planscope::tensor_id parent) {
    clear();
    const auto it = items.nodes.find(node);
    if (it == items.nodes.end()) return;
    m_node = node;
    QPainterPath outline;
    outline.addRoundedRect(it->second->sceneBoundingRect().adjusted(-ringPad, -ringPad, ringPad, ringPad), 8, 8);
    m_ring = scene.addPath(outline, QPen(ringColor, 3.0, Qt::SolidLine));
    m_ring->setZValue(2); // above boxes and edges
    m_ring->setAcceptedMouseButtons(Qt::NoButton); // clicks go to the box under it

    if (!parent.valid()) return;
    const auto edge = std::find_if(items.edges.begin(), items.edges.end(),
                                   [&](const CanvasEdge& e) { return e.from == parent && e.to == node; });
    if (edge == items.edges.end()) return;
    m_pulsed = *edge;
    m_pulse->start();
}

void StepHighlight::showBox(QGraphicsScene& scene, const QRectF& box, planscope::tensor_id node) {
    clear();
    m_node = node;
    QPainterPath outline;
    outline.addRoundedRect(box.adjusted(-ringPad, -ringPad, ringPad, ringPad), 10, 10);
    m_ring = scene.addPath(outline, QPen(ringColor, 3.0, Qt::DashLine));
    m_ring->setZValue(2);
    m_ring->setAcceptedMouseButtons(Qt::NoButton);
}

void StepHighlight::clear() {
    stopPulse();
    delete m_ring; // removes it from its scene
    m_ring = nullptr;
    m_node = {};
}

void StepHighlight::forgetItems() {
    m_pulse->stop();
    m_pulsed = {};
    m_ring = nullptr;
    m_node = {};
}

} // namespace planscope::ui
