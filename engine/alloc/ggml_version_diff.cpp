#include "ggml_version_diff.h"

#include "alloc/ggml2026/graph_planner.h"
#include "alloc/ggml2026/plan_2026.h"
#include "alloc/memory_owner.h"
#include "alloc/plan.h"

#include <algorithm>

namespace planscope {
namespace {

struct both_plans {
    std::vector<version_placement> v2023, v2026; // by tensor index
};

std::vector<version_placement> placements_2023(const graph_document& doc, const graph_document& planned,
                                               const plan_result& plan, const std::vector<alloc_event>& events) {
    std::vector<version_placement> out(doc.ctx.size());
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor& before = doc.ctx[tensor_id{i}];
        const auto& where = planned.ctx[tensor_id{i}].where;
        // An in-place node became a view of its parent in 2023; a view of the graph takes no memory.
        if (!before.where && !before.is_view() && where && where->buffer == plan.compute) out[i].offset = where->offset;
    }
    for (const auto& [node, parent] : plan.inplace_of) out[node.index()].inplace_of = parent;
    std::vector<bool> freed(doc.ctx.size());
    for (const alloc_event& e : events)
        if (const auto* f = std::get_if<events::free>(&e)) freed[f->tensor.index()] = true;
    // An in-place node is a view of its parent in 2023: its memory is freed with the view's root.
    const auto root = chain_ends(doc.ctx.size(), [&](tensor_id t) { return planned.ctx[t].view_src; });
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) out[i].freed = freed[root[i].index()];
    return out;
}

std::vector<version_placement> placements_2026(const graph_document& doc, const ggml2026::graph_plan_2026& plan) {
    std::vector<version_placement> out(doc.ctx.size());
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (plan.where[i]) out[i].offset = plan.where[i]->addr.offset;
    std::vector<tensor_id> taken_by(doc.ctx.size());
    for (const auto& [node, parent] : plan.inplace) {
        out[node.index()].inplace_of = parent;
        taken_by[parent.index()] = node;
    }
    std::vector<bool> freed(doc.ctx.size());
    for (const tensor_id t : plan.freed) freed[t.index()] = true;
    // A parent taken over in place is not freed in 2026; the last node of its chain is.
    const auto last = chain_ends(doc.ctx.size(), [&](tensor_id t) { return taken_by[t.index()]; });
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) out[i].freed = freed[last[i].index()];
    return out;
}

bool is_output(const context& ctx, tensor_id t) { return has_flag(ctx[t].flags, tensor_flag::output); }

// The rule that explains tensor t's difference, or `moved` when none of its own does.
version_rule explain(const graph_document& doc, const std::vector<int>& consumers, const std::vector<bool>& is_leaf,
                     tensor_id t, const version_placement& a, const version_placement& b) {
    const context& ctx = doc.ctx;
    const tensor& x = ctx[t];
    if (a.inplace_of != b.inplace_of) {
        if (a.inplace_of && !b.inplace_of) {
            const tensor& p = ctx[*a.inplace_of];
            if (p.is_view()) return version_rule::inplace_view_parent_refused;
            if (is_output(ctx, *a.inplace_of) || (p.is_view() && is_output(ctx, p.view_src)))
                return version_rule::inplace_refused_output;
        }
        if (b.inplace_of && !a.inplace_of && !a.offset) return version_rule::own_by_pass;
    }
    if (!a.offset && b.offset && consumers[t.index()] == 0) return version_rule::leaf_unused_kept;
    if (has_flag(x.flags, tensor_flag::input) && a.offset != b.offset) return version_rule::input_first;
    if (is_leaf[t.index()] && a.offset != b.offset)
        return version_rule::leaf_allocated;
    if (is_output(ctx, t) && a.freed && !b.freed) return version_rule::output_kept;
    return version_rule::moved;
}

bool differs(const context& ctx, tensor_id t, const version_placement& a, const version_placement& b) {
    return a.offset != b.offset || a.inplace_of != b.inplace_of || (is_output(ctx, t) && a.freed != b.freed);
}

} // namespace

