// Pass 1 of sched_split_graph: backends from where tensors already are (weights, KV cache,
// pre-allocated inputs).
#include "split_graph.h"

#include <climits>

namespace planscope {
namespace {

// ggml_get_backend + sched_backend_prio: -1 for a tensor not placed in a buffer.
result<int> placed_backend(const split_state& s, const tensor& t) {
    if (!t.where) return -1;
    auto b = s.config.buffer_backend(t.where->buffer);
    if (!b) return error{"tensor '" + t.name + "': " + b.err().message};
    return *b;
}

// sched_backend_from_cur: the node's own buffer, its view_src's, or the best placed source.
status assign_node(split_state& s, tensor_id id) {
    const tensor& node = s.ctx[id];
    auto own = placed_backend(s, node);
    if (!own) return own.err();
    if (*own >= 0) {
        s.assign(id, *own, sched_pass::buffers, "1.dst");
        return success();
    }
    if (node.is_view()) {
        auto vsrc = placed_backend(s, s.ctx[node.view_src]);
        if (!vsrc) return vsrc.err();
        if (*vsrc >= 0) {
            s.assign(id, *vsrc, sched_pass::buffers, "1.vsrc");
            return success();
        }
    }
    // The seed takes a source only if it is both better placed and at least as large as the best so far.
    int cur_prio = INT_MAX;
    std::size_t cur_size = 0;
    int chosen = -1, chosen_src = -1;
    for (int i = 0; i < max_src; ++i) {
        const tensor_id src = node.src[static_cast<std::size_t>(i)];
        if (!src.valid()) break;
        auto b = placed_backend(s, s.ctx[src]);
        if (!b) return b.err();
        if (*b < 0) continue;
        const std::size_t size = nbytes(s.ctx[src]);
        if (*b < cur_prio && size >= cur_size) {
            cur_prio = *b;
            cur_size = size;
            chosen = *b;
            chosen_src = i;
        }
    }
    if (chosen >= 0) s.assign(id, chosen, sched_pass::buffers, "1.src" + std::to_string(chosen_src));
    return success();
}

} // namespace

status assign_from_buffers(split_state& s) {
    for (tensor_id id : s.g.leafs) {
        if (s.backend(id) >= 0) continue; // do not overwrite user assignments
        const tensor& leaf = s.ctx[id];
        auto b = placed_backend(s, leaf);
        if (!b) return b.err();
        if (*b < 0 && leaf.is_view()) {
            b = placed_backend(s, s.ctx[leaf.view_src]);
            if (!b) return b.err();
        }
        // The seed records no cause for leafs; "1.leaf" is Planscope's label.
        if (*b >= 0) s.assign(id, *b, sched_pass::buffers, "1.leaf");
    }
    for (tensor_id id : s.g.nodes) {
        if (s.backend(id) >= 0) continue; // do not overwrite user assignments
        if (auto st = assign_node(s, id); !st) return st;
    }
    return success();
}

} // namespace planscope
