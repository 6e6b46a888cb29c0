#include "graph_planner.h"

#include <optional>
#include <string>

namespace planscope::ggml2026 {
namespace {

// ggml_op_can_inplace of d99724f2 (ggml-alloc.c:22-49), for the ops Planscope has: 2023's set,
// ADD_ID and FILL; 2026 also has the backward ops, which Planscope does not have. SET_ROWS, GLU,
// FLASH_ATTN_EXT, MUL_MAT_ID, ARGSORT, TOP_K, PAD and CLAMP are not in it (SET_ROWS's and CLAMP's
// results are views anyway). UNARY covers every unary op, the later ones included.
bool can_inplace(op_kind op) {
    switch (op) {
    case op_kind::fill:
    case op_kind::add_id:
    case op_kind::scale:
    case op_kind::diag_mask_zero:
    case op_kind::diag_mask_inf:
    case op_kind::add:
    case op_kind::add1:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div:
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::unary:
    case op_kind::rope:
    case op_kind::rms_norm:
    case op_kind::soft_max: return true;
    default: return false;
    }
}

bool is_output(const tensor& t) { return has_flag(t.flags, tensor_flag::output); }

// ggml_gallocr's hash_node.
struct tensor_state {
    int n_children = 0;
    int n_views = 0;
    int buffer = 0;
    chunk_address addr{0, 0};
    bool allocated = false;
    tensor_id owner; // for events: the tensor whose allocation this memory is (ends an in-place chain)
};

class planner {
public:
    planner(const context& ctx, std::span<const buffer_type_info> types, const reserve_events& events)
        : m_ctx(ctx), m_types(types), m_events(events), m_state(ctx.size()) {
        // ggml_gallocr_new_n: a buffer type used twice shares the first one's allocator.
        for (std::size_t i = 0; i < types.size(); ++i) {
            m_allocator_of.push_back(i);
            for (std::size_t j = 0; j < i; ++j)
                if (types[i].shared >= 0 && types[i].shared == types[j].shared) {
                    m_allocator_of[i] = m_allocator_of[j];
                    break;
                }
            m_allocators.emplace_back(types[i].alignment, types[i].max_size);
        }
    }

    status run(const graph& g, std::span<const int> node_buffer_ids, std::span<const int> leaf_buffer_ids);
    graph_plan_2026 result(const graph& g) const;

private:
    tensor_state& state(tensor_id t) { return m_state[t.index()]; }
    dyn_allocator& allocator(int buffer) { return m_allocators[m_allocator_of[static_cast<std::size_t>(buffer)]]; }
    std::size_t alloc_size(int buffer, const tensor& t) const {
        const buffer_type_info& type = m_types[static_cast<std::size_t>(buffer)];
        return type.alloc_size ? type.alloc_size(t) : nbytes(t);
    }
    // ggml_gallocr_is_own / ggml_gallocr_is_allocated (data already set, or ours).
    bool is_own(tensor_id t) const { return m_state[t.index()].allocated; }
    bool is_allocated(tensor_id t) const { return m_ctx[t].where.has_value() || is_own(t); }

    status allocate(tensor_id t, int buffer);
    status allocate_new(tensor_id id, int buffer);
    bool observed() const { return m_events.observer != nullptr; }
    template <typename Event> void emit(Event&& e) const {
        if (m_events.observer) m_events.observer->on_event(std::forward<Event>(e));
    }
    placement where(const tensor_state& s) const {
        return {m_events.buffer_of(m_allocator_of[static_cast<std::size_t>(s.buffer)], s.addr.chunk), s.addr.offset};
    }
    status free_extra_space(tensor_id node, tensor_id parent);
    status free_tensor(tensor_id t);
    error named(tensor_id t, const std::string& message) const { return error{"tensor '" + m_ctx[t].name + "': " + message}; }

