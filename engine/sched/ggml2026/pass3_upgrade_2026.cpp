// Pass 3 of ggml 2026's sched_split_graph (ggml-backend.cpp:1193-1252): an assigned node moves to
// a better backend of the same buffer type when that backend runs it and can use every source
// (BLAS and CPU share host memory); an unassigned one (pass 2 found no neighbour that runs it)
// goes to the backend that runs it and can use the most sources.
#include "sched_2026.h"

namespace planscope::ggml2026 {
namespace {

status best_backend(sched_state_2026& s, tensor_id id) {
    const tensor& node = s.ctx[id];
    int best = -1, chosen = -1;
    for (int b = 0; b < s.n_backends(); ++b) {
        if (!s.supports_op(b, node)) continue;
        int n = 0;
        for (tensor_id src : node.src) {
            if (!src.valid()) continue;
            const tensor& st = s.ctx[src];
            if (s.backend(src) < 0 && (!st.is_view() || s.backend(st.view_src) < 0)) continue;
            auto ok = s.buffer_supported(src, b);
            if (!ok) return ok.err();
            n += *ok ? 1 : 0;
        }
        if (n > best) {
            best = n;
            chosen = b;
        }
    }
    s.assign(id, chosen, sched_pass::upgrade, "3.best");
    return success();
}

status upgrade(sched_state_2026& s, tensor_id id) {
    const tensor& node = s.ctx[id];
    const int cur = s.backend(id);
    for (int b = 0; b < cur; ++b) {
        if (!(s.config.bufts[static_cast<std::size_t>(b)] == s.config.bufts[static_cast<std::size_t>(cur)]) ||
            !s.supports_op(b, node))
            continue;
        bool all = true;
        for (tensor_id src : node.src) {
            if (!src.valid()) continue;
            auto ok = s.buffer_supported(src, b);
            if (!ok) return ok.err();
            if (!*ok) {
                all = false;
                break;
            }
        }
        if (all) {
            s.assign(id, b, sched_pass::upgrade, "3.upg");
            break;
        }
    }
    return success();
}

} // namespace

status upgrade_assignments(sched_state_2026& s) {
    for (tensor_id id : s.g.nodes) {
        if (is_view_op(s.ctx[id].op)) continue;
        if (auto st = s.backend(id) < 0 ? best_backend(s, id) : upgrade(s, id); !st) return st;
    }
    return success();
}

} // namespace planscope::ggml2026
