#include "sweep_chart.h"

#include "model/format.h"
#include "model/tool_tip.h"
#include "sweep_point_model.h"

#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <array>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

const QColor ink(0x33, 0x33, 0x33);
const QColor grid(0xe3, 0xe3, 0xe3);
constexpr qreal markerRadius = 4;

enum class Marker { Circle, Dot, Square };

// The lower bound is drawn over the compute buffer, thinner and dashed, so that both show where
// the plan meets the bound.
struct Series {
    QColor color;
    Qt::PenStyle style;
    qreal width;
    Marker marker;
    QPolygonF SweepChartGeometry::*line;
};
const std::array<Series, 3> series{{
    {QColor(0xd9, 0x48, 0x0f), Qt::DashDotLine, 1.5, Marker::Square, &SweepChartGeometry::llamaTotal},
    {QColor(0x1c, 0x64, 0xb4), Qt::SolidLine, 2.5, Marker::Circle, &SweepChartGeometry::computeBuffer},
    {QColor(0x2b, 0x8a, 0x3e), Qt::DashLine, 1.5, Marker::Dot, &SweepChartGeometry::lowerBound},
}};

constexpr qreal sampleWidth = 30; // a legend entry's line sample and the space after it
constexpr qreal legendGap = 20;
constexpr qreal legendPad = 6;

qreal legendRow(const QFontMetricsF& fm) { return fm.height() + 6; }

struct LegendItem {
    const Series* series;
    QString text;
    QPointF at; // below legendPad
};

// In the order a reader looks for them: the plan first. `texts` name them in that order.
std::vector<LegendItem> layoutLegend(const QStringList& texts, const QFontMetricsF& fm, qreal left, qreal right) {
    const std::array<const Series*, 3> order{&series[1], &series[2], &series[0]};
    std::vector<qreal> widths;
    for (const QString& t : texts) widths.push_back(sampleWidth + fm.horizontalAdvance(t));
    const std::vector<QPointF> at = legendPositions(widths, left, right, legendRow(fm), legendGap);
    std::vector<LegendItem> out;
    for (std::size_t i = 0; i < order.size(); ++i) out.push_back({order[i], texts[static_cast<qsizetype>(i)], at[i]});
    return out;
}

void drawMarker(QPainter& p, const Series& s, QPointF at, qreal scale) {
    p.setPen(QPen(Qt::white, 1));
    p.setBrush(s.color);
    const qreal r = (s.marker == Marker::Dot ? 2.5 : markerRadius) * scale;
    if (s.marker == Marker::Square) p.drawRect(QRectF(at.x() - r + 0.5, at.y() - r + 0.5, 2 * r - 1, 2 * r - 1));
    else p.drawEllipse(at, r, r);
}

} // namespace

SweepChart::SweepChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void SweepChart::setKey(planscope::sweep_key key) {
    m_key = key;
    update();
}

void SweepChart::appendPoint(const planscope::sweep_point& p) {
    m_points.push_back(p);
    update();
}

void SweepChart::clear() {
    m_points.clear();
    m_hover = -1;
    update();
}

SweepChartMetrics SweepChart::metrics() const {
    SweepChartMetrics m;
    const ByteScale scale = niceByteScale(sweepMaxBytes(m_points), m.maxIntervals);
    for (std::uint64_t b = 0; b <= scale.top; b += scale.step)
        m.left = std::max<qreal>(m.left, fontMetrics().horizontalAdvance(formatBytes(b)) + 16);
    m.minLabelGap = std::max<qreal>(m.minLabelGap, fontMetrics().horizontalAdvance(u"00,000"_s) + 8);
    // The legend wraps in a narrow chart: the plot starts below its last row.
    const QFontMetricsF fm(font());
    const auto legend = layoutLegend(legendTexts(), fm, m.left, width() - m.right);
    m.top = std::max(m.top, 2 * legendPad + legend.back().at.y() + legendRow(fm));
    return m;
}

QStringList SweepChart::legendTexts() const {
    return {tr("compute buffer (ggml)"), tr("lower bound"), tr("llama.cpp total")};
}

SweepChartGeometry SweepChart::chartGeometry() const { return sweepChartGeometry(m_points, size(), metrics()); }

int SweepChart::pointAt(QPointF pos) const {
    const SweepChartMetrics m = metrics();
    const SweepChartGeometry g = sweepChartGeometry(m_points, size(), m);
    if (pos.y() < g.plot.top() || pos.y() > g.plot.bottom()) return -1;
    return sweepPointAt(g, pos.x(), m);
}