std::string_view rule_name(version_rule r) {
    switch (r) {
    case version_rule::leaf_allocated: return "leaf-allocated";
    case version_rule::leaf_unused_kept: return "leaf-unused-kept";
    case version_rule::input_first: return "input-first";
    case version_rule::output_kept: return "output-kept";
    case version_rule::inplace_view_parent_refused: return "inplace-view-parent-refused";
    case version_rule::inplace_refused_output: return "inplace-refused-output";
    case version_rule::own_by_pass: return "own-by-pass";
    case version_rule::parse_seq_removed: return "parse-seq-removed";
    case version_rule::moved: return "moved";
    }
    return "?";
}

std::size_t ggml_version_diff::size_2026() const {
    std::size_t total = 0;
    for (const std::size_t c : chunks_2026) total += c;
    return total;
}

std::size_t ggml_version_diff::count(version_rule r) const {
    return static_cast<std::size_t>(std::count_if(differences.begin(), differences.end(),
                                                  [r](const tensor_version_diff& d) { return d.rule == r; }));
}

result<ggml_version_diff> diff_ggml_versions(const graph_document& doc, std::span<const tensor_id> preallocate,
                                             std::size_t alignment) {
    graph_document planned = copy_document(doc);
    alloc_recorder recorder;
    plan_options options;
    options.alignment = alignment;
    options.preallocate.assign(preallocate.begin(), preallocate.end());
    options.observer = &recorder;
    auto plan23 = plan_graph(planned, options);
    if (!plan23) return error{"ggml 2023: " + plan23.err().message};

    // As plan_graph of 2026 does: llama.cpp flags today the leafs it placed first in 2023.
    graph_document flagged = copy_document(doc);
    ggml2026::flag_inputs(flagged.ctx, flagged.g, preallocate);
    const ggml2026::buffer_type_info cpu{alignment, SIZE_MAX, -1, {}};
    auto plan26 = ggml2026::reserve(flagged.ctx, flagged.g, std::span(&cpu, 1));
    if (!plan26) return error{"ggml 2026: " + plan26.err().message};

    const auto a = placements_2023(doc, planned, *plan23, recorder.events());
    const auto b = placements_2026(doc, *plan26);
    std::vector<int> consumers(doc.ctx.size());
    for (const tensor_id n : doc.g.nodes)
        for (const tensor_id s : doc.ctx[n].src)
            if (s.valid()) consumers[s.index()] += 1;
    std::vector<bool> is_leaf(doc.ctx.size());
    for (const tensor_id l : doc.g.leafs) is_leaf[l.index()] = true;

    ggml_version_diff out;
    out.size_2023 = plan23->max_size;
    out.chunks_2026 = plan26->chunk_sizes.at(0);
    out.parse_seq_ignored = !doc.parse_seq.empty();
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        out.placed_2023 += a[i].offset.has_value();
        out.placed_2026 += b[i].offset.has_value();
    }
    // 2026's placement order first, so that a `moved` tensor can name the first ruled difference
    // before it; then what only 2023 placed, in tensor order.
    std::vector<tensor_id> order = plan26->order;
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (a[i].offset && !b[i].offset) order.push_back(tensor_id{i});
    tensor_id first_ruled;
    for (const tensor_id t : order) {
        const auto i = t.index();
        if (!differs(doc.ctx, t, a[i], b[i])) continue;
        tensor_version_diff d{t, nbytes(doc.ctx[t]), a[i], b[i], explain(doc, consumers, is_leaf, t, a[i], b[i]), {}};
        // With no ruled difference before it, a document's parse_seq is what set them apart.
        if (d.rule == version_rule::moved && !first_ruled.valid() && out.parse_seq_ignored)
            d.rule = version_rule::parse_seq_removed;
        if (d.rule == version_rule::moved) d.because = first_ruled;
        else if (!first_ruled.valid()) first_ruled = t;
        out.differences.push_back(d);
    }
    return out;
}

} // namespace planscope
