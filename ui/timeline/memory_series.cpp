#include "memory_series.h"

#include "buffers/buffer_blocks.h"
#include "model/format.h"

#include <QCoreApplication>

#include <algorithm>
#include <map>

namespace planscope::ui {
namespace {

struct Running {
    std::uint64_t live = 0;
    std::uint64_t highWater = 0;
};

QColor bufferColor(std::size_t i) {
    static const QColor colors[] = {QColor(0x2b, 0x6c, 0xb0), QColor(0xc0, 0x5a, 0x1d), QColor(0x3a, 0x8f, 0x4b),
                                    QColor(0x8a, 0x4f, 0xb8)};
    return colors[i % std::size(colors)];
}

} // namespace

MemorySeries memorySeries(std::span<const planscope::alloc_event> events) {
    std::map<planscope::buffer_id, Running> now;
    std::map<planscope::buffer_id, std::size_t> firstStep;
    std::vector<std::map<planscope::buffer_id, Running>> history;
    history.reserve(events.size() + 1);
    history.push_back(now);
    for (std::size_t i = 0; i < events.size(); ++i) {
        std::visit(
            [&](const auto& e) {
                using E = std::decay_t<decltype(e)>;
                if constexpr (std::is_same_v<E, planscope::events::attach>) {
                    now[e.buffer].highWater = e.max_size;
                    firstStep.try_emplace(e.buffer, i);
                } else if constexpr (std::is_same_v<E, planscope::events::alloc>) {
                    now[e.buffer].live += e.size;
                    now[e.buffer].highWater = e.max_size_after;
                } else if constexpr (std::is_same_v<E, planscope::events::free>) {
                    Running& r = now[e.buffer];
                    r.live -= std::min<std::uint64_t>(r.live, e.size);
                } else if constexpr (std::is_same_v<E, planscope::events::reset>) {
                    now[e.buffer].live = 0;
                }
            },
            events[i]);
        history.push_back(now);
    }

    MemorySeries out;
    out.steps = history.size();
    for (const auto& [id, last] : now) {
        BufferSeries s{id, {}, {}, last.highWater, 0, 0, 0};
        s.live.reserve(out.steps);
        s.highWater.reserve(out.steps);
        for (std::size_t step = 0; step < history.size(); ++step) {
            const auto it = history[step].find(id);
            const Running r = it == history[step].end() ? Running{} : it->second;
            s.live.push_back(r.live);
            s.highWater.push_back(r.highWater);
            if (r.live > s.maxLive) {
                s.maxLive = r.live;
                s.maxLiveStep = step;
            }
        }
        s.peakStep = static_cast<std::size_t>(std::find(s.highWater.begin(), s.highWater.end(), s.peak) - s.highWater.begin());
        out.peak += s.peak;
        out.lowerBound += s.maxLive;
        out.buffers.push_back(std::move(s));
    }
    return out;
}

std::size_t TimelineData::steps() const {
    std::size_t n = 0;
    for (const TimelineCurve& c : curves) n = std::max(n, c.bytes.size());
    return n;
}

std::uint64_t TimelineData::maxBytes() const {
    std::uint64_t m = std::max(peak, lowerBound);
    for (const TimelineCurve& c : curves)
        if (!c.bytes.empty()) m = std::max(m, *std::max_element(c.bytes.begin(), c.bytes.end()));
    return m;
}

TimelineData timelineData(const MemorySeries& series, const planscope::graph_document& doc) {
    TimelineData out;
    out.peak = series.peak;
    out.lowerBound = series.lowerBound;
    out.stepName = QCoreApplication::translate("planscope::ui::MemoryTimeline", "event");
    std::uint64_t best = 0;
    for (std::size_t i = 0; i < series.buffers.size(); ++i) {
        const BufferSeries& b = series.buffers[i];
        const QString name = toQString(bufferDisplayName(doc, b.buffer));
        out.curves.push_back({QCoreApplication::translate("planscope::ui::MemoryTimeline", "%1 live").arg(name),
                              bufferColor(i), b.live, false, true});
        out.curves.push_back({QCoreApplication::translate("planscope::ui::MemoryTimeline", "%1 high-water").arg(name),
                              bufferColor(i), b.highWater, true, false});
        if (b.peak >= best) {
            best = b.peak;
            out.peakStep = b.peakStep;
        }
    }
    return out;
}

} // namespace planscope::ui
