// Pass 4 of ggml 2026's sched_split_graph (ggml-backend.cpp:1254-1284): what is still unassigned
// follows its view_src or the node that reads it; a node nothing decided goes to the first
// backend that runs it.
#include "sched_2026.h"

#include "core/printable.h"

namespace planscope::ggml2026 {

status assign_remaining(sched_state_2026& s) {
    for (tensor_id id : s.g.nodes) {
        const tensor& node = s.ctx[id];
        if (node.is_view() && s.backend(id) < 0) s.assign(id, s.backend(node.view_src), sched_pass::remaining, "4.vsrc");
        for (tensor_id src : node.src) {
            if (!src.valid() || s.backend(src) >= 0) continue;
            const tensor& st = s.ctx[src];
            // Views always live with their source.
            if (st.is_view()) s.assign(src, s.backend(st.view_src), sched_pass::remaining, "4.vsrc");
            else s.assign(src, s.backend(id), sched_pass::remaining, "4.cur");
        }
        for (int b = 0; b < s.n_backends() && s.backend(id) < 0; ++b)
            if (s.supports_op(b, node)) s.assign(id, b, sched_pass::remaining, "2.sup");
        if (s.backend(id) < 0) // ggml asserts
            return error{"no backend can run node '" + printable(node.name) + "' (" + op_desc(node) + ")"};
    }
    return success();
}

} // namespace planscope::ggml2026
