#pragma once
// The memory timeline's numbers: live bytes and the high-water mark of every buffer at every
// step of a recording, the peak, and the lower bound. A step is a count of events applied, as
// alloc_replayer::position() counts them: step 0 is before the first event.
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QColor>
#include <QString>

#include <span>
#include <vector>

namespace planscope::ui {

struct BufferSeries {
    planscope::buffer_id buffer;
    std::vector<std::uint64_t> live;      // per step: bytes allocated and not freed
    std::vector<std::uint64_t> highWater; // per step: the allocator's max_size
    std::uint64_t peak = 0;               // the final high-water mark
    std::size_t peakStep = 0;             // the first step that reached it
    std::uint64_t maxLive = 0;            // the most bytes live at one step
    std::size_t maxLiveStep = 0;
    friend bool operator==(const BufferSeries&, const BufferSeries&) = default;
};

struct MemorySeries {
    std::size_t steps = 0; // events + 1 values per buffer
    std::vector<BufferSeries> buffers; // in buffer id order
    std::uint64_t peak = 0;       // sum of the buffers' peaks
    // Sum over buffers of their most live bytes: no plan of these buffers needs less.
    std::uint64_t lowerBound = 0;
    [[nodiscard]] std::uint64_t fragmentation() const { return peak > lowerBound ? peak - lowerBound : 0; }
};

// Reads alloc, free, attach, reset and measure events; the others leave the numbers as they are.
MemorySeries memorySeries(std::span<const planscope::alloc_event> events);

// What a chart draws: named curves over the same steps plus the peak and the lower bound.
struct TimelineCurve {
    QString name;
    QColor color;
    std::vector<std::uint64_t> bytes; // per step
    bool dashed = false;
    bool filled = false; // shade the area below
};
struct TimelineData {
    std::vector<TimelineCurve> curves;
    std::uint64_t peak = 0;
    std::size_t peakStep = 0;
    std::uint64_t lowerBound = 0;
    QString stepName; // "event", "node": what one step on the x axis is
    [[nodiscard]] std::size_t steps() const;
    [[nodiscard]] std::uint64_t maxBytes() const; // the highest value drawn
};

// The curves of a recording: live bytes filled, high-water dashed, one colour per buffer.
// `doc` names the buffers.
TimelineData timelineData(const MemorySeries& series, const planscope::graph_document& doc);

} // namespace planscope::ui
