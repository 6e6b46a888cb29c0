#pragma once
// Paints a TimelineData into a frame: axes, curves, the lower bound, the peak and the
// fragmentation gap, the legend, and the cursor.
#include "memory_series.h"
#include "timeline_geometry.h"

class QPainter;

namespace planscope::ui {

void paintTimeline(QPainter& p, const TimelineFrame& frame, const TimelineData& data);
void paintCursor(QPainter& p, const TimelineFrame& frame, std::size_t step);
// 1, 2 or 5 times a power of ten: steps between x labels at least `minPixels` apart.
std::size_t stepTickSpacing(const TimelineFrame& frame, qreal minPixels);

} // namespace planscope::ui
