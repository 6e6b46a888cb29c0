#include "memory_timeline.h"

#include "timeline_painter.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

namespace planscope::ui {
namespace {
constexpr qreal leftMargin = 70;  // y labels
constexpr qreal rightMargin = 150; // the fragmentation label
constexpr qreal topMargin = 26;   // legend
constexpr qreal bottomMargin = 22; // x labels
} // namespace

MemoryTimeline::MemoryTimeline(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setCursor(Qt::PointingHandCursor);
    setMouseTracking(true); // a shown tooltip follows the pointer
}

void MemoryTimeline::setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc) {
    MemorySeries series = memorySeries(events);
    showData(timelineData(series, doc));
    m_series = std::move(series);
    m_events = events;
    m_doc = &doc;
}

void MemoryTimeline::setData(TimelineData data) {
    showData(std::move(data));
    m_series = {};
    m_events = {};
    m_doc = nullptr;
}

void MemoryTimeline::showData(TimelineData data) {
    m_data = std::move(data);
    m_step = std::min(m_step, m_data.steps() == 0 ? 0 : m_data.steps() - 1);
    m_hoverLive.reset();
    update();
}

void MemoryTimeline::clear() { setData({}); }

void MemoryTimeline::setStep(std::size_t step) {
    if (step == m_step) return;
    m_step = step;
    update();
}

TimelineFrame MemoryTimeline::frame() const {
    const QRectF plot(leftMargin, topMargin, std::max<qreal>(width() - leftMargin - rightMargin, 10),
                      std::max<qreal>(height() - topMargin - bottomMargin, 10));
    // 8% headroom so the peak's label fits above it.
    const std::uint64_t top = m_data.maxBytes() + m_data.maxBytes() / 12;
    return {plot, std::max<std::size_t>(m_data.steps(), 1), std::max<std::uint64_t>(top, 1)};
}

std::optional<TimelineHover> MemoryTimeline::hoverAt(QPointF pos) const {
    if (!m_doc) return std::nullopt;
    const auto point = timelinePointAt(frame(), m_series, pos);
    if (!point) return std::nullopt;
    TimelineHover hover{*point, std::nullopt};
    if (!point->buffer) return hover;
    const planscope::buffer_id buffer = m_series.buffers[*point->buffer].buffer;
    if (!m_hoverLive || m_hoverLive->buffer != buffer || m_hoverLive->step != point->step)
        m_hoverLive = planscope::live_at(*m_doc, m_events, buffer, point->step);
    if (const auto* a = allocationAtHeight(*m_hoverLive, point->bytes)) hover.allocation = *a;
    return hover;
}

QString MemoryTimeline::toolTipAt(QPointF pos) const {
    const auto hover = hoverAt(pos);
    return hover ? timelineHoverText(m_series, *m_doc, *hover) : QString();
}

void MemoryTimeline::showToolTip(QPointF pos, QPoint globalPos) {
    const QString text = toolTipAt(pos);
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(globalPos, text, this);
}

bool MemoryTimeline::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip) return QWidget::event(event);
    const auto* help = static_cast<QHelpEvent*>(event);
    showToolTip(help->pos(), help->globalPos());
    return true;
}

void MemoryTimeline::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_data.curves.empty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No allocation recorded"));
        return;
    }
    const TimelineFrame f = frame();
    paintTimeline(p, f, m_data);
    paintCursor(p, f, m_step);
}

void MemoryTimeline::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_data.curves.empty()) return QWidget::mousePressEvent(event);
    const std::size_t s = xToStep(frame(), event->position().x());
    // Before stepClicked, whose receivers may give the view another trace.
    const auto hover = hoverAt(event->position());
    setStep(s);
    emit stepClicked(s);
    if (hover && hover->allocation) emit tensorClicked(hover->allocation->owner);
}

void MemoryTimeline::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton)) {
        if (QToolTip::isVisible()) showToolTip(event->position(), event->globalPosition().toPoint());
        return;
    }
    if (m_data.curves.empty()) return;
    const std::size_t s = xToStep(frame(), event->position().x());
    if (s == m_step) return;
    setStep(s);
    emit stepClicked(s);
}

} // namespace planscope::ui
