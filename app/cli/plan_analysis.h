#pragma once
// The planner options of `plan`: --planner NAME lists another planner's plan of the graph,
// --stats prints the plan's lower bound, fragmentation and allocation sizes, --compare A,B
// two planners side by side with the tensors that moved. docs/planner.md has the formats.
#include "alloc/plan.h"
#include "plan/planner.h"

#include <span>
#include <string>

namespace planscope::cli {

class plan_analysis {
public:
    // When args[i] is one of the options, reads it and its value (advancing i) and returns true;
    // a missing or bad value sets `error`. Returns false for any other argument.
    bool parse(std::span<const std::string> args, std::size_t& i, std::string& error);
    // An error for options that do not go together.
    [[nodiscard]] std::string check(bool json) const;
    // True when plan_graph must record events for run().
    [[nodiscard]] bool any() const { return m_given; }

    // Prints what the options ask for about `doc`, planned by plan_graph with `events` recorded.
    int run(graph_document& doc, plan_result& plan, std::span<const alloc_event> events, bool json,
            const std::string& file) const;

private:
    bool m_given = false;
    planner_kind m_planner = planner_kind::ggml;
    std::vector<planner_kind> m_compare;
    bool m_stats = false;
    planner_options m_options;
};

} // namespace planscope::cli