    const context& m_ctx;
    std::span<const buffer_type_info> m_types;
    const reserve_events& m_events;
    std::vector<tensor_state> m_state;
    std::vector<std::size_t> m_allocator_of;
    std::vector<dyn_allocator> m_allocators;
    std::vector<tensor_id> m_order;
    std::vector<tensor_id> m_freed;
    std::vector<std::pair<tensor_id, tensor_id>> m_inplace;
};

// ggml_gallocr_allocate_node: in place over a parent where allowed, else from the buffer's allocator.
status planner::allocate(tensor_id id, int buffer) {
    const tensor& t = m_ctx[id];
    if (is_allocated(id) || t.is_view()) return success();
    tensor_state& s = state(id);
    s.allocated = true;
    m_order.push_back(id);
    if (can_inplace(t.op)) {
        for (const tensor_id parent : t.src) {
            if (!parent.valid()) continue;
            const tensor& p = m_ctx[parent];
            tensor_state& ps = state(parent);
            std::optional<refusal> why;
            // ggml says "not own" for both; a view is never own, which is worth telling apart.
            if (!is_own(parent)) why = p.is_view() ? refusal::view_not_own : refusal::external;
            else if (is_output(p) || (p.is_view() && is_output(m_ctx[p.view_src]))) why = refusal::output;
            else if (!same_layout(t, p)) why = refusal::layout_differs;
            else if (ps.n_children != 1) why = refusal::other_children;
            else if (ps.n_views != 0) why = refusal::has_views;
            if (why) {
                emit(events::refused{id, parent, *why});
                continue;
            }
            // A view parent is never "own" (views are not allocated), so ggml's branch for one
            // (ggml-alloc.c:656-668) cannot be taken; only a plain parent gets here.
            s.buffer = ps.buffer;
            s.addr = ps.addr;
            s.owner = ps.owner;
            ps.allocated = false; // not freed by its last consumer: the node owns the memory now
            m_inplace.emplace_back(id, parent);
            if (observed()) emit(events::inplace{id, parent, s.owner, where(s)});
            return free_extra_space(id, parent);
        }
    }
    return allocate_new(id, buffer);
}

// From the allocator, with the events of the choice: the chunk's free list before, and an attach
// first when the allocation opened a chunk.
status planner::allocate_new(tensor_id id, int buffer) {
    tensor_state& s = state(id);
    dyn_allocator& a = allocator(buffer);
    const std::size_t size = alloc_size(buffer, m_ctx[id]);
    std::vector<std::vector<free_block>> lists;
    std::vector<std::size_t> highs;
    if (observed())
        for (int c = 0; c < a.n_chunks(); ++c) {
            lists.emplace_back(a.free_blocks(c).begin(), a.free_blocks(c).end());
            highs.push_back(a.max_size(c));
        }
    alloc_choice choice;
    auto addr = a.alloc(size, observed() ? &choice : nullptr);
    if (!addr) return named(id, addr.err().message);
    s.buffer = buffer;
    s.addr = *addr;
    s.owner = id;
    if (!observed()) return success();
    const std::size_t bytes = aligned(size, a.alignment());
    const auto chunk = static_cast<std::size_t>(addr->chunk);
    const placement at = where(s);
    if (choice.new_chunk) {
        const auto rest = a.free_blocks(addr->chunk);
        lists.push_back({free_block{0, bytes + (rest.empty() ? 0 : rest.front().size)}});
        highs.push_back(0);
        emit(events::attach{at.buffer, a.alignment(), true, lists.back(), 0});
    }
    emit(events::alloc{id, at.buffer, at.offset, bytes, choice.block, choice.last_block, std::move(lists[chunk]),
                       highs[chunk], a.max_size(addr->chunk)});
    return success();
}

// ggml_gallocr_free_extra_space: the end of a larger parent goes back to the free list.
status planner::free_extra_space(tensor_id node, tensor_id parent) {
    const tensor_state &ns = state(node), &ps = state(parent);
    std::size_t parent_size = alloc_size(ps.buffer, m_ctx[parent]);
    std::size_t node_size = alloc_size(ns.buffer, m_ctx[node]);
    if (parent_size < node_size) return named(node, "in place over '" + m_ctx[parent].name + "', which is smaller");
    dyn_allocator& a = allocator(ps.buffer);
    const auto aligned = [&](std::size_t n) { return n + (a.alignment() - n % a.alignment()) % a.alignment(); };
    parent_size = aligned(parent_size);
    node_size = aligned(node_size);
    if (parent_size == node_size) return success();
    // No event: with nbytes sizes a node and its same-layout parent never differ, and a replay
    // would read a freed tail as a freed prefix.
    const chunk_address tail{ps.addr.chunk, ps.addr.offset + node_size};
    if (auto s = a.free_bytes(tail, parent_size - node_size); !s) return named(parent, s.err().message);
    return success();
}

// ggml_gallocr_free_node: outputs are never freed.
status planner::free_tensor(tensor_id id) {
    const tensor& t = m_ctx[id];
    if (is_output(t)) return success();
    tensor_state& s = state(id);
    dyn_allocator& a = allocator(s.buffer);
    const std::size_t size = alloc_size(s.buffer, t);
    free_merge merge;
    if (auto r = a.free_bytes(s.addr, size, observed() ? &merge : nullptr); !r) return named(id, r.err().message);
    s.allocated = false;
    m_freed.push_back(id);
    if (observed()) {
        const placement at = where(s);
        emit(events::free{id, at.buffer, at.offset, aligned(size, a.alignment()), merge.merge, merge.block, merge.result});
    }
    return success();
}

// ggml_gallocr_alloc_graph_impl.
status planner::run(const graph& g, std::span<const int> node_buffer_ids, std::span<const int> leaf_buffer_ids) {
    const auto node_buffer = [&](std::size_t i) { return node_buffer_ids.empty() ? 0 : node_buffer_ids[i]; };
    const auto leaf_buffer = [&](std::size_t i) { return leaf_buffer_ids.empty() ? 0 : leaf_buffer_ids[i]; };
    if (!node_buffer_ids.empty() && node_buffer_ids.size() != g.nodes.size())
        return error{"node buffer ids: " + std::to_string(node_buffer_ids.size()) + " for " + std::to_string(g.nodes.size()) + " nodes"};
    if (!leaf_buffer_ids.empty() && leaf_buffer_ids.size() != g.leafs.size())
        return error{"leaf buffer ids: " + std::to_string(leaf_buffer_ids.size()) + " for " + std::to_string(g.leafs.size()) + " leafs"};
    const auto check = [&](std::span<const int> ids, const std::vector<tensor_id>& tensors) -> status {
        for (std::size_t i = 0; i < ids.size(); ++i)
            if (ids[i] < 0 || static_cast<std::size_t>(ids[i]) >= m_types.size())
                return named(tensors[i], "buffer id " + std::to_string(ids[i]) + " is not one of the " +
                                             std::to_string(m_types.size()) + " buffer types");
        return success();
    };
    if (auto s = check(node_buffer_ids, g.nodes); !s) return s;
    if (auto s = check(leaf_buffer_ids, g.leafs); !s) return s;

    // Leafs first: the application may use them outside the graph too.
    for (std::size_t i = 0; i < g.leafs.size(); ++i)
        if (auto s = allocate(g.leafs[i], leaf_buffer(i)); !s) return s;

    // Consumers and views counted; inputs allocated before any node can overwrite them.
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const tensor& node = m_ctx[g.nodes[i]];
        if (node.is_view() && node.op != op_kind::none) state(node.view_src).n_views += 1;
        if (has_flag(node.flags, tensor_flag::input))
            if (auto s = allocate(g.nodes[i], node_buffer(i)); !s) return s;
        for (const tensor_id src : node.src) {
            if (!src.valid()) continue;
            state(src).n_children += 1;
            if (has_flag(m_ctx[src].flags, tensor_flag::input))
                if (auto s = allocate(src, node_buffer(i)); !s) return s;
        }
    }

    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const tensor_id id = g.nodes[i];
        const tensor& node = m_ctx[id];
        emit(events::node{i, i, id});
        for (const tensor_id parent : node.src)
            if (parent.valid())
                if (auto s = allocate(parent, node_buffer(i)); !s) return s;
        if (auto s = allocate(id, node_buffer(i)); !s) return s;
        for (const tensor_id parent : node.src) {
            if (!parent.valid()) continue;
            tensor_state& ps = state(parent);
            ps.n_children -= 1;
            if (ps.n_children != 0 || ps.n_views != 0) continue;
            const tensor& p = m_ctx[parent];
            if (p.is_view()) {
                tensor_state& vs = state(p.view_src);
                vs.n_views -= 1;
                if (vs.n_views == 0 && vs.n_children == 0 && vs.allocated)
                    if (auto s = free_tensor(p.view_src); !s) return s;
            } else if (ps.allocated) {
                if (auto s = free_tensor(parent); !s) return s;
            }
        }
    }
    return success();
}

