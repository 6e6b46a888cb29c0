#pragma once
// sched_split_graph of the seed's ggml-backend.c: assigns a backend to every tensor of a graph in
// the seed's passes and cuts the graph into splits with input copies. Each pass is its own
// function (pass*.cpp) working on one split_state, so tests can run them one at a time.
#include "sched_events.h"

#include "core/error.h"

#include <functional>
#include <unordered_map>

namespace planscope {

// The backend (scheduler index) of the buffer a pre-allocated tensor is placed in: the seed's
// ggml_get_backend(t) followed by sched_backend_prio. An error when the buffer belongs to no
// scheduler backend (the seed indexes tallocs[INT_MAX]).
using buffer_backend_fn = std::function<result<int>(buffer_id)>;
// Whether backend `b` can run `node` (supports_op). Empty: every backend runs everything.
using supports_fn = std::function<bool(int b, const context& ctx, const tensor& node)>;

struct split_config {
    std::vector<std::string> backend_names; // priority order; names the copies "NAME#tensor"
    buffer_backend_fn buffer_backend;
    supports_fn supports;
    const std::unordered_map<tensor_id, int>* user = nullptr; // set_node_backend assignments
    sched_observer* observer = nullptr;
    // Fix 3 (the seed's hash set asserts when full): tensors the graph, its copies included, may have.
    std::size_t hash_capacity = SIZE_MAX;
};

// What the passes share: the seed's node_talloc and causes tables, by tensor index.
struct split_state {
    context& ctx;
    const graph& g;
    const split_config& config;
    std::vector<int> backend_of;
    // Fix 2: causes per tensor, growing with the copies (the seed's global causes[][128] array,
    // indexed by hash slot, overflows on large graphs and keeps stale strings).
    std::vector<std::string> cause_of;
    std::vector<sched_assignment> assignments;

    split_state(context& c, const graph& gr, const split_config& cfg);
    [[nodiscard]] int n_backends() const { return static_cast<int>(config.backend_names.size()); }
    [[nodiscard]] int backend(tensor_id t) const { return backend_of[t.index()]; }
    // Records the decision (growing the tables for new copies) and reports it.
    void assign(tensor_id t, int backend, sched_pass pass, std::string cause);
    void report(sched_event e) const {
        if (config.observer) config.observer->on_event(e);
    }
};

// The seed's ggml_is_view_op: VIEW, RESHAPE, PERMUTE, TRANSPOSE.
bool is_view_op(op_kind op);

// The user's assignments of `user` (set_node_backend), leafs then nodes in graph order, each one
// `current` does not already give a backend; both schedulers' first step. Errors for a backend
// index out of range.
status apply_user_map(const context& ctx, const graph& g, const std::unordered_map<tensor_id, int>* user, int n_backends,
                      const std::function<int(tensor_id)>& current, const std::function<void(tensor_id, int)>& assign);
// Before pass 1 (fix: the seed wipes these at every split): the user's assignments.
status apply_user_assignments(split_state& s);
// Pass 1: leafs with a buffer (or whose view_src has one), then nodes from their own buffer
// ("1.dst"), their view_src's ("1.vsrc") or the best-priority, largest placed source ("1.srcN").
status assign_from_buffers(split_state& s);
// Pass 2: unassigned nodes, in order, from their sources' assignments ("2.srcN").
void assign_from_sources(split_state& s);
// Beyond the seed: an assigned node its backend cannot run moves to the best backend that can
// ("unsupported"). Errors when no backend can run it.
status reroute_unsupported(split_state& s);
// Pass 3: unassigned sources take their node's backend ("3.dst").
void assign_unassigned_sources(split_state& s);
// Pass 4: splits where the backend changes (view ops skipped), one input entry per use of a
// tensor from another backend, one copy per (tensor, backend) named "BACKEND#name", node sources
// rewritten to the copies. Errors at a 257th split or a 17th input of a split.
status split_and_copy(split_state& s, std::vector<sched_split>& splits);
// The seed's sanity check: one warning (and event) per source on another backend than its node,
// and per node without a backend.
std::vector<std::string> sanity_check(const split_state& s);
// The seed's graph_copy: per split, its input copies (src[0] set to the input) then its nodes.
graph build_split_graph(context& ctx, const graph& g, const std::vector<sched_split>& splits);

// All of the above in order. On error the context is restored (copies removed, sources back).
result<sched_plan> split_graph(context& ctx, const graph& g, const split_config& config);
// Undoes what split_graph did to the context: node sources back to the originals, copies removed.
void restore_graph(context& ctx, const graph& g, const sched_plan& plan);

} // namespace planscope
