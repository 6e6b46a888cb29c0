#pragma once
// One graph planned by two planners (issue 10): both plans of its compute buffer, their stats,
// and per member tensor where each plan puts it. Pure values, computed off the GUI thread.
#include "plan/graph_dsa.h"
#include "plan/plan_stats.h"
#include "timeline/memory_series.h"

namespace planscope::ui {

struct PlannerRun {
    planscope::dsa_plan plan;
    planscope::plan_stats stats;
};

struct PlannerComparison {
    planscope::graph_dsa dsa;
    PlannerRun a, b;
};

// The graph's lifetimes as ggml plans them (fast: run on any thread).
planscope::result<planscope::graph_dsa> comparisonProblem(const planscope::graph_document& doc);
// Plans `dsa` with both planners; `best` searches for options.time_box.
planscope::result<PlannerComparison> comparePlanners(planscope::graph_dsa dsa, planscope::planner_kind a,
                                                     planscope::planner_kind b,
                                                     const planscope::planner_options& options = {});

// Per step 0 .. steps - 1 from stats' stretches: a step in no stretch (nothing alive) is 0.
enum class StepValue { Live, HighWater };
std::vector<std::uint64_t> valuesPerStep(const std::vector<planscope::step_memory>& stretches, std::size_t steps,
                                         StepValue value);
// The chart: live bytes (the same under both plans), each plan's high-water mark, the larger
// peak and the lower bound, over node steps.
TimelineData comparisonTimeline(const PlannerComparison& c);

} // namespace planscope::ui
