// ggml 2026's sched_split_graph: its five passes in order.
#include "sched_2026.h"

#include <unordered_map>

namespace planscope::ggml2026 {

result<sched_plan> split_graph(context& ctx, const graph& g, const sched_config_2026& config) {
    const std::size_t n = config.backend_names.size();
    if (n == 0) return error{"the scheduler has no backends"};
    if (n > sched_max_backends) // ggml asserts
        return error{std::to_string(n) + " backends, more than the scheduler's " + std::to_string(sched_max_backends)};
    if (config.bufts.size() != n) return error{"every backend needs a buffer type"};
    if (!config.buffer) return error{"the scheduler cannot tell buffers' types"};
    if (config.n_copies < 1 || config.n_copies > sched_max_copies) // ggml asserts
        return error{"n_copies is " + std::to_string(config.n_copies) + "; it must be 1 to " + std::to_string(sched_max_copies)};
    if (config.cur_copy < 0 || config.cur_copy >= config.n_copies)
        return error{"the current copy " + std::to_string(config.cur_copy) + " is not one of the " +
                     std::to_string(config.n_copies)};
    sched_plan plan;
    plan.backend_names = config.backend_names;
    plan.n_tensors_before = ctx.size();
    plan.n_copies = config.n_copies;
    sched_state_2026 s(ctx, g, config);
    status st = apply_user_assignments(s);
    if (st) st = assign_from_current(s);
    if (st) expand_assignments(s);
    if (st) st = upgrade_assignments(s);
    if (st) st = assign_remaining(s);
    if (st) st = split_and_copy(s, plan);
    if (!st) {
        undo_split(ctx, g, plan);
        return st.err();
    }
    build_split_graph(s, plan);
    plan.backend_of = std::move(s.backend_of);
    plan.cause_of = std::move(s.cause_of);
    plan.assignments = std::move(s.assignments);
    return plan;
}

void undo_split(context& ctx, const graph& g, const sched_plan& plan) {
    std::unordered_map<tensor_id, tensor_id> original;
    for (const sched_split& split : plan.splits)
        for (const sched_input& in : split.inputs) {
            original.emplace(in.copy, in.tensor);
            for (tensor_id c : in.copies) original.emplace(c, in.tensor);
        }
    for (tensor_id id : g.nodes)
        for (tensor_id& src : ctx[id].src)
            if (src.valid() && src.index() >= plan.n_tensors_before)
                if (auto it = original.find(src); it != original.end()) src = it->second;
    // Newest first, so a tensor changed twice gets its first flags back.
    for (auto it = plan.flags_before.rbegin(); it != plan.flags_before.rend(); ++it)
        if (it->first.index() < plan.n_tensors_before) ctx[it->first].flags = it->second;
    ctx.truncate(plan.n_tensors_before);
}

} // namespace planscope::ggml2026
