#include "buffer_view.h"

#include "model/format.h"
#include "strip_painter.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>
#include <QWheelEvent>

#include <algorithm>

namespace planscope::ui {
namespace {

constexpr qreal margin = 12;
constexpr qreal axisHeight = 26;
constexpr qreal minTitleHeight = 20; // above each strip, taller for a taller font
constexpr qreal stripHeight = 46;
constexpr qreal stripGap = 10;
constexpr int animationMs = 280;

// The axis covers the largest high-water mark the recording reaches, so it stays put while stepping.
std::uint64_t addressSpan(std::span<const planscope::alloc_event> events) {
    std::uint64_t span = 0;
    for (const planscope::alloc_event& e : events) {
        if (const auto* a = std::get_if<planscope::events::alloc>(&e)) span = std::max<std::uint64_t>(span, a->max_size_after);
        if (const auto* a = std::get_if<planscope::events::attach>(&e)) span = std::max<std::uint64_t>(span, a->max_size);
    }
    return std::max<std::uint64_t>(span, 1);
}

} // namespace

BufferView::BufferView(QWidget* parent) : QWidget(parent), m_animation(new QVariantAnimation(this)) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    m_animation->setStartValue(0.0);
    m_animation->setEndValue(1.0);
    m_animation->setDuration(animationMs);
    m_animation->setEasingCurve(QEasingCurve::OutCubic);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) {
        m_progress = v.toReal();
        update();
    });
    connect(m_animation, &QVariantAnimation::finished, this, [this] {
        m_progress = 1;
        m_previous.clear();
        update();
    });
}

void BufferView::setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc) {
    m_animation->stop();
    m_progress = 1;
    m_previous.clear();
    m_events.assign(events.begin(), events.end());
    m_doc = &doc;
    m_replayer.emplace(m_events);
    m_step = 0;
    m_strips = stripsAt(m_replayer->state(), doc);
    m_preallocated = preallocatedBuffers(m_events, doc);
    m_axis = AddressAxis{addressSpan(m_events), margin, 1, 1, 0};
    updateAxisWidth();
    updateGeometry();
    update();
}

void BufferView::clear() {
    m_animation->stop();
    m_progress = 1;
    m_replayer.reset();
    m_events.clear();
    m_doc = nullptr;
    m_strips.clear();
    m_previous.clear();
    m_preallocated.clear();
    m_step = 0;
    update();
}

void BufferView::setStep(std::size_t step) {
    if (!m_replayer || !m_doc) return;
    step = std::min(step, m_events.size());
    if (step == m_step) return;
    const bool byOne = step + 1 == m_step || m_step + 1 == step;
    // An animation still running ends where it was going: the new one starts from there.
    m_animation->stop();
    std::vector<BufferStrip> before = std::move(m_strips);
    m_replayer->seek(step);
    m_step = step;
    m_strips = stripsAt(m_replayer->state(), *m_doc);
    if (m_animated && byOne && isVisible()) {
        m_previous = std::move(before);
        m_progress = 0;
        m_animation->start();
    } else {
        m_previous.clear();
        m_progress = 1;
    }
    update();
}

void BufferView::setColoring(BlockColoring coloring) {
    m_coloring = coloring;
    update();
}

bool BufferView::isAnimating() const { return m_animation->state() == QAbstractAnimation::Running; }

void BufferView::setSelectedTensor(planscope::tensor_id tensor) {
    m_selected = tensor;
    update();
}

qreal BufferView::titleHeight() const { return std::max<qreal>(minTitleHeight, QFontMetricsF(font()).height() + 4); }

QSize BufferView::sizeHint() const {
    const auto rows = static_cast<int>(m_strips.size() + (m_preallocated.empty() ? 0 : 1));
    return {640, static_cast<int>(axisHeight + margin + std::max(rows, 1) * (titleHeight() + stripHeight + stripGap))};
}

QSize BufferView::minimumSizeHint() const { return {200, static_cast<int>(axisHeight + titleHeight() + stripHeight + margin)}; }

