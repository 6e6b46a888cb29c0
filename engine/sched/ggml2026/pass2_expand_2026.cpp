// Pass 2 of ggml 2026's sched_split_graph (ggml-backend.cpp:1113-1191): a backend spreads to
// the unassigned nodes next to its own. Non-CPU backends go first, down then up, so the CPU (the
// last backend) takes only ops next to CPU weights or ones no GPU op touches; then every backend
// spreads, down then up. An op the spreading backend cannot run stays unassigned for pass 3.
#include "sched_2026.h"

namespace planscope::ggml2026 {
namespace {

template <class Order>
void sweep(sched_state_2026& s, Order order, bool skip_cpu) {
    int cur = -1;
    order([&](tensor_id id) {
        const tensor& node = s.ctx[id];
        if (is_view_op(node.op)) return;
        const int b = s.backend(id);
        if (b >= 0) cur = skip_cpu && b == s.n_backends() - 1 ? -1 : b;
        else if (cur >= 0 && s.supports_op(cur, node)) s.assign(id, cur, sched_pass::expand, "2.sup");
    });
}

} // namespace

void expand_assignments(sched_state_2026& s) {
    const auto down = [&](auto visit) {
        for (tensor_id id : s.g.nodes) visit(id);
    };
    const auto up = [&](auto visit) {
        for (auto it = s.g.nodes.rbegin(); it != s.g.nodes.rend(); ++it) visit(*it);
    };
    sweep(s, down, true);
    sweep(s, up, true);
    sweep(s, down, false);
    sweep(s, up, false);
}

} // namespace planscope::ggml2026
