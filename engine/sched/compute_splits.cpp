// sched_compute_splits: per split, copy its inputs onto its backend, then compute its nodes;
// both timed, as the seed's copy_us / compute_us per backend.
#include "sched.h"

#include "backend/tensor_copy.h"

#include <chrono>

namespace planscope {
namespace {

std::uint64_t now_us() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

} // namespace

status scheduler::compute_splits(context& ctx) {
    const graph& g = *m_split_graph;
    for (std::size_t i = 0; i < m_plan.splits.size(); ++i) {
        const sched_split& split = m_plan.splits[i];
        if (split.i_start == split.i_end) continue; // nothing to run (a leading split of views only)
        if (split.backend < 0) return error{"split " + std::to_string(i) + " has no backend"};
        backend& target = *m_backends[static_cast<std::size_t>(split.backend)];
        sched_split_timing timing{i, split.backend, 0, 0, 0};

        const std::uint64_t copy_start = now_us();
        for (const sched_input& in : split.inputs) {
            tensor& input = ctx[in.tensor];
            if (!input.where) {
                // A view of a tensor of another split that no node of the graph placed yet.
                if (!input.is_view() || !ctx[input.view_src].where)
                    return error{"input '" + input.name + "' of split " + std::to_string(i) +
                                 " has no buffer and no allocated view_src"};
                const placement& root = *ctx[input.view_src].where;
                input.where = placement{root.buffer, root.offset + input.view_offs};
            }
            const std::uint64_t t0 = now_us();
            if (auto s = tensor_copy(*m_table, input, ctx[in.copy]); !s)
                return error{"copying '" + input.name + "' to '" + ctx[in.copy].name + "': " + s.err().message};
            const std::uint64_t us = now_us() - t0;
            timing.bytes_copied += in.bytes;
            timing.input_us.push_back(us);
            if (m_observer)
                m_observer->on_event(sched_events::input_copy{i, in.tensor, in.copy, m_plan.backend(in.tensor),
                                                              split.backend, in.bytes, us});
        }
        timing.copy_us = now_us() - copy_start;

        graph part;
        part.nodes.assign(g.nodes.begin() + static_cast<std::ptrdiff_t>(split.i_start),
                          g.nodes.begin() + static_cast<std::ptrdiff_t>(split.i_end));
        if (m_observer) m_observer->on_event(sched_events::compute_begin{i, split.backend});
        const std::uint64_t compute_start = now_us();
        if (auto s = target.graph_compute({ctx, part, *m_table}); !s)
            return error{"split " + std::to_string(i) + " on " + m_names[static_cast<std::size_t>(split.backend)] +
                         ": " + s.err().message};
        // The seed leaves this commented out; without it an asynchronous backend's time is not its own.
        if (auto s = target.synchronize(); !s) return s;
        timing.compute_us = now_us() - compute_start;
        m_timings.push_back(timing);
        if (m_observer) m_observer->on_event(sched_events::compute_end{i, split.backend, timing});
    }
    return success();
}

} // namespace planscope
