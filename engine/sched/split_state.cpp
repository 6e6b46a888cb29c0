#include "split_graph.h"

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

// Fix 1: the seed memsets node_talloc at the start of every split, wiping what
// ggml_backend_sched_set_node_backend stored; here the user's table survives and is applied first.
status apply_user_assignments(split_state& s) {
    if (!s.config.user) return success();
    // In graph order, so the recorded decisions do not depend on the map's order.
    auto apply = [&](tensor_id id) -> status {
        const auto it = s.config.user->find(id);
        if (it == s.config.user->end() || s.backend(id) >= 0) return success();
        if (it->second < 0 || it->second >= s.n_backends())
            return error{"tensor '" + s.ctx[id].name + "' is assigned to backend " + std::to_string(it->second) +
                         ", but the scheduler has " + std::to_string(s.n_backends())};
        s.assign(id, it->second, sched_pass::user, "usr");
        return success();
    };
    for (tensor_id id : s.g.leafs)
        if (auto st = apply(id); !st) return st;
    for (tensor_id id : s.g.nodes)
        if (auto st = apply(id); !st) return st;
    return success();
}

} // namespace planscope
