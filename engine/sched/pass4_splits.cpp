// Pass 4 of sched_split_graph: cut the graph where the backend changes and route every source
// from another backend through a copy on the split's backend.
#include "split_graph.h"

#include <map>

namespace planscope {
namespace {

// ggml_dup_tensor_layout: same type, shape and strides; no op, sources or placement.
tensor dup_layout(const tensor& t, const std::string& backend_name) {
    tensor copy;
    copy.type = t.type;
    copy.ne = t.ne;
    copy.nb = t.nb;
    // ggml_format_name("%s#%s") into a GGML_MAX_NAME array.
    copy.name = (backend_name + "#" + t.name).substr(0, max_name);
    return copy;
}

} // namespace

status split_and_copy(split_state& s, std::vector<sched_split>& splits) {
    splits.clear();
    // The first backend is that of the first node that is not a view (view_src, not view op).
    int cur = -1;
    for (tensor_id id : s.g.nodes) {
        if (!s.ctx[id].is_view()) {
            cur = s.backend(id);
            break;
        }
    }
    splits.push_back({cur, 0, 0, {}});
    s.report(sched_events::split_begin{0, cur, 0});
    std::map<std::pair<tensor_id, int>, tensor_id> copies; // the seed's node_copies[hash][backend]
    for (std::size_t i = 0; i < s.g.nodes.size(); ++i) {
        const tensor_id id = s.g.nodes[i];
        if (is_view_op(s.ctx[id].op)) continue;
        const int b = s.backend(id);
        if (b < 0) // the seed would index node_copies[INT_MAX]
            return error{"node '" + s.ctx[id].name + "' has no backend: none of its sources is in a buffer or assigned"};
        if (b != cur) {
            splits.back().i_end = i;
            s.report(sched_events::split_end{splits.size() - 1, i, splits.back().inputs.size()});
            // Fix 3: the seed asserts cur_split < GGML_MAX_SPLITS.
            if (splits.size() == sched_max_splits)
                return error{"node '" + s.ctx[id].name + "' would start split " + std::to_string(splits.size() + 1) +
                             ", more than the " + std::to_string(sched_max_splits) + " a graph may have"};
            splits.push_back({b, i, 0, {}});
            s.report(sched_events::split_begin{splits.size() - 1, b, i});
            cur = b;
        }
        for (int j = 0; j < max_src; ++j) {
            const tensor_id src = s.ctx[id].src[static_cast<std::size_t>(j)];
            if (!src.valid()) break;
            if (s.backend(src) == b) continue;
            sched_split& split = splits.back();
            // Fix 3: the seed asserts n_inputs < GGML_MAX_SPLIT_INPUTS.
            if (split.inputs.size() == sched_max_split_inputs)
                return error{"split " + std::to_string(splits.size() - 1) + " needs more than " +
                             std::to_string(sched_max_split_inputs) + " inputs: '" + s.ctx[src].name +
                             "' read by '" + s.ctx[id].name + "' would be input " +
                             std::to_string(sched_max_split_inputs + 1)};
            auto [it, inserted] = copies.try_emplace({src, cur});
            if (inserted) {
                if (s.g.nodes.size() + s.g.leafs.size() + copies.size() > s.config.hash_capacity)
                    return error{"the graph and its copies exceed the scheduler's hash capacity of " +
                                 std::to_string(s.config.hash_capacity) + " tensors"};
                tensor copy = dup_layout(s.ctx[src], s.config.backend_names[static_cast<std::size_t>(cur)]);
                it->second = s.ctx.add(std::move(copy));
                s.assign(it->second, cur, sched_pass::copy, "4.cpy");
            }
            split.inputs.push_back({src, it->second, s.ctx[src].name, nbytes(s.ctx[src]), {}});
            s.report(sched_events::split_input{splits.size() - 1, id, j, src, it->second, inserted});
            s.ctx[id].src[static_cast<std::size_t>(j)] = it->second;
        }
    }
    splits.back().i_end = s.g.nodes.size();
    s.report(sched_events::split_end{splits.size() - 1, s.g.nodes.size(), splits.back().inputs.size()});
    return success();
}

graph build_split_graph(context& ctx, const graph& g, const std::vector<sched_split>& splits) {
    graph copy;
    for (const sched_split& split : splits) {
        // Inputs first, so the graph allocator places their copies at the start of the split.
        for (const sched_input& in : split.inputs) {
            ctx[in.copy].src[0] = in.tensor;
            copy.nodes.push_back(in.copy);
        }
        for (std::size_t i = split.i_start; i < split.i_end; ++i) copy.nodes.push_back(g.nodes[i]);
    }
    return copy;
}

} // namespace planscope
