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
            const auto seen = std::find_if(v.inputs.begin(), v.inputs.end(),
                                           [&](const split_input& x) { return x.tensor == in.tensor; });
            if (seen != v.inputs.end()) {
                ++seen->uses;
                continue;
            }
            const std::string backend = v.backend < out.backends.size() ? out.backends[v.backend] : "?";
            v.inputs.push_back({in.tensor, backend + "#" + in.name, in.bytes, plan.backend(in.tensor), 1});
        }
        out.splits.push_back(std::move(v));
    }
    out.remote = plan.backend_remote;
    for (const sched_split_timing& t : timings) {
        split_timing st{static_cast<double>(t.copy_us), static_cast<double>(t.compute_us), t.bytes_copied};
        // Each entry's measured time onto its view input (a tensor listed twice is copied twice).
        const sched_split* sp = t.split < plan.splits.size() ? &plan.splits[t.split] : nullptr;
        if (sp && t.input_us.size() == sp->inputs.size() && t.split < out.splits.size()) {
            const split_view& v = out.splits[t.split];
            st.input_us.assign(v.inputs.size(), 0.0);
            for (std::size_t k = 0; k < sp->inputs.size(); ++k)
                for (std::size_t j = 0; j < v.inputs.size(); ++j)
                    if (v.inputs[j].tensor == sp->inputs[k].tensor) st.input_us[j] += static_cast<double>(t.input_us[k]);
        }
        out.timings.push_back(std::move(st));
    }
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
