#include "timeline_hover.h"

#include "buffers/buffer_blocks.h"
#include "model/format.h"
#include "model/graph_summary.h"

#include <QCoreApplication>
#include <QStringList>

#include <algorithm>

namespace planscope::ui {
namespace {

// The widget's context: its tooltip is these lines.
struct HoverText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::MemoryTimeline)
};

QString tensorName(const planscope::graph_document& doc, planscope::tensor_id id) {
    return doc.ctx.contains(id) ? toQString(doc.ctx[id].name) : HoverText::tr("tensor %1").arg(id.value);
}

} // namespace

std::optional<TimelinePoint> timelinePointAt(const TimelineFrame& f, const MemorySeries& series, QPointF pos) {
    if (!f.plot.contains(pos)) return std::nullopt;
    TimelinePoint p{xToStep(f, pos.x()), yToBytes(f, pos.y()), std::nullopt};
    // Curves start at 0 each, so the lowest one still above the pointer is the band it is in.
    std::uint64_t nearest = 0;
    for (std::size_t i = 0; i < series.buffers.size(); ++i) {
        const std::vector<std::uint64_t>& live = series.buffers[i].live;
        if (p.step >= live.size() || live[p.step] <= p.bytes) continue;
        if (!p.buffer || live[p.step] < nearest) {
            p.buffer = i;
            nearest = live[p.step];
        }
    }
    return p;
}

const planscope::live_allocation* allocationAtHeight(const planscope::live_set& live, std::uint64_t bytes) {
    std::vector<const planscope::live_allocation*> byOffset;
    byOffset.reserve(live.allocations.size());
    for (const planscope::live_allocation& a : live.allocations) byOffset.push_back(&a);
    std::sort(byOffset.begin(), byOffset.end(), [](const auto* a, const auto* b) { return a->offset < b->offset; });
    std::uint64_t below = 0;
    for (const planscope::live_allocation* a : byOffset) {
        if (bytes < below + a->size) return a;
        below += a->size;
    }
    return nullptr;
}

std::optional<TimelineHover> timelineHover(const TimelineFrame& f, const MemorySeries& series,
                                           const planscope::graph_document& doc,
                                           std::span<const planscope::alloc_event> events, QPointF pos) {
    const auto point = timelinePointAt(f, series, pos);
    if (!point) return std::nullopt;
    TimelineHover hover{*point, std::nullopt};
    if (!point->buffer) return hover;
    const planscope::live_set live = planscope::live_at(doc, events, series.buffers[*point->buffer].buffer, point->step);
    if (const auto* a = allocationAtHeight(live, point->bytes)) hover.allocation = *a;
    return hover;
}

QString timelineHoverText(const MemorySeries& series, const planscope::graph_document& doc, const TimelineHover& hover) {
    const std::size_t step = hover.point.step;
    QStringList lines{HoverText::tr("Step %1").arg(step)};
    for (const BufferSeries& b : series.buffers) {
        if (step >= b.live.size()) continue;
        lines << HoverText::tr("%1: %2 live, high-water %3")
                     .arg(toQString(bufferDisplayName(doc, b.buffer)), formatBytes(b.live[step]), formatBytes(b.highWater[step]));
    }
    if (!hover.allocation) return lines.join(u'\n');

    const planscope::live_allocation& a = *hover.allocation;
    const QString op = doc.ctx.contains(a.owner) ? toQString(planscope::op_desc(doc.ctx[a.owner])) : QString();
    const QString lifetime = a.free_step ? HoverText::tr("allocated at step %1, freed at step %2").arg(a.alloc_step).arg(*a.free_step)
                                            : HoverText::tr("allocated at step %1, never freed").arg(a.alloc_step);
    lines << HoverText::tr("%1 (%2, %3): %4").arg(tensorName(doc, a.owner), op, formatBytes(a.size), lifetime);
    if (!a.riders.empty()) {
        QStringList riders;
        for (planscope::tensor_id r : a.riders) riders << tensorName(doc, r);
        lines << HoverText::tr("also in its memory: %1").arg(riders.join(u", "));
    }
    return lines.join(u'\n');
}

} // namespace planscope::ui