QString SweepChart::toolTipAt(QPointF pos) const {
    const int i = pointAt(pos);
    return i < 0 ? QString() : SweepPointModel::pointText(m_key, m_points[static_cast<std::size_t>(i)]);
}

bool SweepChart::event(QEvent* event) {
    return answerToolTip(this, event, [this](QPoint pos) { return toolTipAt(pos); }) || QWidget::event(event);
}

void SweepChart::mouseMoveEvent(QMouseEvent* event) {
    setHover(pointAt(event->position()));
    if (QToolTip::isVisible()) {
        const QString text = toolTipAt(event->position());
        if (text.isEmpty()) QToolTip::hideText();
        else QToolTip::showText(event->globalPosition().toPoint(), text, this);
    }
}

void SweepChart::leaveEvent(QEvent*) { setHover(-1); }

void SweepChart::setHover(int index) {
    if (index == m_hover) return;
    m_hover = index;
    update();
}

void SweepChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_points.empty()) {
        p.setPen(ink);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Run a sweep to see how the compute buffer grows"));
        return;
    }
    const SweepChartGeometry g = chartGeometry();
    paintAxes(p, g);
    paintSeries(p, g);
    paintLegend(p, g);
}

void SweepChart::paintAxes(QPainter& p, const SweepChartGeometry& g) const {
    const QFontMetricsF fm(font());
    for (const SweepTick& t : g.yTicks) {
        p.setPen(QPen(grid, 1));
        p.drawLine(QPointF(g.plot.left(), t.pos), QPointF(g.plot.right(), t.pos));
        p.setPen(ink);
        const QRectF label(0, t.pos - fm.height() / 2, g.plot.left() - 8, fm.height());
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, t.label);
    }
    p.setPen(QPen(ink, 1));
    p.drawLine(g.plot.bottomLeft(), g.plot.topLeft());
    p.drawLine(g.plot.bottomLeft(), g.plot.bottomRight());
    for (const SweepTick& t : g.xTicks) {
        p.drawLine(QPointF(t.pos, g.plot.bottom()), QPointF(t.pos, g.plot.bottom() + 4));
        const qreal w = fm.horizontalAdvance(t.label);
        p.drawText(QRectF(t.pos - w / 2 - 2, g.plot.bottom() + 5, w + 4, fm.height()), Qt::AlignCenter, t.label);
    }
    const QString title = g.logX ? tr("%1 (log₂ scale)").arg(sweepKeyLabel(m_key)) : sweepKeyLabel(m_key);
    p.drawText(QRectF(g.plot.left(), g.plot.bottom() + 5 + fm.height(), g.plot.width(), fm.height() + 4),
               Qt::AlignCenter, title);
}

void SweepChart::paintSeries(QPainter& p, const SweepChartGeometry& g) const {
    if (m_hover >= 0) {
        const qreal x = g.xs[static_cast<std::size_t>(m_hover)];
        p.setPen(QPen(QColor(0x99, 0x99, 0x99), 1, Qt::DotLine));
        p.drawLine(QPointF(x, g.plot.top()), QPointF(x, g.plot.bottom()));
    }
    for (const Series& s : series) {
        const QPolygonF& line = g.*s.line;
        p.setPen(QPen(s.color, s.width, s.style, Qt::RoundCap, Qt::RoundJoin));
        p.setBrush(Qt::NoBrush);
        p.drawPolyline(line);
        for (qsizetype i = 0; i < line.size(); ++i)
            drawMarker(p, s, line[i], static_cast<int>(g.order[static_cast<std::size_t>(i)]) == m_hover ? 1.6 : 1);
    }
}

void SweepChart::paintLegend(QPainter& p, const SweepChartGeometry& g) const {
    const QFontMetricsF fm(font());
    for (const LegendItem& item : layoutLegend(legendTexts(), fm, g.plot.left(), g.plot.right())) {
        const Series& s = *item.series;
        const qreal y = legendPad + item.at.y() + legendRow(fm) / 2;
        const qreal x = item.at.x();
        p.setPen(QPen(s.color, s.width, s.style, Qt::RoundCap));
        p.drawLine(QPointF(x, y), QPointF(x + 24, y));
        drawMarker(p, s, QPointF(x + 12, y), 1);
        p.setPen(ink);
        p.drawText(QRectF(x + sampleWidth, y - fm.height() / 2, fm.horizontalAdvance(item.text) + 2, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, item.text);
    }
}

} // namespace planscope::ui
