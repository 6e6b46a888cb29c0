#include "split_graph.h"

#include "core/printable.h"

namespace planscope {

std::string_view name(sched_pass p) {
    switch (p) {
    case sched_pass::user: return "user";
    case sched_pass::buffers: return "pass 1";
    case sched_pass::sources: return "pass 2";
    case sched_pass::unsupported: return "unsupported";
    case sched_pass::unassigned: return "pass 3";
    case sched_pass::copy: return "pass 4";
    case sched_pass::expand: return "pass 2";
    case sched_pass::upgrade: return "pass 3";
    case sched_pass::remaining: return "pass 4";
    case sched_pass::split_copy: return "pass 5";
    case sched_pass::logged: return "log";
    }
    return "?";
}

bool is_view_op(op_kind op) {
    return op == op_kind::view || op == op_kind::reshape || op == op_kind::permute || op == op_kind::transpose;
}

split_state::split_state(context& c, const graph& gr, const split_config& cfg)
    : ctx(c), g(gr), config(cfg), backend_of(c.size(), -1), cause_of(c.size()) {}

void split_state::assign(tensor_id t, int b, sched_pass pass, std::string cause) {
    if (t.index() >= backend_of.size()) {
        backend_of.resize(t.index() + 1, -1);
        cause_of.resize(t.index() + 1);
    }
    backend_of[t.index()] = b;
    cause_of[t.index()] = cause;
    assignments.push_back({t, b, cause, pass});
    report(sched_events::assign{t, b, pass, std::move(cause)});
}

status apply_user_map(const context& ctx, const graph& g, const std::unordered_map<tensor_id, int>* user, int n_backends,
                      const std::function<int(tensor_id)>& current, const std::function<void(tensor_id, int)>& assign) {
    if (!user) return success();
    // In graph order, so the recorded decisions do not depend on the map's order.
    auto apply = [&](tensor_id id) -> status {
        const auto it = user->find(id);
        if (it == user->end() || current(id) >= 0) return success();
        if (it->second < 0 || it->second >= n_backends)
            return error{"tensor '" + printable(ctx[id].name) + "' is assigned to backend " + std::to_string(it->second) +
                         ", but the scheduler has " + std::to_string(n_backends)};
        assign(id, it->second);
        return success();
    };
    for (tensor_id id : g.leafs)
        if (auto st = apply(id); !st) return st;
    for (tensor_id id : g.nodes)
        if (auto st = apply(id); !st) return st;
    return success();
}

// Fix 1: the seed memsets node_talloc at the start of every split, wiping what
// ggml_backend_sched_set_node_backend stored; here the user's table survives and is applied first.
status apply_user_assignments(split_state& s) {
    return apply_user_map(s.ctx, s.g, s.config.user, s.n_backends(), [&](tensor_id id) { return s.backend(id); },
                          [&](tensor_id id, int b) { s.assign(id, b, sched_pass::user, "usr"); });
}

} // namespace planscope