// The node_allocs / leaf_allocs of ggml_gallocr_reserve_n_impl, and the buffers' chunk sizes.
graph_plan_2026 planner::result(const graph& g) const {
    graph_plan_2026 plan;
    plan.where.resize(m_ctx.size());
    const auto record = [&](tensor_id id) {
        const tensor& t = m_ctx[id];
        if (t.is_view() || t.where) return;
        const tensor_state& s = m_state[id.index()];
        plan.where[id.index()] = tensor_address{s.buffer, s.addr};
    };
    for (const tensor_id leaf : g.leafs) record(leaf);
    for (const tensor_id node : g.nodes) {
        record(node);
        for (const tensor_id src : m_ctx[node].src)
            if (src.valid()) record(src);
    }
    plan.order = m_order;
    plan.freed = m_freed;
    plan.inplace = m_inplace;
    for (std::size_t i = 0; i < m_types.size(); ++i) {
        std::vector<std::size_t> sizes;
        std::vector<std::vector<free_block>> lists;
        if (m_allocator_of[i] == i) {
            const dyn_allocator& a = m_allocators[i];
            for (int c = 0; c < a.n_chunks(); ++c) {
                sizes.push_back(a.max_size(c));
                lists.emplace_back(a.free_blocks(c).begin(), a.free_blocks(c).end());
            }
        }
        plan.chunk_sizes.push_back(std::move(sizes));
        plan.free_lists.push_back(std::move(lists));
    }
    return plan;
}

} // namespace

std::size_t graph_plan_2026::buffer_size(std::size_t buffer) const {
    std::size_t total = 0;
    for (const std::size_t s : chunk_sizes.at(buffer)) total += s;
    return total;
}

result<graph_plan_2026> reserve(const context& ctx, const graph& g, std::span<const buffer_type_info> types,
                                std::span<const int> node_buffer_ids, std::span<const int> leaf_buffer_ids,
                                const reserve_events& trace) {
    if (types.empty()) return error{"ggml 2026 allocator: no buffer types"};
    if (trace.observer && !trace.buffer_of) return error{"ggml 2026 allocator: events without buffer ids"};
    planner p(ctx, types, trace);
    if (auto s = p.run(g, node_buffer_ids, leaf_buffer_ids); !s) return s.err();
    return p.result(g);
}

} // namespace planscope::ggml2026
