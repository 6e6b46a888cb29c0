// DSA traces (CSV): the reader, then what `planscope-cli dsa FILE.csv` does with every planner
// but `best` (whose exact search runs for its whole time box): lower bound, plans, the trace's
// own offsets checked. A plan must never be below the lower bound nor reported invalid.
#include "fuzz_support.h"

#include "plan/dsa_csv.h"
#include "plan/planner.h"

#include <array>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace planscope;
    auto trace = parse_dsa_csv(fuzz::as_text(data, size), "fuzz.csv");
    if (!trace) {
        fuzz::check_error("parse_dsa_csv", trace.err());
        return 0;
    }
    const dsa_problem& p = trace->problem;
    const std::uint64_t bound = lower_bound(p);
    constexpr std::array cheap{planner_kind::ggml, planner_kind::greedy_size, planner_kind::greedy_breadth,
                               planner_kind::greedy_conflicts};
    for (planner_kind k : cheap) {
        const auto plan = plan_dsa(p, k);
        if (!plan) {
            // plan_dsa validates every plan: an invalid one is the planner's bug, not the input's.
            if (plan.err().message.find("(a bug)") != std::string::npos) fuzz::finding("plan_dsa", plan.err().message);
            fuzz::check_error("plan_dsa", plan.err());
            continue;
        }
        if (plan->peak < bound)
            fuzz::finding("plan_dsa", std::string(name(k)) + " peak " + std::to_string(plan->peak) +
                                          " is below the lower bound " + std::to_string(bound));
    }
    if (trace->offsets) {
        (void)peak(p, *trace->offsets);
        if (auto valid = validate(p, *trace->offsets); !valid) fuzz::check_error("validate", valid.err());
    }
    return 0;
}
