#include "plan_progress.h"

namespace planscope::ui {

int planPercent(std::size_t done, std::size_t total) {
    if (total == 0 || done >= total) return 100;
    // done < total here, so done * 100 cannot overflow for any graph that fits in memory.
    return static_cast<int>(done * 100 / total);
}

PlanProgress::PlanProgress(planscope::alloc_observer& next, std::size_t nodeCount, std::function<void(int)> report)
    : m_next(next), m_total(nodeCount), m_report(std::move(report)) {}

void PlanProgress::on_event(const planscope::alloc_event& e) {
    m_next.on_event(e);
    // A node starting means the ones before it are done.
    if (std::holds_alternative<planscope::events::node>(e)) reportPercent(planPercent(m_started++, m_total));
}

void PlanProgress::finish() { reportPercent(100); }

void PlanProgress::reportPercent(int percent) {
    // Throttled to whole-percent steps: a 32-layer graph has thousands of nodes.
    if (percent <= m_reported) return;
    m_reported = percent;
    if (m_report) m_report(percent);
}

} // namespace planscope::ui
