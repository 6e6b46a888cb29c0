#pragma once
// Planning progress in whole percent. The graph allocator starts every node of the graph with a
// `node` event, so the share of nodes started is the share of the plan done; PlanTrace::build
// puts a PlanProgress between the allocator and its recorder.
#include "alloc/alloc_events.h"

#include <cstddef>
#include <functional>

namespace planscope::ui {

// `done` of `total` nodes as a whole percent in [0, 100], rounded down; 100 for an empty graph.
int planPercent(std::size_t done, std::size_t total);

class PlanProgress final : public planscope::alloc_observer {
public:
    // Forwards every event to `next`; calls `report` (when set) each time the percent grows.
    PlanProgress(planscope::alloc_observer& next, std::size_t nodeCount, std::function<void(int percent)> report);
    void on_event(const planscope::alloc_event& e) override;
    // The plan is over (also when it failed): reports 100 once, if it has not yet.
    void finish();

private:
    void reportPercent(int percent);

    planscope::alloc_observer& m_next;
    std::size_t m_total;
    std::size_t m_started = 0;
    int m_reported = -1;
    std::function<void(int)> m_report;
};

} // namespace planscope::ui
