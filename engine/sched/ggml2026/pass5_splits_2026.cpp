// Pass 5 of ggml 2026's sched_split_graph (ggml-backend.cpp:1286-1423): cut the graph where the
// backend changes and route every source the split's backend cannot use through a copy.
#include "sched_2026.h"

#include "core/printable.h"

namespace planscope::ggml2026 {
namespace {

// ggml_dup_tensor_layout, named "BACKEND#name#c" (ggml_format_name into GGML_MAX_NAME).
tensor dup_tensor_layout(const tensor& t, const std::string& backend_name, int c) {
    tensor copy;
    copy.type = t.type;
    copy.ne = t.ne;
    copy.nb = t.nb;
    copy.name = std::string(backend_name).append("#").append(t.name).append("#").append(std::to_string(c)).substr(0, max_name);
    return copy;
}

constexpr tensor_flag input_output = tensor_flag::input | tensor_flag::output;

struct splitter {
    sched_state_2026& s;
    sched_plan& plan;
    std::vector<std::size_t> capacity; // each split's input list capacity (ggml's grows from 0)

    std::uint64_t key(tensor_id t, int b) const { return t.value * sched_max_backends + static_cast<std::uint64_t>(b); }

    void set_flags(tensor_id t, tensor_flag f) {
        tensor& x = s.ctx[t];
        if ((x.flags | f) == x.flags) return;
        plan.flags_before.emplace_back(t, x.flags);
        x.flags = x.flags | f;
    }

    // A graph input, with n_copies > 1: n_copies tensors on its own backend, the current one the
    // input itself, all kept by the allocator (input and output).
    void copy_graph_input(tensor_id src, int on) {
        if (s.copies_of(src, on)) return;
        std::vector<tensor_id> made;
        for (int c = 0; c < s.config.n_copies; ++c) {
            tensor_id t = src;
            if (c != s.config.cur_copy) {
                t = s.ctx.add(dup_tensor_layout(s.ctx[src], s.config.backend_names[static_cast<std::size_t>(on)], c));
                s.assign(t, on, sched_pass::split_copy, "4.cpy");
            }
            set_flags(t, input_output);
            made.push_back(t);
        }
        s.copies.emplace(key(src, on), made);
        plan.graph_inputs.push_back({src, src, s.ctx[src].name, nbytes(s.ctx[src]), made});
    }

    // A split's input: n_copies copies on the split's backend (kept by the allocator when more
    // than one), listed once per (tensor, backend).
    std::pair<tensor_id, bool> copy_split_input(tensor_id src, int on) {
        if (const auto* have = s.copies_of(src, on)) return {(*have)[static_cast<std::size_t>(s.config.cur_copy)], false};
        std::vector<tensor_id> made;
        for (int c = 0; c < s.config.n_copies; ++c) {
            tensor_id t = s.ctx.add(dup_tensor_layout(s.ctx[src], s.config.backend_names[static_cast<std::size_t>(on)], c));
            s.assign(t, on, sched_pass::split_copy, "4.cpy");
            if (s.config.n_copies > 1) set_flags(t, input_output);
            made.push_back(t);
        }
        const tensor_id cur = made[static_cast<std::size_t>(s.config.cur_copy)];
        s.copies.emplace(key(src, on), made);
        sched_split& split = plan.splits.back();
        std::size_t& cap = capacity.back();
        if (split.inputs.size() >= cap) cap = cap == 0 ? split_inputs_capacity : 2 * cap;
        split.inputs.push_back({src, cur, s.ctx[src].name, nbytes(s.ctx[src]), s.config.n_copies > 1 ? made : std::vector<tensor_id>{}});
        return {cur, true};
    }

    // Whether node `id`, on the current split's backend, must start a new split anyway: a weight
    // in a buffer the backend cannot use (a new split lets the offloaded weights' memory be
    // reused), or a full input list and a source that would need one more copy.
    result<bool> needs_new_split(tensor_id id, int cur) const {
        const sched_split& split = plan.splits.back();
        if (split.inputs.empty()) return false;
        for (tensor_id src : s.ctx[id].src) {
            if (!src.valid()) continue;
            const tensor& st = s.ctx[src];
            if (st.where) {
                auto buf = s.config.buffer(st.where->buffer);
                if (!buf) return error{"tensor '" + printable(st.name) + "': " + buf.err().message};
                if (buf->weights && s.backend(src) != cur) {
                    auto ok = s.buffer_supported(src, cur);
                    if (!ok) return ok.err();
                    if (!*ok) return true;
                }
            }
            if (split.inputs.size() >= capacity.back()) {
                auto ok = s.buffer_supported(src, cur);
                if (!ok) return ok.err();
                if (s.backend(src) != cur && !s.copies_of(src, cur) && !*ok) return true;
            }
        }
        return false;
    }

