#include "graph_allocator.h"

#include <algorithm>
#include <optional>

namespace planscope {
namespace {

// The seed's hash_node: consumers still to run, and live views, of one tensor; and the tensor
// itself, so that the pass indexes the context's deque once per tensor, not at every visit.
struct tensor_state {
    tensor* t = nullptr; // set when count_uses first meets the tensor
    int n_children = 0;
    int n_views = 0;
};

// One run of ggml_tallocr_alloc_graph_impl, with an undo journal so that a failure leaves
// nothing half-done.
class graph_pass {
public:
    graph_pass(context& ctx, const graph& g, const std::vector<int>& parse_seq, tensor_allocator* single,
               const allocator_resolver* resolver, alloc_observer* observer)
        : m_ctx(ctx), m_graph(g), m_seq(parse_seq), m_single(single), m_resolver(resolver), m_observer(observer) {
        if (m_single) m_used.emplace_back(m_single, m_single->save());
    }

    status run() {
        status s = check_parse_seq();
        if (s) s = count_uses();
        if (s) s = allocate_in_order();
        if (!s) {
            roll_back();
            return s;
        }
        for (const auto& [alloc, saved] : m_used)
            emit(events::measure{alloc->buffer(), alloc->max_size(), alloc->is_measure()});
        return s;
    }

    // After a successful run: the inplace decisions, in the order they were made.
    inplace_list take_inplace() { return std::move(m_reused); }

private:
    template <class Event>
    void emit(Event&& e) {
        if (m_observer) m_observer->on_event(std::forward<Event>(e));
    }

    error fail(tensor_id id, std::string message) {
        emit(events::failure{id, buffer_id{}, failure_kind::invalid_graph, 0, 0, message});
        return error{std::move(message)};
    }

    std::string quoted(tensor_id id) const { return "'" + m_ctx[id].name + "'"; }
    tensor_state& state(tensor_id id) { return m_state[id.index()]; }
    // A tensor, found once: count_uses meets every node, source and view source it walks; a source
    // after an empty slot (a capture's) is found on its first use.
    tensor& at(tensor_id id) {
        tensor_state& s = state(id);
        if (!s.t) s.t = &m_ctx[id];
        return *s.t;
    }
    // Checks that the tensor exists and remembers where it is.
    bool meet(tensor_id id) {
        if (!m_ctx.contains(id)) return false;
        tensor_state& s = state(id);
        if (!s.t) s.t = &m_ctx[id];
        return true;
    }

    // A tensor spans four or five cache lines, and the context's deque keeps two per block: the
    // graph's order reads them at scattered addresses, and each pass stalled on every node's
    // first read. The lines of the node some places ahead are asked for in advance.
    static constexpr std::size_t prefetch_distance = 8;
    static void prefetch(const tensor& t) {
        constexpr std::uintptr_t line = 64;
        const auto first = reinterpret_cast<std::uintptr_t>(&t) & ~(line - 1);
        const auto last = reinterpret_cast<std::uintptr_t>(&t) + sizeof(tensor) - 1;
        for (std::uintptr_t a = first; a <= last; a += line) __builtin_prefetch(reinterpret_cast<const void*>(a));
    }

    // node_tallocr(). The first use of an allocator saves its state for roll_back().
    tensor_allocator* allocator_for(tensor_id id) {
        return m_single ? m_single : resolve(id); // m_single: saved by the constructor
    }
    // Out of line: a plan's single allocator is the case to keep short (it runs for every tensor).
    [[gnu::noinline]] tensor_allocator* resolve(tensor_id id) {
        tensor_allocator* alloc = (*m_resolver)(id);
        if (alloc && std::none_of(m_used.begin(), m_used.end(), [&](const auto& u) { return u.first == alloc; }))
            m_used.emplace_back(alloc, alloc->save());
        return alloc;
    }

    status check_parse_seq() {
        for (std::size_t i = 0; i < m_seq.size(); ++i) {
            if (m_seq[i] < -1 || m_seq[i] >= static_cast<int>(m_graph.nodes.size()))
                return fail(tensor_id{}, "parse_seq[" + std::to_string(i) + "] = " + std::to_string(m_seq[i]) +
                                             " is not a node index or -1");
        }
        return success();
    }

    // A view whose source was allocated before the graph (weights, KV cache) already has its
    // data in ggml, but no buffer yet: init_view() gives it one.
    bool preallocated_view(const tensor& t) { return t.is_view() && !t.where && at(t.view_src).where; }

