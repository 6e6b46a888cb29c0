#include "alloc_graph.h"

#include "alloc/ggml2026/plan_2026.h"
#include "core/printable.h"

namespace planscope::ggml2026 {
namespace {

std::size_t reserved_alloc_size(const buffer_type_info& type, const tensor& t) {
    return type.alloc_size ? type.alloc_size(t) : nbytes(t);
}

// What the reserve recorded for a tensor: nothing for a view or a tensor placed before it (ggml:
// view_src or data), else the plan's address and the tensor's size then.
tensor_alloc recorded(const context& ctx, tensor_id id, const graph_plan_2026& plan,
                      std::span<const buffer_type_info> types) {
    const tensor& t = ctx[id];
    if (t.is_view() || t.where) return {};
    const auto& at = plan.where.at(id.index());
    if (!at || at->buffer < 0 || static_cast<std::size_t>(at->buffer) >= types.size()) return {};
    return {at->buffer, at->addr, reserved_alloc_size(types[static_cast<std::size_t>(at->buffer)], t)};
}

// ggml_gallocr_node_needs_realloc, which answers whether the tensor is valid: it needs no memory
// (a view, placed), or as much as reserved at most.
std::optional<std::size_t> invalid_size(const tensor& t, const tensor_alloc& a, std::span<const buffer_type_info> types) {
    if (t.is_view() || t.where) return std::nullopt;
    if (a.buffer < 0) return std::size_t{0}; // memory now, none reserved
    const std::size_t size = reserved_alloc_size(types[static_cast<std::size_t>(a.buffer)], t);
    return size > a.size_max ? std::optional<std::size_t>(size) : std::nullopt;
}

std::string sizes_text(const tensor& t, const tensor_alloc& a, std::size_t reserved_size) {
    if (a.buffer < 0) return " (" + std::to_string(nbytes(t)) + " bytes, none reserved)";
    return " (" + std::to_string(reserved_size) + " bytes, " + std::to_string(a.size_max) + " reserved)";
}

} // namespace

reservation reservation_of(const context& ctx, const graph& g, const graph_plan_2026& plan,
                           std::span<const buffer_type_info> types) {
    reservation r;
    r.n_buffers = types.size();
    r.nodes.reserve(g.nodes.size());
    for (const tensor_id n : g.nodes) {
        std::array<tensor_alloc, max_src + 1> a{};
        a[0] = recorded(ctx, n, plan, types);
        for (int j = 0; j < max_src; ++j)
            if (const tensor_id s = ctx[n].src[static_cast<std::size_t>(j)]; s.valid())
                a[static_cast<std::size_t>(j) + 1] = recorded(ctx, s, plan, types);
        r.nodes.push_back(a);
    }
    for (const tensor_id l : g.leafs) r.leafs.push_back(recorded(ctx, l, plan, types));
    return r;
}

std::optional<std::string> needs_realloc(const reservation& r, const context& ctx, const graph& g,
                                         std::span<const buffer_type_info> types) {
    if (g.nodes.size() != r.nodes.size())
        return "graph has different number of nodes (" + std::to_string(g.nodes.size()) + ", " +
               std::to_string(r.nodes.size()) + " reserved)";
    if (g.leafs.size() != r.leafs.size())
        return "graph has different number of leafs (" + std::to_string(g.leafs.size()) + ", " +
               std::to_string(r.leafs.size()) + " reserved)";
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const tensor& node = ctx[g.nodes[i]];
        const auto& a = r.nodes[i];
        if (const auto size = invalid_size(node, a[0], types))
            return "node '" + printable(node.name) + "' is not valid" + sizes_text(node, a[0], *size);
        for (int j = 0; j < max_src; ++j) {
            const tensor_id s = node.src[static_cast<std::size_t>(j)];
            if (!s.valid()) continue;
            const tensor& src = ctx[s];
            const tensor_alloc& sa = a[static_cast<std::size_t>(j) + 1];
            if (const auto size = invalid_size(src, sa, types))
                return "src " + std::to_string(j) + " ('" + printable(src.name) + "') of node '" + printable(node.name) +
                       "' is not valid" + sizes_text(src, sa, *size);
        }
    }
    return std::nullopt;
}

namespace {

struct reserved_graph {
    graph_document doc;
    graph_plan_2026 plan;
};

// plan_graph's reserve: the inputs flagged, one CPU buffer type.
result<reserved_graph> reserve_flagged(const graph_document& doc, const std::vector<tensor_id>& inputs,
                                       const buffer_type_info& type) {
    reserved_graph out{copy_document(doc), {}};
    flag_inputs(out.doc.ctx, out.doc.g, inputs);
    auto plan = reserve(out.doc.ctx, out.doc.g, std::span(&type, 1));
    if (!plan) return plan.err();
    out.plan = std::move(*plan);
    return out;
}

std::size_t total_of(const std::vector<std::size_t>& chunks) {
    std::size_t sum = 0;
    for (const std::size_t c : chunks) sum += c;
    return sum;
}

} // namespace

result<alloc_graph_outcome> alloc_after_reserve(const graph_document& reserved, const graph_document& doc,
                                                const std::vector<tensor_id>& doc_inputs, const plan_options& options) {
    const buffer_type_info cpu{options.alignment, options.max_buffer_size, -1, {}};
    const std::span types(&cpu, 1);
    auto first = reserve_flagged(reserved, options.preallocate, cpu);
    if (!first) return error{"reserving: " + first.err().message};
    auto own = reserve_flagged(doc, doc_inputs, cpu);
    if (!own) return own.err();
    alloc_graph_outcome out;
    const std::vector<std::size_t>& old_chunks = first->plan.chunk_sizes.at(0);
    const std::vector<std::size_t>& new_chunks = own->plan.chunk_sizes.at(0);
    out.reserved = total_of(old_chunks);
    out.own = total_of(new_chunks);
    out.realloc = needs_realloc(reservation_of(first->doc.ctx, first->doc.g, first->plan, types), own->doc.ctx,
                                own->doc.g, types);
    out.allocated = out.reserved;
    if (out.realloc) {
        // ggml_gallocr_reserve_n_impl: a new buffer when any chunk grows, of the new sizes.
        bool grows = false;
        for (std::size_t c = 0; c < new_chunks.size(); ++c) grows = grows || c >= old_chunks.size() || new_chunks[c] > old_chunks[c];
        if (grows) out.allocated = out.own;
    }
    return out;
}

} // namespace planscope::ggml2026
