#include "memory_timeline.h"

#include "timeline_painter.h"

#include <QMouseEvent>
#include <QPainter>

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
}

void MemoryTimeline::setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc) {
    setData(timelineData(memorySeries(events), doc));
}

void MemoryTimeline::setData(TimelineData data) {
    m_data = std::move(data);
    m_step = std::min(m_step, m_data.steps() == 0 ? 0 : m_data.steps() - 1);
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
    setStep(s);
    emit stepClicked(s);
}

void MemoryTimeline::mouseMoveEvent(QMouseEvent* event) {
    if (!(event->buttons() & Qt::LeftButton) || m_data.curves.empty()) return;
    const std::size_t s = xToStep(frame(), event->position().x());
    if (s == m_step) return;
    setStep(s);
    emit stepClicked(s);
}

} // namespace planscope::ui
