#include "device_bars_geometry.h"

#include <algorithm>

namespace planscope::ui {

std::vector<DeviceBar> deviceBars(std::span<const DeviceBarInput> rows, qreal width, std::uint64_t margin,
                                  const DeviceBarsMetrics& m) {
    std::vector<DeviceBar> out;
    const qreal barLeft = m.left + m.labelWidth;
    const qreal barWidth = std::max(width - m.right - barLeft, m.minBarWidth);
    const qreal rowHeight = m.barHeight + m.verdictHeight + m.rowGap;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const DeviceBarInput& r = rows[i];
        DeviceBar b;
        const qreal top = m.top + static_cast<qreal>(i) * rowHeight;
        const std::uint64_t used = r.model + r.context + r.compute;
        b.scale = std::max({r.total, r.free, used, std::uint64_t{1}});
        const auto x = [&](std::uint64_t bytes) {
            return barLeft + static_cast<qreal>(bytes) / static_cast<qreal>(b.scale) * barWidth;
        };
        b.label = QRectF(m.left, top, m.labelWidth, m.barHeight);
        b.bar = QRectF(barLeft, top, barWidth, m.barHeight);
        b.weights = QRectF(QPointF(barLeft, top), QPointF(x(r.model), top + m.barHeight));
        b.kv = QRectF(b.weights.topRight(), QPointF(x(r.model + r.context), top + m.barHeight));
        b.compute = QRectF(b.kv.topRight(), QPointF(x(used), top + m.barHeight));
        b.freeX = x(r.free);
        b.marginX = x(r.free > margin ? r.free - margin : 0);
        b.verdict = QRectF(barLeft, top + m.barHeight, barWidth, m.verdictHeight);
        b.over = used + margin > r.free;
        out.push_back(b);
    }
    return out;
}

qreal deviceBarsHeight(std::size_t rows, const DeviceBarsMetrics& m) {
    if (rows == 0) return m.top;
    return m.top + static_cast<qreal>(rows) * (m.barHeight + m.verdictHeight + m.rowGap) - m.rowGap;
}

DeviceBarHit deviceBarAt(std::span<const DeviceBar> bars, QPointF pos) {
    for (std::size_t i = 0; i < bars.size(); ++i) {
        const DeviceBar& b = bars[i];
        if (!b.bar.contains(pos)) continue;
        const int row = static_cast<int>(i);
        // Half-open on the right: a point on a boundary is the next segment's.
        if (pos.x() < b.weights.right()) return {row, DeviceBarPart::Weights};
        if (pos.x() < b.kv.right()) return {row, DeviceBarPart::KvCache};
        if (pos.x() < b.compute.right()) return {row, DeviceBarPart::Compute};
        return {row, DeviceBarPart::Rest};
    }
    return {};
}

} // namespace planscope::ui
