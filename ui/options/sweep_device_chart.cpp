#include "sweep_device_chart.h"

#include "model/format.h"
#include "model/tool_tip.h"

#include <QPainter>

#include <array>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

const QColor dcInk(0x33, 0x33, 0x33);
const QColor dcGrid(0xe3, 0xe3, 0xe3);
const std::array<QColor, 6> dcDeviceColors{QColor(0x1c, 0x64, 0xb4), QColor(0xd9, 0x48, 0x0f), QColor(0x2b, 0x8a, 0x3e),
                                         QColor(0x86, 0x3e, 0xa8), QColor(0x9c, 0x6b, 0x00), QColor(0x0b, 0x7a, 0x8a)};
QColor dcColorOf(std::size_t device) { return dcDeviceColors[device % dcDeviceColors.size()]; }

constexpr qreal dcSampleWidth = 30;
constexpr qreal dcLegendGap = 20;
constexpr qreal dcLegendPad = 6;
qreal dcLegendRow(const QFontMetricsF& fm) { return fm.height() + 6; }

std::vector<QPointF> dcLegendLayout(const QStringList& texts, const QFontMetricsF& fm, qreal left, qreal right) {
    std::vector<qreal> widths;
    for (const QString& t : texts) widths.push_back(dcSampleWidth + fm.horizontalAdvance(t));
    return legendPositions(widths, left, right, dcLegendRow(fm), dcLegendGap);
}

} // namespace