    // One pass over the nodes and their sources, which dominate the time on big graphs. The seed
    // indexes blindly; a hand-written graph must not make us do the same: each tensor is checked
    // as it is first read.
    status count_uses() {
        m_state.assign(m_ctx.size(), tensor_state{});
        m_placed.reserve(m_graph.nodes.size()); // the journal gets about one entry per node
        const std::size_t n = m_graph.nodes.size();
        for (std::size_t i = 0; i < n; ++i) {
            const tensor_id id = m_graph.nodes[i];
            if (i + prefetch_distance < n) {
                const tensor_id ahead = m_graph.nodes[i + prefetch_distance];
                if (meet(ahead)) prefetch(at(ahead));
            }
            if (!meet(id)) return fail(id, "graph node " + std::to_string(id.value) + " does not exist");
            const tensor& node = at(id);
            if (node.is_view()) {
                if (!meet(node.view_src)) return fail(id, "view " + quoted(id) + " has no source tensor");
                state(node.view_src).n_views += 1;
                if (preallocated_view(node))
                    if (auto s = init_view(id, true); !s) return s;
            }
            for (tensor_id parent_id : node.src) {
                if (!parent_id.valid()) break;
                if (!meet(parent_id)) return fail(id, "a source of " + quoted(id) + " does not exist");
                const tensor& parent = at(parent_id);
                if (parent.is_view() && !meet(parent.view_src))
                    return fail(parent_id, "view " + quoted(parent_id) + " has no source tensor");
                state(parent_id).n_children += 1;
                if (preallocated_view(parent))
                    if (auto s = init_view(parent_id, true); !s) return s;
            }
        }
        return success();
    }

    status allocate_in_order() {
        const bool by_seq = !m_seq.empty();
        const std::size_t n = by_seq ? m_seq.size() : m_graph.nodes.size();
        std::size_t last_barrier = 0;
        for (std::size_t pos = 0; pos < n; ++pos) {
            const bool barrier = by_seq && m_seq[pos] == -1;
            if (!barrier) {
                const std::size_t index = by_seq ? static_cast<std::size_t>(m_seq[pos]) : pos;
                if (auto s = run_node(pos, index); !s) return s;
            }
            if (by_seq && !barrier) continue;
            if (barrier) emit(events::barrier{pos});
            // Without parse_seq the node's sources are released at once; with it, those of every
            // node since the previous barrier.
            const std::size_t begin = by_seq ? last_barrier : pos;
            const std::size_t end = by_seq ? pos : pos + 1;
            for (std::size_t k = begin; k < end; ++k) {
                const std::size_t index = by_seq ? static_cast<std::size_t>(m_seq[k]) : k;
                if (auto s = release_sources(m_graph.nodes[index]); !s) return s;
            }
            last_barrier = pos + 1;
        }
        return success();
    }

    status run_node(std::size_t pos, std::size_t index) {
        const tensor_id id = m_graph.nodes[index];
        if (index + prefetch_distance < m_graph.nodes.size()) prefetch(at(m_graph.nodes[index + prefetch_distance]));
        emit(events::node{pos, index, id});
        for (tensor_id parent : at(id).src) {
            if (!parent.valid()) break;
            if (auto s = allocate_node(parent); !s) return s;
        }
        return allocate_node(id);
    }

    status allocate_node(tensor_id id) {
        tensor& t = at(id);
        if (t.where) return success(); // ggml: data != NULL
        if (t.is_view()) return init_view(id, false);
        tensor_allocator* alloc = allocator_for(id);
        if (!alloc) return fail(id, "no tensor allocator for " + quoted(id));
        if (info(t.op).can_inplace && reuse_parent(id, t, *alloc)) return success();
        if (auto s = alloc->alloc(id, t); !s) return s;
        m_placed.push_back(id);
        return success();
    }

    // Why `parent`'s memory cannot become `node`'s, or nullopt if it can.
    std::optional<refusal> check_parent(const tensor& node, tensor_id parent_id, const tensor_allocator& alloc) {
        const tensor& parent = at(parent_id);
        if (!alloc.is_own(parent)) return refusal::external;
        const tensor_state& pc = state(parent_id);
        if (pc.n_children != 1) return refusal::other_children;
        if (pc.n_views != 0) return refusal::has_views;
        if (!same_layout(node, parent)) return refusal::layout_differs;
        if (!parent.is_view()) return std::nullopt;
        // Only a view that is its source's sole use and starts at its first byte: with an offset,
        // the source's allocation could not be freed later.
        const tensor_state& rc = state(parent.view_src);
        if (rc.n_views != 1 || rc.n_children != 0) return refusal::view_source_shared;
        if (rc.t->where != parent.where) return refusal::view_offset_nonzero;
        return std::nullopt;
    }

