#include "planner_comparison.h"

#include "model/format.h"

#include <QCoreApplication>

namespace planscope::ui {

planscope::result<planscope::graph_dsa> comparisonProblem(const planscope::graph_document& doc) {
    return planscope::graph_dsa_of(doc, planscope::plan_options{});
}

planscope::result<PlannerComparison> comparePlanners(planscope::graph_dsa dsa, planscope::planner_kind a,
                                                     planscope::planner_kind b, const planscope::planner_options& options) {
    auto planA = planscope::plan_graph_dsa(dsa, a, options);
    if (!planA) return planA.err();
    auto planB = planscope::plan_graph_dsa(dsa, b, options);
    if (!planB) return planB.err();
    PlannerComparison out{std::move(dsa), {std::move(planA).value(), {}}, {std::move(planB).value(), {}}};
    out.a.stats = planscope::compute_stats(out.dsa.problem, out.a.plan.offsets);
    out.b.stats = planscope::compute_stats(out.dsa.problem, out.b.plan.offsets);
    return out;
}

std::vector<std::uint64_t> valuesPerStep(const std::vector<planscope::step_memory>& stretches, std::size_t steps,
                                         StepValue value) {
    std::vector<std::uint64_t> out(steps, 0);
    for (const planscope::step_memory& m : stretches)
        for (std::uint64_t s = m.first_step; s < m.end_step && s < steps; ++s)
            out[s] = value == StepValue::Live ? m.live_bytes : m.high_water;
    return out;
}

TimelineData comparisonTimeline(const PlannerComparison& c) {
    const std::size_t steps = c.dsa.steps;
    TimelineData out;
    out.stepName = QCoreApplication::translate("planscope::ui::CompareDialog", "node");
    out.curves.push_back({QCoreApplication::translate("planscope::ui::CompareDialog", "live"), QColor(0x60, 0x60, 0x60), valuesPerStep(c.a.stats.steps, steps, StepValue::Live), false, true});
    out.curves.push_back({QCoreApplication::translate("planscope::ui::CompareDialog", "%1 in use").arg(toQString(planscope::name(c.a.plan.planner))), QColor(0x2b, 0x6c, 0xb0),
                          valuesPerStep(c.a.stats.steps, steps, StepValue::HighWater), true, false});
    out.curves.push_back({QCoreApplication::translate("planscope::ui::CompareDialog", "%1 in use").arg(toQString(planscope::name(c.b.plan.planner))), QColor(0xc0, 0x5a, 0x1d),
                          valuesPerStep(c.b.stats.steps, steps, StepValue::HighWater), true, false});
    out.lowerBound = c.a.stats.lower_bound;
    const bool aWorse = c.a.plan.peak >= c.b.plan.peak;
    out.peak = aWorse ? c.a.plan.peak : c.b.plan.peak;
    const auto& worse = aWorse ? out.curves[1].bytes : out.curves[2].bytes;
    out.peakStep = static_cast<std::size_t>(std::max_element(worse.begin(), worse.end()) - worse.begin());
    return out;
}

} // namespace planscope::ui
