#include "device_bars.h"

#include "model/format.h"
#include "model/tool_tip.h"
#include "options/sweep_chart_geometry.h"

#include <QPainter>

#include <array>
#include <cmath>

namespace planscope::ui {

namespace {

const QColor barsInk(0x33, 0x33, 0x33);
const QColor barsTrack(0xee, 0xee, 0xee);
const QColor barsLimitColor(0xb0, 0x00, 0x20);
// The weights, the KV cache and the compute buffer, as the sweep chart's series are coloured.
const std::array<QColor, 3> barsPartColors{QColor(0x1c, 0x64, 0xb4), QColor(0xd9, 0x48, 0x0f), QColor(0x2b, 0x8a, 0x3e)};

constexpr qreal barsSwatch = 12;     // a legend entry's sample
constexpr qreal barsLegendGap = 16;
constexpr qreal barsLegendTop = 6;

qreal barsLegendRow(const QFontMetricsF& fm) { return std::max(fm.height(), barsSwatch) + 4; }

QStringList barsLegendTexts() {
    return {DeviceBarsView::tr("weights"), DeviceBarsView::tr("KV cache"), DeviceBarsView::tr("compute buffer"),
            DeviceBarsView::tr("free memory (the limit)"), DeviceBarsView::tr("free less the margin")};
}

std::vector<QPointF> barsLegendLayout(const QFontMetricsF& fm, qreal left, qreal right) {
    std::vector<qreal> widths;
    for (const QString& t : barsLegendTexts()) widths.push_back(barsSwatch + 6 + fm.horizontalAdvance(t));
    return legendPositions(widths, left, right, barsLegendRow(fm), barsLegendGap);
}

} // namespace

DeviceBarsView::DeviceBarsView(QWidget* parent) : QWidget(parent) {
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Minimum);
}

void DeviceBarsView::setRows(std::vector<DeviceBarRow> rows, std::uint64_t margin) {
    m_rows = std::move(rows);
    m_margin = margin;
    updateGeometry(); // the height follows the rows
    update();
}

DeviceBarsMetrics DeviceBarsView::metrics() const {
    DeviceBarsMetrics m;
    const QFontMetricsF fm(font());
    for (const DeviceBarRow& r : m_rows) m.labelWidth = std::max(m.labelWidth, fm.horizontalAdvance(r.name) + 12);
    m.barHeight = std::max(m.barHeight, fm.height() + 6);
    m.verdictHeight = fm.height() + 4;
    const std::vector<QPointF> legend = barsLegendLayout(fm, m.left, std::max<qreal>(width(), 200) - m.right);
    m.top = barsLegendTop + legend.back().y() + barsLegendRow(fm) + 8;
    return m;
}

std::vector<DeviceBar> DeviceBarsView::bars() const {
    std::vector<DeviceBarInput> inputs;
    for (const DeviceBarRow& r : m_rows) inputs.push_back(r.bytes);
    return deviceBars(inputs, width(), m_margin, metrics());
}

QSize DeviceBarsView::sizeHint() const { return {420, minimumSizeHint().height()}; }

QSize DeviceBarsView::minimumSizeHint() const {
    return {240, static_cast<int>(std::ceil(deviceBarsHeight(m_rows.size(), metrics()))) + 8};
}

QString DeviceBarsView::toolTipAt(QPointF pos) const {
    const std::vector<DeviceBar> all = bars();
    const DeviceBarHit hit = deviceBarAt(all, pos);
    if (hit.row < 0) return {};
    const DeviceBarRow& r = m_rows[static_cast<std::size_t>(hit.row)];
    const DeviceBarInput& b = r.bytes;
    switch (hit.part) {
    case DeviceBarPart::Weights: return tr("%1 weights: %2").arg(r.name, formatBytesExact(b.model));
    case DeviceBarPart::KvCache: return tr("%1 KV cache: %2").arg(r.name, formatBytesExact(b.context));
    case DeviceBarPart::Compute: return tr("%1 compute buffer: %2").arg(r.name, formatBytesExact(b.compute));
    case DeviceBarPart::Rest:
        return tr("%1: %2 free of %3").arg(r.description.isEmpty() ? r.name : r.description, formatBytesExact(b.free),
                                           formatBytesExact(b.total));
    case DeviceBarPart::None: break;
    }
    return {};
}

bool DeviceBarsView::event(QEvent* event) {
    return answerToolTip(this, event, [this](QPoint pos) { return toolTipAt(pos); }) || QWidget::event(event);
}

void DeviceBarsView::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    paintLegend(p);
    const QFontMetricsF fm(font());
    const std::vector<DeviceBar> all = bars();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const DeviceBar& b = all[i];
        const DeviceBarRow& r = m_rows[i];
        p.setPen(barsInk);
        p.drawText(b.label, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(r.name, Qt::ElideRight, b.label.width() - 8));
        p.fillRect(b.bar, barsTrack);
        p.fillRect(b.weights, barsPartColors[0]);
        p.fillRect(b.kv, barsPartColors[1]);
        p.fillRect(b.compute, barsPartColors[2]);
        // The limit over the bar and a little beyond it, the margin dashed before it.
        p.setPen(QPen(barsLimitColor, 1, Qt::DashLine));
        p.drawLine(QPointF(b.marginX, b.bar.top() - 2), QPointF(b.marginX, b.bar.bottom() + 2));
        p.setPen(QPen(barsLimitColor, 2));
        p.drawLine(QPointF(b.freeX, b.bar.top() - 3), QPointF(b.freeX, b.bar.bottom() + 3));
        p.setPen(b.over ? barsLimitColor : barsInk);
        p.drawText(b.verdict, Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(r.verdict, Qt::ElideRight, b.verdict.width()));
    }
}

void DeviceBarsView::paintLegend(QPainter& p) const {
    const QFontMetricsF fm(font());
    const DeviceBarsMetrics m;
    const QStringList texts = barsLegendTexts();
    const std::vector<QPointF> at = barsLegendLayout(fm, m.left, std::max<qreal>(width(), 200) - m.right);
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const QPointF o = at[static_cast<std::size_t>(i)] + QPointF(0, barsLegendTop);
        const QRectF sample(o.x(), o.y() + (barsLegendRow(fm) - barsSwatch) / 2, barsSwatch, barsSwatch);
        if (i < 3) {
            p.fillRect(sample, barsPartColors[static_cast<std::size_t>(i)]);
        } else {
            p.setPen(QPen(barsLimitColor, i == 3 ? 2 : 1, i == 3 ? Qt::SolidLine : Qt::DashLine));
            p.drawLine(QPointF(sample.center().x(), sample.top()), QPointF(sample.center().x(), sample.bottom()));
        }
        p.setPen(barsInk);
        p.drawText(QRectF(sample.right() + 6, o.y(), fm.horizontalAdvance(texts[i]) + 2, barsLegendRow(fm)),
                   Qt::AlignLeft | Qt::AlignVCenter, texts[i]);
    }
}

} // namespace planscope::ui