    // The seed's inplace branch of allocate_node: the first parent that passes is reused.
    bool reuse_parent(tensor_id id, tensor& node, const tensor_allocator& alloc) {
        for (tensor_id parent_id : node.src) {
            if (!parent_id.valid()) break;
            if (const auto why = check_parent(node, parent_id, alloc)) {
                emit(events::refused{id, parent_id, *why});
                continue;
            }
            const tensor& parent = at(parent_id);
            const tensor_id source = parent.is_view() ? parent.view_src : parent_id;
            node.view_src = source;
            state(source).n_views += 1;
            m_reused.emplace_back(id, parent_id);
            place_view(id, node);
            emit(events::inplace{id, parent_id, source, *node.where});
            return true;
        }
        return false;
    }

    status init_view(tensor_id id, bool up_front) {
        tensor& view = at(id);
        if (!at(view.view_src).where)
            return fail(id, "view " + quoted(id) + " of " + quoted(view.view_src) + ": the source is not allocated");
        place_view(id, view);
        emit(events::view{id, view.view_src, *view.where, up_front});
        return success();
    }

    void place_view(tensor_id id, tensor& view) {
        const placement& src = *at(view.view_src).where;
        view.where = placement{src.buffer, src.offset + view.view_offs};
        m_placed.push_back(id);
        if (tensor_allocator* alloc = allocator_for(id)) alloc->init_view(id, view);
    }

    // The seed's "update parents": a source whose last consumer ran, and that no view still
    // needs, is freed; for a view, its view_src once that has no views or children left.
    status release_sources(tensor_id id) {
        for (tensor_id parent_id : at(id).src) {
            if (!parent_id.valid()) break;
            // The counts are tested from the decremented values in registers: reloading both
            // ints right after storing one made the compiler read them as one 64-bit word, which
            // the store cannot forward to (a stall of a dozen cycles per source).
            tensor_state& pc = state(parent_id);
            const int children = pc.n_children - 1;
            pc.n_children = children;
            if (children != 0 || pc.n_views != 0) continue;
            const tensor& parent = *pc.t;
            if (!parent.is_view()) {
                if (auto s = free_node(parent_id, parent); !s) return s;
                continue;
            }
            tensor_state& rc = state(parent.view_src);
            const int views = rc.n_views - 1;
            rc.n_views = views;
            if (views == 0 && rc.n_children == 0)
                if (auto s = free_node(parent.view_src, *rc.t); !s) return s;
        }
        return success();
    }

    status free_node(tensor_id id, const tensor& t) {
        tensor_allocator* alloc = allocator_for(id);
        return alloc ? alloc->free_tensor(id, t) : success();
    }

    void roll_back() {
        for (tensor_id id : m_placed) m_ctx[id].where.reset();
        for (const auto& [id, parent] : m_reused) m_ctx[id].view_src = tensor_id{};
        for (auto& [alloc, saved] : m_used) alloc->restore(std::move(saved));
    }

    context& m_ctx;
    const graph& m_graph;
    const std::vector<int>& m_seq;
    tensor_allocator* m_single;
    const allocator_resolver* m_resolver;
    alloc_observer* m_observer;

    std::vector<tensor_state> m_state; // by tensor index
    std::vector<tensor_id> m_placed;  // journal: tensors this pass gave a placement
    inplace_list m_reused;            // journal: nodes this pass made views of a parent, and the parent
    std::vector<std::pair<tensor_allocator*, tensor_allocator::snapshot>> m_used;
};

} // namespace

result<std::size_t> graph_allocator::alloc_graph(context& ctx, const graph& g, tensor_allocator& talloc) {
    m_inplace.clear();
    graph_pass pass(ctx, g, m_parse_seq, &talloc, nullptr, m_observer);
    if (auto s = pass.run(); !s) return s.err();
    m_inplace = pass.take_inplace();
    return talloc.max_size();
}

status graph_allocator::alloc_graph_n(context& ctx, const graph& g, const allocator_resolver& allocator_of) {
    m_inplace.clear();
    if (!allocator_of) return error{"graph allocator: no allocator resolver"};
    graph_pass pass(ctx, g, m_parse_seq, nullptr, &allocator_of, m_observer);
    if (auto s = pass.run(); !s) return s;
    m_inplace = pass.take_inplace();
    return success();
}

} // namespace planscope
