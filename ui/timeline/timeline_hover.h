#pragma once
// What the memory timeline shows under the pointer: the step, every buffer's live bytes and
// high-water mark at it, and the tensor whose band the pointer is in. A buffer's live bytes at a
// step are read as its live allocations stacked in offset order from 0, so a height falls in one
// allocation; of several buffers, the one whose curve is the nearest above the pointer counts.
// Pure functions: the widget asks live_at (O(events)) only when the step or buffer changes.
#include "alloc/live_tensors.h"
#include "memory_series.h"
#include "timeline_geometry.h"

#include <QPointF>
#include <QString>

#include <optional>
#include <span>

namespace planscope::ui {

// Where the pointer is, without the allocations: cheap enough for every mouse move.
struct TimelinePoint {
    std::size_t step = 0;
    std::uint64_t bytes = 0;           // the height under the pointer
    std::optional<std::size_t> buffer; // index in MemorySeries::buffers; none: no curve above
    friend bool operator==(const TimelinePoint&, const TimelinePoint&) = default;
};

// nullopt outside the plot.
std::optional<TimelinePoint> timelinePointAt(const TimelineFrame& f, const MemorySeries& series, QPointF pos);

// The allocation whose band holds `bytes` when `live`'s allocations are stacked by offset from 0;
// nullptr at or above their sum.
const planscope::live_allocation* allocationAtHeight(const planscope::live_set& live, std::uint64_t bytes);

struct TimelineHover {
    TimelinePoint point;
    std::optional<planscope::live_allocation> allocation; // of point.buffer, under the pointer
};

// timelinePointAt, then the allocation under it from live_at.
std::optional<TimelineHover> timelineHover(const TimelineFrame& f, const MemorySeries& series,
                                           const planscope::graph_document& doc,
                                           std::span<const planscope::alloc_event> events, QPointF pos);

// The tooltip: "Step N", a line per buffer with its live bytes and high-water mark, then the
// tensor under the pointer (op, size, lifetime) and the views and inplace nodes living in it.
QString timelineHoverText(const MemorySeries& series, const planscope::graph_document& doc, const TimelineHover& hover);

} // namespace planscope::ui
