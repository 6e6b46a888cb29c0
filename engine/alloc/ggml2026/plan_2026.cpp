#include "plan_2026.h"

#include "alloc/ggml2026/graph_planner.h"

#include <algorithm>
#include <string>

namespace planscope::ggml2026 {
void flag_inputs(context& ctx, const graph& g, std::span<const tensor_id> inputs) {
    for (const tensor_id t : inputs)
        if (std::find(g.leafs.begin(), g.leafs.end(), t) != g.leafs.end()) ctx[t].flags = ctx[t].flags | tensor_flag::input;
}

void place_views(context& ctx, const graph& g, alloc_observer* observer) {
    const auto place = [&](tensor_id id) {
        tensor& t = ctx[id];
        if (!t.is_view() || t.where) return;
        const auto& src = ctx[t.view_src].where;
        if (!src) return;
        t.where = placement{src->buffer, src->offset + t.view_offs};
        if (observer) observer->on_event(events::view{id, t.view_src, *t.where, false});
    };
    for (const tensor_id n : g.nodes) {
        for (const tensor_id s : ctx[n].src)
            if (s.valid()) place(s);
        place(n);
    }
}

result<plan_result> plan_graph(graph_document& doc, const plan_options& options) {
    plan_result out;
    out.version = ggml_version::v2026;
    const std::size_t first = doc.buffers.size();
    out.compute = buffer_id{first};
    const buffer_type_info cpu{options.alignment, options.max_buffer_size, -1, {}};
    const reserve_events trace{options.observer, [first](std::size_t, int chunk) { return buffer_id{first + static_cast<std::size_t>(chunk)}; }};
    graph_document flagged = copy_document(doc);
    flag_inputs(flagged.ctx, flagged.g, options.preallocate);
    auto plan = reserve(flagged.ctx, flagged.g, std::span(&cpu, 1), {}, {}, trace);
    if (!plan) return plan.err();

    for (const tensor_id t : options.preallocate) doc.ctx[t].flags = flagged.ctx[t].flags;
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (const auto& at = plan->where[i])
            doc.ctx[tensor_id{i}].where = placement{buffer_id{first + static_cast<std::size_t>(at->addr.chunk)}, at->addr.offset};
    place_views(doc.ctx, doc.g, options.observer);
    for (const auto& [node, parent] : plan->inplace) out.inplace_of.emplace(node, parent);

    const std::vector<std::size_t>& chunks = plan->chunk_sizes.at(0);
    out.max_size = chunks.empty() ? 0 : chunks.front();
    if (!chunks.empty()) out.free_after = free_list_within(plan->free_lists.at(0).front(), out.max_size);
    for (std::size_t c = 0; c < std::max<std::size_t>(chunks.size(), 1); ++c) {
        const std::size_t size = c < chunks.size() ? chunks[c] : 0;
        std::string name(compute_buffer_name);
        if (c > 0) {
            name += "#" + std::to_string(c);
            out.more_chunks.push_back(buffer_id{first + c});
        }
        doc.buffers.push_back({std::move(name), "CPU", size, options.alignment});
        if (!options.observer) continue;
        // A chunk is attached when it opens; a plan that allocates nothing still has its buffer.
        if (chunks.empty())
            options.observer->on_event(events::attach{out.compute, options.alignment, true,
                                                      {free_block{0, std::min(options.max_buffer_size, unbounded)}}, 0});
        options.observer->on_event(events::measure{buffer_id{first + c}, size, true});
    }
    return out;
}

} // namespace planscope::ggml2026