QRectF BufferView::stripRect(std::size_t index) const {
    const qreal title = titleHeight();
    const qreal top = axisHeight + title + static_cast<qreal>(index) * (title + stripHeight + stripGap);
    return QRectF(margin, top, width() - 2 * margin, stripHeight);
}

QRectF BufferView::summaryRect() const { return stripRect(m_strips.size()); }

void BufferView::updateAxisWidth() {
    m_axis.left = margin;
    m_axis.width = std::max<qreal>(width() - 2 * margin, 1);
    m_axis = pannedBy(m_axis, 0); // clamp the pan to the new width
}

void BufferView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_doc) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No allocation recorded"));
        return;
    }
    p.setRenderHint(QPainter::Antialiasing, false);
    paintAxis(p, QRectF(margin, 0, width() - 2 * margin, axisHeight - 4), m_axis);
    const StripPaintContext ctx{*m_doc, m_axis, m_coloring, m_selected};
    const bool animating = m_progress < 1 && !m_previous.empty();
    for (std::size_t i = 0; i < m_strips.size(); ++i) {
        const BufferStrip* from = nullptr;
        if (animating)
            for (const BufferStrip& s : m_previous)
                if (s.buffer == m_strips[i].buffer) from = &s;
        paintStrip(p, stripRect(i), ctx, m_strips[i], from, m_progress);
    }
    if (!m_preallocated.empty()) paintPreallocated(p, summaryRect(), m_preallocated);
}

void BufferView::resizeEvent(QResizeEvent* event) {
    updateAxisWidth();
    QWidget::resizeEvent(event);
}

BufferView::Hit BufferView::hitAt(const QPointF& pos) const {
    for (std::size_t i = 0; i < m_strips.size(); ++i) {
        const QRectF r = stripRect(i);
        if (!r.contains(pos)) continue;
        const BufferStrip& strip = m_strips[i];
        const std::uint64_t offset = xToOffset(m_axis, pos.x());
        Hit hit{&strip, blockAt(strip, offset), nullptr};
        // Shared regions sit in the strip's lower part, over their source.
        if (pos.y() >= r.top() + r.height() * 0.62)
            for (const SharedRegion& s : strip.shared)
                if (offset >= s.offset && offset < s.offset + std::max<std::uint64_t>(s.size, 1)) hit.region = &s;
        return hit;
    }
    return {};
}

bool BufferView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip || !m_doc) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const Hit hit = hitAt(help->pos());
    QString text;
    if (hit.region)
        text = sharedToolTip(*m_doc, *hit.region);
    else if (hit.block)
        text = blockToolTip(*m_doc, *hit.strip, *hit.block);
    else if (const auto* b = summaryRect().contains(help->pos()) ? preallocatedAt(summaryRect(), m_preallocated, help->pos().x()) : nullptr)
        text = tr("%1 (%2): pre-allocated, %3").arg(toQString(b->name), toQString(m_doc->buffers[b->buffer.index()].backend),
                                                    formatBytesExact(b->size));
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(help->globalPos(), text, this);
    return true;
}

void BufferView::wheelEvent(QWheelEvent* event) {
    const qreal factor = event->angleDelta().y() > 0 ? 1.25 : 0.8;
    m_axis = zoomedAt(m_axis, event->position().x(), factor);
    update();
    event->accept();
}

void BufferView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
    m_dragFrom = event->position();
    const Hit hit = hitAt(event->position());
    if (hit.region)
        emit tensorClicked(hit.region->tensor);
    else if (hit.block && hit.block->tensor.valid())
        emit tensorClicked(hit.block->tensor);
}

void BufferView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_dragFrom || !(event->buttons() & Qt::LeftButton)) return;
    m_axis = pannedBy(m_axis, m_dragFrom->x() - event->position().x());
    m_dragFrom = event->position();
    update();
}

void BufferView::mouseReleaseEvent(QMouseEvent*) { m_dragFrom.reset(); }

void BufferView::mouseDoubleClickEvent(QMouseEvent*) {
    m_axis.zoom = 1;
    m_axis.pan = 0;
    update();
}

} // namespace planscope::ui
