#include "graph_dsa.h"

#include <algorithm>

namespace planscope {
namespace {

constexpr std::uint64_t still_alive = UINT64_MAX;

// Reads a recording event by event; `step` is the position of the node being allocated.
class converter {
public:
    explicit converter(buffer_id compute) : m_compute(compute) {}

    status on(const alloc_event& e) {
        if (const auto* a = std::get_if<events::attach>(&e); a && a->buffer == m_compute) {
            m_out.problem.alignment = a->alignment;
        } else if (std::holds_alternative<events::node>(e)) {
            ++m_nodes;
        } else if (const auto* a = std::get_if<events::alloc>(&e); a && a->buffer == m_compute) {
            const auto index = static_cast<std::uint32_t>(m_out.owner.size());
            m_out.problem.buffers.push_back({index, step(), still_alive, a->size});
            m_out.owner.push_back(a->tensor);
            m_out.ggml.push_back(a->offset);
            m_held[a->offset] = index;
            m_out.members[a->tensor] = {index, 0};
        } else if (const auto* f = std::get_if<events::free>(&e); f && f->buffer == m_compute) {
            // ggml frees through whichever tensor held the memory last (a view made of an inplace
            // node frees that node), so the allocation is found by offset. A shorter free (the
            // seed frees an inplace node with its own size) leaks the rest in ggml; here the
            // whole allocation ends, as nothing uses the rest any more.
            const auto held = m_held.find(f->offset);
            if (held == m_held.end())
                return error{"the recording frees offset " + std::to_string(f->offset) + " of the compute buffer, where nothing was allocated"};
            m_out.problem.buffers[held->second].upper = step() + 1; // alive through the step that frees it
            m_held.erase(held);
        } else if (const auto* v = std::get_if<events::view>(&e)) {
            add_member(v->tensor, v->source, v->where);
        } else if (const auto* i = std::get_if<events::inplace>(&e)) {
            add_member(i->node, i->source, i->where);
        }
        return success();
    }

    graph_dsa finish() {
        m_out.steps = std::max<std::size_t>(m_nodes, 1);
        for (dsa_buffer& b : m_out.problem.buffers)
            if (b.upper == still_alive) b.upper = m_out.steps; // graph outputs: never freed
        return std::move(m_out);
    }

private:
    // Inputs allocated before the first node count as allocated at step 0.
    [[nodiscard]] std::uint64_t step() const { return m_nodes == 0 ? 0 : m_nodes - 1; }

    // A view's or inplace node's source is always a root tensor: an allocation or outside.
    void add_member(tensor_id t, tensor_id source, const placement& where) {
        if (where.buffer != m_compute) return;
        const auto owner = m_out.members.find(source);
        if (owner == m_out.members.end()) return;
        const std::uint32_t buffer = owner->second.buffer;
        m_out.members[t] = {buffer, where.offset - m_out.ggml[buffer]};
    }

    buffer_id m_compute;
    graph_dsa m_out;
    std::size_t m_nodes = 0;
    std::unordered_map<std::uint64_t, std::uint32_t> m_held; // allocations not freed yet, by offset
};

} // namespace

result<graph_dsa> graph_dsa_from_events(std::span<const alloc_event> events, buffer_id compute) {
    converter c(compute);
    for (const alloc_event& e : events)
        if (auto s = c.on(e); !s) return s.err();
    return c.finish();
}

result<graph_dsa> graph_dsa_of(const graph_document& doc, plan_options options) {
    graph_document copy = copy_document(doc);
    alloc_recorder recorder;
    options.observer = &recorder;
    const auto plan = plan_graph(copy, options);
    if (!plan) return plan.err();
    return graph_dsa_from_events(recorder.events(), plan->compute);
}

result<dsa_plan> plan_graph_dsa(const graph_dsa& g, planner_kind k, const planner_options& options) {
    if (k != planner_kind::ggml) return plan_dsa(g.problem, k, options);
    if (auto s = validate(g.problem, g.ggml); !s) return error{"ggml's plan does not fit its own lifetimes (a bug): " + s.err().message};
    return dsa_plan{k, g.ggml, peak(g.problem, g.ggml), {}};
}

std::unordered_map<tensor_id, std::uint64_t> member_offsets(const graph_dsa& g, const dsa_offsets& offsets) {
    std::unordered_map<tensor_id, std::uint64_t> out;
    for (const auto& [t, m] : g.members) out[t] = offsets[m.buffer] + m.offset;
    return out;
}

void apply_offsets(graph_document& doc, plan_result& plan, const graph_dsa& g, const dsa_offsets& offsets) {
    for (const auto& [t, offset] : member_offsets(g, offsets)) doc.ctx[t].where->offset = offset;
    plan.max_size = peak(g.problem, offsets);
    doc.buffers[plan.compute.index()].size = plan.max_size;
}

std::vector<tensor_move> diff_offsets(const graph_dsa& g, const dsa_offsets& a, const dsa_offsets& b) {
    std::vector<tensor_move> out;
    for (const auto& [t, m] : g.members)
        if (a[m.buffer] != b[m.buffer]) out.push_back({t, a[m.buffer] + m.offset, b[m.buffer] + m.offset});
    std::sort(out.begin(), out.end(), [](const tensor_move& x, const tensor_move& y) { return x.tensor < y.tensor; });
    return out;
}

} // namespace planscope
