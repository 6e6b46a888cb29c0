#include "plan_layout_view.h"

#include "buffers/block_style.h"
#include "model/format.h"

#include <QFontMetricsF>
#include <QLocale>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace planscope::ui {
namespace {
constexpr qreal margin = 12;
constexpr qreal titleHeight = 22;
constexpr qreal axisHeight = 22;
constexpr qreal stepColumn = 34; // step numbers left of the plot
} // namespace

PlanLayoutView::PlanLayoutView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(true);
}

void PlanLayoutView::setPlan(const planscope::graph_dsa& dsa, const PlannerRun& run, const planscope::graph_document& doc) {
    m_doc = &doc;
    m_problem = dsa.problem;
    m_owner = dsa.owner;
    m_offsets = run.plan.offsets;
    m_steps = std::max<std::size_t>(dsa.steps, 1);
    m_peak = run.plan.peak;
    m_title = tr("%1 — peak %2, %3× lower bound, %4 ms")
                  .arg(toQString(planscope::name(run.plan.planner)), formatBytes(run.plan.peak),
                       QString::number(run.stats.ratio, 'f', 3), QString::number(run.plan.elapsed.count(), 'f', 1));
    if (m_axis.span < m_peak) setSpan(m_peak);
    update();
}

void PlanLayoutView::clear() {
    m_doc = nullptr;
    m_problem = {};
    m_owner.clear();
    m_offsets.clear();
    update();
}

void PlanLayoutView::setSpan(std::uint64_t span) {
    m_axis.span = std::max<std::uint64_t>(span, 1);
    update();
}

QRectF PlanLayoutView::plotRect() const {
    return QRectF(margin + stepColumn, titleHeight + axisHeight, std::max<qreal>(width() - 2 * margin - stepColumn, 10),
                  std::max<qreal>(height() - titleHeight - axisHeight - margin, 10));
}

void PlanLayoutView::resizeEvent(QResizeEvent* event) {
    const QRectF plot = plotRect();
    m_axis.left = plot.left();
    m_axis.width = plot.width();
    QWidget::resizeEvent(event);
}

QRectF PlanLayoutView::bufferRect(std::size_t i) const {
    const QRectF plot = plotRect();
    const planscope::dsa_buffer& b = m_problem.buffers[i];
    const qreal rowHeight = plot.height() / static_cast<qreal>(m_steps);
    const qreal x0 = offsetToX(m_axis, m_offsets[i]);
    const qreal x1 = offsetToX(m_axis, m_offsets[i] + b.size);
    return QRectF(x0, plot.top() + static_cast<qreal>(b.lower) * rowHeight, std::max<qreal>(x1 - x0, 1),
                  static_cast<qreal>(b.upper - b.lower) * rowHeight);
}

int PlanLayoutView::bufferAt(const QPointF& pos) const {
    for (std::size_t i = 0; i < m_offsets.size(); ++i)
        if (bufferRect(i).contains(pos)) return static_cast<int>(i);
    return -1;
}

void PlanLayoutView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (!m_doc) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("Not planned yet"));
        return;
    }
    const QRectF plot = plotRect();
    const QFontMetricsF fm(p.font());
    p.setPen(QColor(0x20, 0x20, 0x20));
    p.drawText(QRectF(margin, 2, width() - 2 * margin, titleHeight), Qt::AlignLeft | Qt::AlignVCenter, m_title);

    // Address ticks above, step numbers on the left.
    p.setPen(QColor(0x55, 0x55, 0x55));
    for (std::uint64_t t : ticks(m_axis, 70)) {
        const qreal x = offsetToX(m_axis, t);
        p.drawLine(QPointF(x, plot.top() - 4), QPointF(x, plot.top()));
        const QString label = tickLabel(t);
        const qreal w = fm.horizontalAdvance(label);
        p.drawText(QRectF(std::clamp(x - w / 2, plot.left(), width() - margin - w), titleHeight, w, axisHeight - 4),
                   Qt::AlignLeft | Qt::AlignBottom, label);
    }
    const qreal rowHeight = plot.height() / static_cast<qreal>(m_steps);
    const std::size_t every = std::max<std::size_t>(1, static_cast<std::size_t>(std::ceil(fm.height() * 1.5 / rowHeight)));
    for (std::size_t s = 0; s < m_steps; s += every)
        p.drawText(QRectF(margin, plot.top() + static_cast<qreal>(s) * rowHeight, stepColumn - 4, fm.height()),
                   Qt::AlignRight | Qt::AlignTop, QString::number(s));
    p.fillRect(plot, QColor(0xf6, 0xf7, 0xf9));

    p.save();
    p.setClipRect(plot);
    for (std::size_t i = 0; i < m_offsets.size(); ++i) {
        const QRectF r = bufferRect(i);
        p.fillRect(r, blockColor(*m_doc, m_owner[i], BlockColoring::ByOp));
        p.setPen(QColor(0x44, 0x44, 0x44));
        p.drawRect(r.adjusted(0.5, 0.5, -0.5, -0.5));
        const QString name = tensorName(*m_doc, m_owner[i]);
        const QRectF inner = r.adjusted(2, 0, -2, 0);
        if (labelFit(inner.width(), fm.horizontalAdvance(name), 24) != LabelFit::Hidden && inner.height() >= fm.height()) {
            p.setPen(QColor(0x20, 0x20, 0x20));
            p.drawText(inner, Qt::AlignCenter, fm.elidedText(name, Qt::ElideMiddle, inner.width()));
        }
    }
    p.restore();
    const qreal px = offsetToX(m_axis, m_peak);
    p.setPen(QPen(QColor(0xc6, 0x28, 0x28), 2));
    p.drawLine(QPointF(px, plot.top() - 4), QPointF(px, plot.bottom()));
    p.setPen(QColor(0xbb, 0xbb, 0xbb));
    p.drawRect(plot);
}

bool PlanLayoutView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip || !m_doc) return QWidget::event(event);
    auto* help = static_cast<QHelpEvent*>(event);
    const int i = bufferAt(help->pos());
    if (i < 0) {
        QToolTip::hideText();
        return true;
    }
    const auto idx = static_cast<std::size_t>(i);
    const planscope::dsa_buffer& b = m_problem.buffers[idx];
    QToolTip::showText(help->globalPos(),
                       tr("%1\noffset %2, %3\nalive from node %4 to %5")
                           .arg(tensorName(*m_doc, m_owner[idx]), QLocale().toString(static_cast<qulonglong>(m_offsets[idx])),
                                formatBytesExact(b.size))
                           .arg(b.lower)
                           .arg(b.upper - 1),
                       this);
    return true;
}

void PlanLayoutView::mousePressEvent(QMouseEvent* event) {
    const int i = bufferAt(event->position());
    if (i >= 0) emit tensorClicked(m_owner[static_cast<std::size_t>(i)]);
}

} // namespace planscope::ui
