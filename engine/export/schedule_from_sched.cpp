#include "schedule_from_sched.h"

#include <algorithm>

namespace planscope {

schedule_view schedule_from_sched(const sched_plan& plan, const graph& g, std::span<const sched_split_timing> timings) {
    schedule_view out;
    out.backends = plan.backend_names;
    for (const sched_split& s : plan.splits) {
        split_view v;
        v.backend = static_cast<std::size_t>(std::max(s.backend, 0));
        for (std::size_t i = s.i_start; i < s.i_end && i < g.nodes.size(); ++i) v.nodes.push_back(g.nodes[i]);
        for (const sched_input& in : s.inputs) {
            const bool seen = std::any_of(v.inputs.begin(), v.inputs.end(),
                                          [&](const split_input& x) { return x.tensor == in.tensor; });
            if (seen) continue;
            const std::string backend = v.backend < out.backends.size() ? out.backends[v.backend] : "?";
            v.inputs.push_back({in.tensor, backend + "#" + in.name, in.bytes});
        }
        out.splits.push_back(std::move(v));
    }
    for (const sched_split_timing& t : timings)
        out.timings.push_back({static_cast<double>(t.copy_us), static_cast<double>(t.compute_us), t.bytes_copied});
    // Copies appended to the context after n_tensors_before are not the graph's tensors.
    const std::size_t n = std::min(plan.backend_of.size(), plan.n_tensors_before);
    for (std::size_t i = 0; i < n; ++i) {
        if (plan.backend_of[i] < 0) continue;
        out.assignment[tensor_id{i}] = {static_cast<std::size_t>(plan.backend_of[i]),
                                        i < plan.cause_of.size() ? plan.cause_of[i] : std::string{}};
    }
    return out;
}

} // namespace planscope
