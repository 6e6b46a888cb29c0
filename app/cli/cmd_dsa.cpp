// planscope-cli dsa FILE.csv: a DSA trace planned by each planner, against its lower bound, and
// the trace's own offset column checked when it has one. The output is docs/planner.md.
#include "commands.h"
#include "planner_args.h"

#include "plan/dsa_csv.h"
#include "plan/planner.h"

#include <algorithm>
#include <iostream>
#include <optional>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "dsa"; });
}

void print_plan(const dsa_problem& p, std::uint64_t bound, planner_kind k, const planner_options& options) {
    std::cout << "planner\t" << name(k);
    const auto plan = plan_dsa(p, k, options);
    if (!plan) {
        std::cout << "\t-\t-\t-\tfailed: " << plan.err().message << '\n';
        return;
    }
    std::cout << '\t' << plan->peak << '\t' << format_ratio(peak_ratio(plan->peak, bound)) << '\t'
              << format_ms(plan->elapsed) << '\t' << (plan->peak == bound ? "optimal" : "-") << '\n';
}

} // namespace

int run_dsa(std::span<const std::string> args) {
    std::optional<std::string> file;
    std::vector<planner_kind> planners(all_planners().begin(), all_planners().end());
    planner_options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--planner" || a == "--time-box") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            if (a == "--planner") {
                auto list = parse_planner_list(v);
                if (!list) return usage_error(self(), "--planner: " + list.err().message);
                planners = std::move(*list);
            } else {
                const auto ms = parse_time_box(v);
                if (!ms) return usage_error(self(), "--time-box must be a positive number of milliseconds, not '" + v + "'");
                options.time_box = *ms;
            }
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "dsa takes exactly one FILE");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "dsa takes exactly one FILE");

    const auto trace = read_dsa_csv(*file);
    if (!trace) {
        return fail(trace.err().message);
    }
    const dsa_problem& p = trace->problem;
    const std::uint64_t bound = lower_bound(p);
    std::cout << "planscope-dsa\t1\n"
              << "trace\t" << *file << '\n'
              << "buffers\t" << p.buffers.size() << '\n'
              << "lower_bound\t" << bound << '\n';
    for (planner_kind k : planners) print_plan(p, bound, k, options);
    if (trace->offsets) {
        const std::uint64_t top = peak(p, *trace->offsets);
        std::cout << "given\t" << top << '\t' << format_ratio(peak_ratio(top, bound)) << '\t';
        const auto valid = validate(p, *trace->offsets);
        std::cout << (valid ? std::string("valid") : "invalid: " + valid.err().message) << '\n';
    }
    return exit_ok;
}

} // namespace planscope::cli
