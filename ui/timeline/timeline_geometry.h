#pragma once
// The memory timeline's coordinates: steps along x, bytes up y, inside a plot rectangle. Pure
// functions, tested by data rows.
#include <QRectF>

#include <cstdint>

namespace planscope::ui {

struct TimelineFrame {
    QRectF plot;              // where curves go
    std::size_t steps = 1;    // values per curve: steps 0 .. steps - 1
    std::uint64_t maxBytes = 1; // the value at the top of the plot
};

// Step s spans [stepToX(s), stepToX(s + 1)): a step plot's stairs.
qreal stepToX(const TimelineFrame& f, std::size_t step);
// The step whose stair holds x, clamped to [0, steps - 1].
std::size_t xToStep(const TimelineFrame& f, qreal x);
qreal bytesToY(const TimelineFrame& f, std::uint64_t bytes);
// The bytes at height y (bytesToY's inverse, rounded down), clamped to [0, maxBytes].
std::uint64_t yToBytes(const TimelineFrame& f, qreal y);

} // namespace planscope::ui
