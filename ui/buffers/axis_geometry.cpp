#include "axis_geometry.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <limits>

namespace planscope::ui {
namespace {

qreal pixelsPerByte(const AddressAxis& a) {
    return a.width * a.zoom / static_cast<qreal>(std::max<std::uint64_t>(a.span, 1));
}

qreal maxPan(const AddressAxis& a) { return std::max<qreal>(0, a.width * (a.zoom - 1)); }

} // namespace

qreal offsetToX(const AddressAxis& axis, std::uint64_t offset) {
    return axis.left + static_cast<qreal>(offset) * pixelsPerByte(axis) - axis.pan;
}

std::uint64_t xToOffset(const AddressAxis& axis, qreal x) {
    const qreal bytes = (x - axis.left + axis.pan) / pixelsPerByte(axis);
    if (bytes <= 0) return 0;
    if (bytes >= static_cast<qreal>(axis.span)) return axis.span;
    return static_cast<std::uint64_t>(std::llround(bytes));
}

AddressAxis zoomedAt(const AddressAxis& axis, qreal x, qreal factor) {
    AddressAxis out = axis;
    out.zoom = std::clamp<qreal>(axis.zoom * factor, 1, 1e9);
    // The byte under x before: keep it under x after.
    const qreal bytes = (x - axis.left + axis.pan) / pixelsPerByte(axis);
    out.pan = std::clamp<qreal>(axis.left + bytes * pixelsPerByte(out) - x, 0, maxPan(out));
    return out;
}

AddressAxis pannedBy(const AddressAxis& axis, qreal dx) {
    AddressAxis out = axis;
    out.pan = std::clamp<qreal>(axis.pan + dx, 0, maxPan(axis));
    return out;
}

std::uint64_t tickStep(const AddressAxis& axis, qreal minPixels) {
    const qreal ppb = pixelsPerByte(axis);
    std::uint64_t step = 1;
    while (static_cast<qreal>(step) * ppb < minPixels && step < (std::uint64_t{1} << 62)) step <<= 1;
    return step;
}

std::vector<std::uint64_t> ticks(const AddressAxis& axis, qreal minPixels) {
    const std::uint64_t step = tickStep(axis, minPixels);
    const std::uint64_t first = xToOffset(axis, axis.left);
    const std::uint64_t last = xToOffset(axis, axis.left + axis.width);
    std::vector<std::uint64_t> out;
    for (std::uint64_t t = (first + step - 1) / step * step; t <= last; t += step) out.push_back(t);
    return out;
}

QString tickLabel(std::uint64_t bytes) {
    if (bytes == 0) return QStringLiteral("0");
    double value = static_cast<double>(bytes);
    while (value >= 1024) value /= 1024;
    // The steps are powers of two: as many decimals (up to two) as the value needs, no noise.
    int decimals = 0;
    while (decimals < 2 && std::abs(value - std::round(value)) > 1e-9) {
        value *= 10;
        ++decimals;
    }
    // The locale's units, as the block labels have them ("Kio" in French).
    const auto clamped = static_cast<qint64>(std::min<std::uint64_t>(bytes, std::numeric_limits<qint64>::max()));
    return QLocale().formattedDataSize(clamped, decimals);
}

LabelFit labelFit(qreal available, qreal textWidth, qreal minElided) {
    if (textWidth <= available) return LabelFit::Full;
    if (available >= minElided) return LabelFit::Elided;
    return LabelFit::Hidden;
}

LabelChoice chooseLabel(std::span<const qreal> widths, qreal available, qreal minElided) {
    if (widths.empty()) return {};
    for (std::size_t i = 0; i < widths.size(); ++i)
        if (widths[i] <= available) return {i, LabelFit::Full};
    return {widths.size() - 1, labelFit(available, widths.back(), minElided)};
}

} // namespace planscope::ui
