// sched_split_graph: the passes in the seed's order, plus the beyond-the-seed reroute.
#include "split_graph.h"

#include <unordered_map>

namespace planscope {
namespace {

void restore(context& ctx, const graph& g, const std::vector<sched_split>& splits, std::size_t n_before) {
    std::unordered_map<tensor_id, tensor_id> original;
    for (const sched_split& split : splits)
        for (const sched_input& in : split.inputs) original.emplace(in.copy, in.tensor);
    for (tensor_id id : g.nodes)
        for (tensor_id& src : ctx[id].src)
            if (src.valid() && src.index() >= n_before)
                if (auto it = original.find(src); it != original.end()) src = it->second;
    ctx.truncate(n_before);
}

} // namespace

result<sched_plan> split_graph(context& ctx, const graph& g, const split_config& config) {
    if (config.backend_names.empty()) return error{"the scheduler has no backends"};
    if (!config.buffer_backend) return error{"the scheduler cannot tell buffers' backends"};
    if (g.nodes.size() + g.leafs.size() > config.hash_capacity)
        return error{"the graph has " + std::to_string(g.nodes.size() + g.leafs.size()) +
                     " tensors, more than the scheduler's hash capacity of " + std::to_string(config.hash_capacity) +
                     " (init_measure sized it for a smaller graph)"};
    sched_plan plan;
    plan.backend_names = config.backend_names;
    plan.n_tensors_before = ctx.size();
    split_state s(ctx, g, config);
    status st = apply_user_assignments(s);
    if (st) st = assign_from_buffers(s);
    if (st) assign_from_sources(s);
    if (st) st = reroute_unsupported(s);
    if (st) assign_unassigned_sources(s);
    if (st) st = split_and_copy(s, plan.splits);
    if (!st) {
        restore(ctx, g, plan.splits, plan.n_tensors_before);
        return st.err();
    }
    plan.warnings = sanity_check(s);
    plan.split_graph = build_split_graph(ctx, g, plan.splits);
    plan.backend_of = std::move(s.backend_of);
    plan.cause_of = std::move(s.cause_of);
    plan.assignments = std::move(s.assignments);
    return plan;
}

void restore_graph(context& ctx, const graph& g, const sched_plan& plan) {
    restore(ctx, g, plan.splits, plan.n_tensors_before);
}

} // namespace planscope
