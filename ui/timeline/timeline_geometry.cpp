#include "timeline_geometry.h"

#include <algorithm>
#include <cmath>

namespace planscope::ui {

qreal stepToX(const TimelineFrame& f, std::size_t step) {
    const auto steps = static_cast<qreal>(std::max<std::size_t>(f.steps, 1));
    return f.plot.left() + f.plot.width() * static_cast<qreal>(step) / steps;
}

std::size_t xToStep(const TimelineFrame& f, qreal x) {
    const std::size_t steps = std::max<std::size_t>(f.steps, 1);
    const qreal t = (x - f.plot.left()) / f.plot.width() * static_cast<qreal>(steps);
    if (!(t > 0)) return 0; // also NaN for an empty plot
    return std::min(static_cast<std::size_t>(std::floor(t)), steps - 1);
}

qreal bytesToY(const TimelineFrame& f, std::uint64_t bytes) {
    const auto top = static_cast<qreal>(std::max<std::uint64_t>(f.maxBytes, 1));
    return f.plot.bottom() - f.plot.height() * static_cast<qreal>(bytes) / top;
}

std::uint64_t yToBytes(const TimelineFrame& f, qreal y) {
    const auto top = static_cast<qreal>(std::max<std::uint64_t>(f.maxBytes, 1));
    const qreal bytes = (f.plot.bottom() - y) * top / f.plot.height(); // dividing last keeps whole values whole
    if (!(bytes > 0)) return 0; // also NaN for an empty plot
    return std::min(static_cast<std::uint64_t>(std::floor(bytes)), f.maxBytes);
}

} // namespace planscope::ui