SweepDeviceChart::SweepDeviceChart(QWidget* parent) : QWidget(parent) {
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void SweepDeviceChart::setKey(DeviceSweepKey key) {
    m_key = key;
    update();
}

void SweepDeviceChart::appendPoint(const DeviceSweepPoint& p) {
    m_points.push_back(p);
    update();
}

void SweepDeviceChart::clear() {
    m_points.clear();
    update();
}

QStringList SweepDeviceChart::legendTexts() const {
    QStringList out;
    if (m_points.empty()) return out;
    for (const std::string& name : m_points.front().names) out << tr("%1 (limit dashed)").arg(toQString(name));
    return out;
}

SweepChartMetrics SweepDeviceChart::metrics() const {
    SweepChartMetrics m;
    std::uint64_t most = 0;
    for (const DeviceSweepPoint& p : m_points) {
        for (std::uint64_t b : p.used) most = std::max(most, b);
        for (std::uint64_t b : p.limit) most = std::max(most, b);
    }
    const ByteScale scale = niceByteScale(most, m.maxIntervals);
    for (std::uint64_t b = 0; b <= scale.top; b += scale.step)
        m.left = std::max<qreal>(m.left, fontMetrics().horizontalAdvance(formatBytes(b)) + 16);
    const QFontMetricsF fm(font());
    const QStringList texts = legendTexts();
    if (!texts.isEmpty()) m.top = std::max(m.top, 2 * dcLegendPad + dcLegendLayout(texts, fm, m.left, width() - m.right).back().y() + dcLegendRow(fm));
    return m;
}

SweepDeviceGeometry SweepDeviceChart::chartGeometry() const { return sweepDeviceGeometry(m_points, size(), metrics()); }

QString SweepDeviceChart::toolTipAt(QPointF pos) const {
    const SweepChartMetrics m = metrics();
    const SweepDeviceGeometry g = sweepDeviceGeometry(m_points, size(), m);
    if (g.xs.empty() || pos.y() < g.plot.top() || pos.y() > g.plot.bottom()) return {};
    if (pos.x() < g.plot.left() - m.hitSlack || pos.x() > g.plot.right() + m.hitSlack) return {};
    std::size_t best = 0;
    for (std::size_t i = 1; i < g.xs.size(); ++i)
        if (std::abs(g.xs[i] - pos.x()) < std::abs(g.xs[best] - pos.x())) best = i;
    const DeviceSweepPoint& p = m_points[best];
    QStringList lines{u"%1 %2"_s.arg(deviceSweepKeyLabel(m_key)).arg(p.value)};
    for (std::size_t d = 0; d < p.names.size(); ++d)
        lines << tr("%1: %2 used, %3 free").arg(toQString(p.names[d]), formatBytes(p.used[d]), formatBytes(p.limit[d]));
    return lines.join(u'\n');
}

bool SweepDeviceChart::event(QEvent* event) {
    return answerToolTip(this, event, [this](QPoint pos) { return toolTipAt(pos); }) || QWidget::event(event);
}

void SweepDeviceChart::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), Qt::white);
    p.setRenderHint(QPainter::Antialiasing);
    if (m_points.empty()) {
        p.setPen(dcInk);
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, tr("Run a sweep to see each device's memory against its limit"));
        return;
    }
    const SweepDeviceGeometry g = chartGeometry();
    const QFontMetricsF fm(font());
    for (const SweepTick& t : g.yTicks) {
        p.setPen(QPen(dcGrid, 1));
        p.drawLine(QPointF(g.plot.left(), t.pos), QPointF(g.plot.right(), t.pos));
        p.setPen(dcInk);
        p.drawText(QRectF(0, t.pos - fm.height() / 2, g.plot.left() - 8, fm.height()), Qt::AlignRight | Qt::AlignVCenter, t.label);
    }
    p.setPen(QPen(dcInk, 1));
    p.drawLine(g.plot.bottomLeft(), g.plot.topLeft());
    p.drawLine(g.plot.bottomLeft(), g.plot.bottomRight());
    for (const SweepTick& t : g.xTicks) {
        p.drawLine(QPointF(t.pos, g.plot.bottom()), QPointF(t.pos, g.plot.bottom() + 4));
        const qreal w = fm.horizontalAdvance(t.label);
        p.drawText(QRectF(t.pos - w / 2 - 2, g.plot.bottom() + 5, w + 4, fm.height()), Qt::AlignCenter, t.label);
    }
    const QString key = deviceSweepKeyLabel(m_key);
    p.drawText(QRectF(g.plot.left(), g.plot.bottom() + 5 + fm.height(), g.plot.width(), fm.height() + 4), Qt::AlignCenter,
               g.logX ? tr("%1 (log₂ scale)").arg(key) : key);

    for (std::size_t d = 0; d < g.used.size(); ++d) {
        const QColor c = dcColorOf(d);
        if (d < g.limitY.size()) {
            p.setPen(QPen(c, 1.5, Qt::DashLine));
            p.drawLine(QPointF(g.plot.left(), g.limitY[d]), QPointF(g.plot.right(), g.limitY[d]));
        }
        p.setPen(QPen(c, 2.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        p.drawPolyline(g.used[d]);
        p.setPen(QPen(Qt::white, 1));
        p.setBrush(c);
        for (const QPointF& at : g.used[d]) p.drawEllipse(at, 3, 3);
        p.setBrush(Qt::NoBrush);
    }

    const QStringList texts = legendTexts();
    const std::vector<QPointF> at = dcLegendLayout(texts, fm, g.plot.left(), g.plot.right());
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const QPointF o = at[static_cast<std::size_t>(i)];
        const qreal y = dcLegendPad + o.y() + dcLegendRow(fm) / 2;
        const QColor c = dcColorOf(static_cast<std::size_t>(i));
        p.setPen(QPen(c, 2.5));
        p.drawLine(QPointF(o.x(), y - 3), QPointF(o.x() + 24, y - 3));
        p.setPen(QPen(c, 1.5, Qt::DashLine));
        p.drawLine(QPointF(o.x(), y + 3), QPointF(o.x() + 24, y + 3));
        p.setPen(dcInk);
        p.drawText(QRectF(o.x() + dcSampleWidth, y - fm.height() / 2, fm.horizontalAdvance(texts[i]) + 2, fm.height()),
                   Qt::AlignLeft | Qt::AlignVCenter, texts[i]);
    }
}

} // namespace planscope::ui