    status run() {
        plan.splits.clear();
        std::size_t i = 0;
        int cur = 0; // ggml keeps the backend of a split array entry never written: 0 when fresh
        for (; i < s.g.nodes.size(); ++i)
            if (!is_view_op(s.ctx[s.g.nodes[i]].op)) {
                cur = s.backend(s.g.nodes[i]);
                break;
            }
        plan.splits.push_back({cur, 0, 0, {}});
        capacity.push_back(0);
        s.report(sched_events::split_begin{0, cur, 0});
        for (; i < s.g.nodes.size(); ++i) {
            const tensor_id id = s.g.nodes[i];
            if (is_view_op(s.ctx[id].op)) continue;
            const int b = s.backend(id);
            if (b < 0) return error{"node '" + printable(s.ctx[id].name) + "' has no backend"}; // ggml asserts
            bool fresh = false;
            if (b == cur) {
                auto need = needs_new_split(id, cur);
                if (!need) return need.err();
                fresh = *need;
            }
            if (b != cur || fresh) {
                plan.splits.back().i_end = i;
                s.report(sched_events::split_end{plan.splits.size() - 1, i, plan.splits.back().inputs.size()});
                plan.splits.push_back({b, i, 0, {}});
                capacity.push_back(0);
                s.report(sched_events::split_begin{plan.splits.size() - 1, b, i});
                cur = b;
            }
            for (int j = 0; j < max_src; ++j) {
                const tensor_id src = s.ctx[id].src[static_cast<std::size_t>(j)];
                if (!src.valid()) continue;
                const int src_backend = s.backend(src);
                if (src_backend < 0) // ggml asserts
                    return error{"source '" + printable(s.ctx[src].name) + "' of node '" + printable(s.ctx[id].name) +
                                 "' has no backend"};
                if (has_flag(s.ctx[src].flags, tensor_flag::input) && s.config.n_copies > 1) copy_graph_input(src, src_backend);
                if (src_backend == cur) continue;
                auto ok = s.buffer_supported(src, cur);
                if (!ok) return ok.err();
                if (*ok) continue;
                const auto [copy, made] = copy_split_input(src, cur);
                s.report(sched_events::split_input{plan.splits.size() - 1, id, j, src, copy, made});
                s.ctx[id].src[static_cast<std::size_t>(j)] = copy;
            }
        }
        plan.splits.back().i_end = s.g.nodes.size();
        s.report(sched_events::split_end{plan.splits.size() - 1, s.g.nodes.size(), plan.splits.back().inputs.size()});
        return success();
    }
};

} // namespace

status split_and_copy(sched_state_2026& s, sched_plan& plan) { return splitter{s, plan, {}}.run(); }

void build_split_graph(sched_state_2026& s, sched_plan& plan) {
    graph& out = plan.split_graph;
    out = graph{};
    auto set_backend = [&](tensor_id t, int b) {
        if (t.index() >= s.backend_of.size()) {
            s.backend_of.resize(t.index() + 1, -1);
            s.cause_of.resize(t.index() + 1);
        }
        s.backend_of[t.index()] = b;
    };
    for (const sched_split& split : plan.splits) {
        for (const sched_input& in : split.inputs) {
            // ggml_view_tensor of the input, reading it: the input stays allocated until the copy.
            const tensor& input = s.ctx[in.tensor];
            tensor dep;
            dep.type = input.type;
            dep.ne = input.ne;
            dep.nb = input.nb;
            dep.name = std::string(input.name).append(" (view)").substr(0, max_name);
            dep.view_src = input.is_view() ? input.view_src : in.tensor;
            dep.view_offs = input.view_offs;
            dep.src[0] = in.tensor;
            const tensor_id dep_id = s.ctx.add(std::move(dep));
            set_backend(dep_id, s.backend(in.tensor));
            out.nodes.push_back(dep_id);
            out.nodes.push_back(in.copy);
        }
        for (std::size_t i = split.i_start; i < split.i_end; ++i) out.nodes.push_back(s.g.nodes[i]);
    }
    if (plan.n_copies > 1) {
        for (const sched_input& in : plan.graph_inputs)
            for (tensor_id c : in.copies) out.leafs.push_back(c);
        for (const sched_split& split : plan.splits)
            for (const sched_input& in : split.inputs)
                for (tensor_id c : in.copies) out.leafs.push_back(c);
    }
    for (tensor_id leaf : s.g.leafs) out.leafs.push_back(leaf);
}

} // namespace planscope::ggml2026
