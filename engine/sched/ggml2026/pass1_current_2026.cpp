// Pass 1 of ggml 2026's sched_split_graph (ggml-backend.cpp:1076-1111 and
// ggml_backend_sched_backend_id_from_cur, 889-960): backends from where tensors already are.
#include "sched_2026.h"

#include "core/printable.h"

namespace planscope::ggml2026 {
namespace {

struct from_cur {
    int backend = -1;
    std::string cause;
};

result<from_cur> backend_id_from_cur(const sched_state_2026& s, tensor_id id) {
    const tensor& t = s.ctx[id];
    auto own = s.backend_from_buffer(id, t);
    if (!own) return own.err();
    if (*own >= 0) return from_cur{*own, "1.dst"};
    if (t.is_view()) {
        auto vsrc = s.backend_from_buffer(t.view_src, t);
        if (!vsrc) return vsrc.err();
        if (*vsrc >= 0) return from_cur{*vsrc, "1.vsrc"};
    }
    auto buf = s.placed(id);
    if (!buf) return buf.err();
    if (*buf) // ggml aborts: a pre-allocated tensor cannot move to another backend
        return error{"pre-allocated tensor '" + printable(t.name) + "' is in a " + (*buf)->type.name +
                     " buffer, and no backend that can use it runs " + op_desc(t)};
    if (has_flag(t.flags, tensor_flag::input)) return from_cur{s.n_backends() - 1, "1.inp"};
    // The rope frequencies and flash attention's sinks are too small to choose a backend by.
    if (t.op == op_kind::rope || t.op == op_kind::flash_attn_ext) return from_cur{};
    for (int i = 0; i < max_src; ++i) {
        const tensor_id src = t.src[static_cast<std::size_t>(i)];
        if (!src.valid()) continue;
        const tensor& st = s.ctx[src];
        if (!st.where) continue; // ggml reads src->buffer: a view of a weight has none yet
        auto buf_of = s.config.buffer(st.where->buffer);
        if (!buf_of) return error{"tensor '" + printable(st.name) + "': " + buf_of.err().message};
        if (!buf_of->weights) continue;
        auto src_backend = s.backend_from_buffer(src, t);
        if (!src_backend) return src_backend.err();
        // A better backend may ask to take an op whose weights are in host memory.
        if (s.config.op_offload && *src_backend == s.n_backends() - 1 && buf_of->type.host && s.config.offload)
            for (int b = 0; b < *src_backend; ++b)
                if (s.supports_op(b, t) && s.config.offload(b, s.ctx, t)) return from_cur{b, "1.off"};
        return from_cur{*src_backend, "1.wgt" + std::to_string(i)};
    }
    return from_cur{};
}

status assign_one(sched_state_2026& s, tensor_id id) {
    if (s.backend(id) >= 0) return success(); // do not overwrite user assignments
    auto b = backend_id_from_cur(s, id);
    if (!b) return b.err();
    s.assign(id, b->backend, sched_pass::buffers, std::move(b->cause));
    return success();
}

} // namespace

status assign_from_current(sched_state_2026& s) {
    for (tensor_id id : s.g.leafs)
        if (auto st = assign_one(s, id); !st) return st;
    for (tensor_id id : s.g.nodes)
        if (auto st = assign_one(s, id); !st) return st;
    return success();
}

} // namespace planscope::ggml2026
