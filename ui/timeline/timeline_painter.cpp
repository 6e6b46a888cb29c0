#include "timeline_painter.h"

#include "buffers/axis_geometry.h"
#include "model/format.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <cmath>

namespace planscope::ui {
namespace {

const QColor lowerBoundColor(0x2e, 0x7d, 0x32);
const QColor peakColor(0xc6, 0x28, 0x28);

QPainterPath stairs(const TimelineFrame& f, const std::vector<std::uint64_t>& bytes) {
    QPainterPath path;
    for (std::size_t s = 0; s < bytes.size(); ++s) {
        const qreal y = bytesToY(f, bytes[s]);
        if (s == 0)
            path.moveTo(stepToX(f, 0), y);
        else
            path.lineTo(stepToX(f, s), y);
        path.lineTo(stepToX(f, s + 1), y);
    }
    return path;
}

void paintAxes(QPainter& p, const TimelineFrame& f, const TimelineData& data) {
    const QFontMetricsF fm(p.font());
    // Bytes: the address axis' power-of-two ticks, laid along the plot's height.
    const AddressAxis yAxis{f.maxBytes, 0, f.plot.height(), 1, 0};
    for (std::uint64_t t : ticks(yAxis, 26)) {
        const qreal y = bytesToY(f, t);
        p.setPen(QColor(0xe4, 0xe6, 0xea));
        p.drawLine(QPointF(f.plot.left(), y), QPointF(f.plot.right(), y));
        p.setPen(QColor(0x55, 0x55, 0x55));
        p.drawText(QRectF(0, y - fm.height() / 2, f.plot.left() - 6, fm.height()), Qt::AlignRight | Qt::AlignVCenter,
                   tickLabel(t));
    }
    const std::size_t every = stepTickSpacing(f, 60);
    for (std::size_t s = 0; s < f.steps; s += every) {
        const qreal x = stepToX(f, s);
        p.drawLine(QPointF(x, f.plot.bottom()), QPointF(x, f.plot.bottom() + 4));
        p.drawText(QRectF(x - 30, f.plot.bottom() + 4, 60, fm.height()), Qt::AlignHCenter | Qt::AlignTop, QString::number(s));
    }
    p.setPen(QColor(0x55, 0x55, 0x55));
    p.drawLine(f.plot.bottomLeft(), f.plot.bottomRight());
    p.drawLine(f.plot.bottomLeft(), f.plot.topLeft());
    p.drawText(QRectF(f.plot.right() + 4, f.plot.bottom() + 4, 140, fm.height()), Qt::AlignLeft, data.stepName);
}

void paintLegend(QPainter& p, const TimelineFrame& f, const TimelineData& data) {
    const QFontMetricsF fm(p.font());
    qreal x = f.plot.left();
    const qreal y = f.plot.top() - fm.height() - 6;
    for (const TimelineCurve& c : data.curves) {
        p.setPen(QPen(c.color, 2, c.dashed ? Qt::DashLine : Qt::SolidLine));
        p.drawLine(QPointF(x, y + fm.height() / 2), QPointF(x + 18, y + fm.height() / 2));
        p.setPen(QColor(0x20, 0x20, 0x20));
        p.drawText(QPointF(x + 22, y + fm.ascent()), c.name);
        x += 34 + fm.horizontalAdvance(c.name);
    }
}

void paintBounds(QPainter& p, const TimelineFrame& f, const TimelineData& data) {
    const QFontMetricsF fm(p.font());
    const qreal lb = bytesToY(f, data.lowerBound);
    p.setPen(QPen(lowerBoundColor, 1.5, Qt::DashDotLine));
    p.drawLine(QPointF(f.plot.left(), lb), QPointF(f.plot.right(), lb));
    const qreal pk = bytesToY(f, data.peak);
    p.setPen(QPen(peakColor, 1, Qt::DotLine));
    p.drawLine(QPointF(f.plot.left(), pk), QPointF(f.plot.right(), pk));

    // The peak: a dot where it was first reached.
    const QPointF dot((stepToX(f, data.peakStep) + stepToX(f, data.peakStep + 1)) / 2, pk);
    p.setBrush(peakColor);
    p.setPen(Qt::NoPen);
    p.drawEllipse(dot, 3.5, 3.5);
    p.setBrush(Qt::NoBrush);

    // Right of the plot: the two values and, between them, the gap.
    const qreal x = f.plot.right() + 8;
    p.setPen(peakColor);
    p.drawText(QPointF(x, pk - 3), QCoreApplication::translate("planscope::ui::MemoryTimeline", "peak %1").arg(formatBytes(data.peak)));
    p.setPen(lowerBoundColor);
    p.drawText(QPointF(x, lb + fm.ascent() + 1), QCoreApplication::translate("planscope::ui::MemoryTimeline", "lower bound %1").arg(formatBytes(data.lowerBound)));
    if (data.peak <= data.lowerBound) return;
    p.setPen(QPen(QColor(0x70, 0x70, 0x70), 1));
    p.drawLine(QPointF(x + 4, pk), QPointF(x + 4, lb));
    p.drawLine(QPointF(x, pk), QPointF(x + 8, pk));
    p.drawLine(QPointF(x, lb), QPointF(x + 8, lb));
    const std::uint64_t gap = data.peak - data.lowerBound;
    const double percent = data.lowerBound == 0 ? 0 : 100.0 * static_cast<double>(gap) / static_cast<double>(data.lowerBound);
    const QString amount = QCoreApplication::translate("planscope::ui::MemoryTimeline", "%1 (+%2%)")
                               .arg(formatBytes(gap), QString::number(percent, 'f', 1));
    const QString label = QCoreApplication::translate("planscope::ui::MemoryTimeline", "fragmentation");
    p.setPen(QColor(0x40, 0x40, 0x40));
    if (lb - pk >= 3 * fm.height()) {
        // Room between the lines: the label beside the bracket.
        p.drawText(QRectF(x + 10, pk, 140, lb - pk), Qt::AlignLeft | Qt::AlignVCenter, label + u'\n' + amount);
    } else {
        // A narrow gap: below the lower bound's label, clear of both lines.
        p.drawText(QPointF(x, lb + fm.ascent() + fm.height() + 2), label);
        p.drawText(QPointF(x, lb + fm.ascent() + 2 * fm.height() + 2), amount);
    }
}

} // namespace

std::size_t stepTickSpacing(const TimelineFrame& f, qreal minPixels) {
    const qreal perStep = f.plot.width() / static_cast<qreal>(std::max<std::size_t>(f.steps, 1));
    for (std::size_t base = 1;; base *= 10)
        for (std::size_t m : {1, 2, 5})
            if (static_cast<qreal>(base * m) * perStep >= minPixels || base * m >= f.steps) return base * m;
}

void paintTimeline(QPainter& p, const TimelineFrame& f, const TimelineData& data) {
    paintAxes(p, f, data);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (const TimelineCurve& c : data.curves) {
        if (c.bytes.empty()) continue;
        const QPainterPath path = stairs(f, c.bytes);
        if (c.filled) {
            QPainterPath area = path;
            area.lineTo(stepToX(f, c.bytes.size()), f.plot.bottom());
            area.lineTo(stepToX(f, 0), f.plot.bottom());
            area.closeSubpath();
            QColor fill = c.color;
            fill.setAlpha(50);
            p.fillPath(area, fill);
        }
        p.setPen(QPen(c.color, c.dashed ? 1.5 : 2, c.dashed ? Qt::DashLine : Qt::SolidLine));
        p.drawPath(path);
    }
    paintBounds(p, f, data);
    p.setRenderHint(QPainter::Antialiasing, false);
    paintLegend(p, f, data);
}

void paintCursor(QPainter& p, const TimelineFrame& f, std::size_t step) {
    const qreal x = (stepToX(f, step) + stepToX(f, step + 1)) / 2;
    p.setPen(QPen(QColor(0x10, 0x60, 0xd0), 1.5));
    p.drawLine(QPointF(x, f.plot.top()), QPointF(x, f.plot.bottom()));
    const QFontMetricsF fm(p.font());
    const QString label = QString::number(step);
    const qreal w = fm.horizontalAdvance(label) + 8;
    const QRectF box(x - w / 2, f.plot.top() - 2, w, fm.height() + 2);
    p.fillRect(box, QColor(0x10, 0x60, 0xd0));
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, label);
}

} // namespace planscope::ui
