#include "alloc_events.h"

#include "core/overloaded.h"

namespace planscope {
namespace {

std::string tname(const context& ctx, tensor_id id) {
    if (!ctx.contains(id)) return "?";
    return "'" + ctx[id].name + "'";
}

std::string buf(buffer_id b) { return "buffer " + std::to_string(b.value); }

std::string at(const placement& p) { return buf(p.buffer) + " +" + std::to_string(p.offset); }

std::string range(const free_block& b) {
    std::string s(1, '['); // not "[" + ...: GCC 12 warns falsely (-Wrestrict) about that
    s += std::to_string(b.offset) + ", " + std::to_string(b.end()) + ")";
    return s;
}

} // namespace

// Out of line: inlined into every emitter, GCC 12 warns falsely about the variant's copy.
void alloc_recorder::on_event(const alloc_event& e) { m_events.push_back(e); }

std::string_view name(merge_kind m) {
    switch (m) {
    case merge_kind::new_block: return "new block";
    case merge_kind::previous: return "merged with previous";
    case merge_kind::next: return "merged with next";
    case merge_kind::both: return "merged with both";
    }
    return "?";
}

std::string_view name(refusal r) {
    switch (r) {
    case refusal::external: return "external";
    case refusal::other_children: return "other children";
    case refusal::has_views: return "has views";
    case refusal::layout_differs: return "layout differs";
    case refusal::view_source_shared: return "view source shared";
    case refusal::view_offset_nonzero: return "view offset not 0";
    case refusal::output: return "output";
    case refusal::view_not_own: return "view not own";
    }
    return "?";
}

std::string_view name(failure_kind f) {
    switch (f) {
    case failure_kind::out_of_space: return "out of space";
    case failure_kind::too_many_free_blocks: return "too many free blocks";
    case failure_kind::invalid_graph: return "invalid graph";
    }
    return "?";
}

std::string_view kind_name(const alloc_event& e) {
    static constexpr std::string_view names[] = {"attach", "alloc", "free", "failure", "reset", "node",
                                                  "barrier", "view", "inplace", "refused", "measure"};
    static_assert(std::size(names) == std::variant_size_v<alloc_event>);
    return names[e.index()];
}

std::string describe(const alloc_event& e, const context& ctx) {
    return std::visit(
        overloaded{
            [&](const events::attach& a) {
                return buf(a.buffer) + (a.is_measure ? " (measure)" : "") + ": alignment " +
                       std::to_string(a.alignment) + ", " + std::to_string(a.blocks.size()) + " free blocks";
            },
            [&](const events::alloc& a) {
                return "alloc " + tname(ctx, a.tensor) + " " + std::to_string(a.size) + " bytes at " +
                       at({a.buffer, a.offset}) + " from block " + std::to_string(a.block) + " of " +
                       std::to_string(a.candidates.size()) + (a.last_block ? " (last block)" : "");
            },
            [&](const events::free& f) {
                return "free " + tname(ctx, f.tensor) + " " + std::to_string(f.size) + " bytes at " +
                       at({f.buffer, f.offset}) + ": " + std::string(name(f.merge)) + " -> " + range(f.result);
            },
            [&](const events::failure& f) { return "failed (" + std::string(name(f.kind)) + "): " + f.message; },
            [&](const events::reset& r) { return "reset " + buf(r.buffer) + " -> " + range(r.initial); },
            [&](const events::node& n) {
                return "node " + std::to_string(n.index) + " " + tname(ctx, n.tensor) + " (" +
                       std::string(info(ctx.contains(n.tensor) ? ctx[n.tensor].op : op_kind::none).name) + ")";
            },
            [&](const events::barrier& b) { return "barrier at parse_seq[" + std::to_string(b.position) + "]"; },
            [&](const events::view& v) {
                return "view " + tname(ctx, v.tensor) + " of " + tname(ctx, v.source) + " at " + at(v.where) +
                       (v.up_front ? " (pre-allocated source)" : "");
            },
            [&](const events::inplace& i) {
                return "inplace " + tname(ctx, i.node) + " reuses " + tname(ctx, i.parent) + " at " + at(i.where);
            },
            [&](const events::refused& r) {
                return "not reusing " + tname(ctx, r.parent) + " for " + tname(ctx, r.node) + ": " +
                       std::string(name(r.reason));
            },
            [&](const events::measure& m) {
                return "max_size of " + buf(m.buffer) + ": " + std::to_string(m.max_size) + " bytes";
            },
        },
        e);
}

} // namespace planscope
