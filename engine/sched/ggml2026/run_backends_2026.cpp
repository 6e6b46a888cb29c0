// ggml 2026's ggml_backend_sched_graph_compute over real buffers: plan (split + reserve), back
// every buffer (the plan placed the views), fill the inputs, then compute_splits (ggml-backend.cpp:1600-1790).
#include "run_backends_2026.h"

#include "backend/tensor_copy.h"
#include "core/printable.h"

#include <chrono>
#include <unordered_set>

namespace planscope::ggml2026 {
namespace {

std::uint64_t run2026_now_us() {
    return static_cast<std::uint64_t>(
        std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now().time_since_epoch())
            .count());
}

// What planscope::run_with_backends fills, decided before the plan places anything: the leafs
// placed already or pre-allocated (in leaf order), then the source's pre-allocated list. A
// pre-allocated tensor that is not a leaf (llama's inp_embd, a node computed over) keeps its
// salt but is not filled: the 2026 plan does not set it apart, so its bytes may be an input's.
struct run2026_fill_order {
    std::vector<tensor_id> leafs;
    std::vector<std::pair<tensor_id, bool>> preallocated; // (tensor, whether to fill it)
    // Leafs the 2023 runner leaves alone because nothing places them (a DOT dump's), which the
    // 2026 plan allocates: filled last, so the others keep the 2023 runner's salts.
    std::vector<tensor_id> unplaced;
};

run2026_fill_order run2026_fills(const opened_source& src) {
    const std::vector<tensor_id> pre = sched_preallocated(src);
    const std::unordered_set<tensor_id> pre_set(pre.begin(), pre.end());
    const std::unordered_set<tensor_id> leafs(src.doc.g.leafs.begin(), src.doc.g.leafs.end());
    run2026_fill_order out;
    for (tensor_id id : src.doc.g.leafs)
        (src.doc.ctx[id].where || pre_set.contains(id) ? out.leafs : out.unplaced).push_back(id);
    for (tensor_id id : src.preallocate) out.preallocated.emplace_back(id, leafs.contains(id));
    return out;
}

status run2026_fill(const buffer_table& table, const context& ctx, const run2026_fill_order& order) {
    std::size_t salt = 0;
    for (tensor_id id : order.leafs)
        if (auto st = fill_sched_pattern(table, ctx[id], salt += 17); !st) return st;
    for (const auto& [id, fill] : order.preallocated) {
        salt += 17;
        if (fill)
            if (auto st = fill_sched_pattern(table, ctx[id], salt); !st) return st;
    }
    for (tensor_id id : order.unplaced)
        if (auto st = fill_sched_pattern(table, ctx[id], salt += 17); !st) return st;
    return success();
}

// compute_splits: per split, its inputs copied onto its backend, then its nodes computed there.
status run2026_compute_splits(context& ctx, const graph& g, const sched_plan& plan, std::span<backend* const> backends,
                              const buffer_table& table, sched_observer* observer,
                              std::vector<sched_split_timing>& timings) {
    for (std::size_t i = 0; i < plan.splits.size(); ++i) {
        const sched_split& split = plan.splits[i];
        if (split.i_start == split.i_end && split.inputs.empty()) continue; // nothing to run
        if (split.backend < 0 || static_cast<std::size_t>(split.backend) >= backends.size())
            return error{"split " + std::to_string(i) + " has no backend"};
        backend& target = *backends[static_cast<std::size_t>(split.backend)];
        sched_split_timing timing{i, split.backend, 0, 0, 0};

        const std::uint64_t copy_start = run2026_now_us();
        for (const sched_input& in : split.inputs) {
            const tensor& input = ctx[in.tensor];
            if (!input.where)
                return error{"input '" + printable(input.name) + "' of split " + std::to_string(i) + " is not placed"};
            const std::uint64_t t0 = run2026_now_us();
            if (auto s = tensor_copy(table, input, ctx[in.copy]); !s)
                return error{"copying '" + printable(input.name) + "' to '" + printable(ctx[in.copy].name) +
                             "': " + s.err().message};
            const std::uint64_t us = run2026_now_us() - t0;
            timing.bytes_copied += in.bytes;
            timing.input_us.push_back(us);
            if (observer)
                observer->on_event(sched_events::input_copy{i, in.tensor, in.copy, plan.backend(in.tensor), split.backend,
                                                            in.bytes, us});
        }
        timing.copy_us = run2026_now_us() - copy_start;

        // ggml_graph_view(graph, i_start, i_end): the split's nodes of the original graph, whose
        // sources split_graph rewrote to the copies.
        graph part;
        part.nodes.assign(g.nodes.begin() + static_cast<std::ptrdiff_t>(split.i_start),
                          g.nodes.begin() + static_cast<std::ptrdiff_t>(split.i_end));
        if (observer) observer->on_event(sched_events::compute_begin{i, split.backend});
        const std::uint64_t compute_start = run2026_now_us();
        if (auto s = target.graph_compute({ctx, part, table}); !s)
            return error{"split " + std::to_string(i) + " on " + plan.backend_names[static_cast<std::size_t>(split.backend)] +
                         ": " + s.err().message};
        if (auto s = target.synchronize(); !s) return s;
        timing.compute_us = run2026_now_us() - compute_start;
        timings.push_back(timing);
        if (observer) observer->on_event(sched_events::compute_end{i, split.backend, timing});
    }
    return success();
}

} // namespace

result<sched_outcome> run_with_backends(const std::function<result<opened_source>()>& open,
                                        std::span<backend* const> backends, sched_observer* observer,
                                        const sched_plan_options& options) {
    auto src = open();
    if (!src) return src.err();
    // Weights and the source's other buffers first, as the 2023 runner backs them.
    buffer_table table;
    if (auto st = back_document_buffers(src->doc, backends, table); !st) return st.err();
    const std::size_t source_buffers = src->doc.buffers.size();
    const run2026_fill_order fills = run2026_fills(*src);

    sched_plan_options plan_options = options;
    if (observer) plan_options.sched = observer;
    auto planned = plan_with_backends(std::move(*src), backends, plan_options);
    if (!planned) return planned.err();
    sched_outcome out = std::move(*planned);
    // The compute chunks the plan appended, each a real buffer of its backend.
    if (auto st = back_document_buffers(out.doc, backends, table, source_buffers); !st) return st.err();
    for (sched_buffer_info& b : out.buffers)
        if (const backend_buffer* buf = b.id.valid() ? table.find(b.id) : nullptr) {
            b.allocated = buf->size();
            b.measure = false;
        }
    context& ctx = out.doc.ctx;
    if (auto st = run2026_fill(table, ctx, fills); !st) return st.err();

    if (auto st = run2026_compute_splits(ctx, out.doc.g, out.plan, backends, table, observer, out.timings); !st)
        return st.err();
    out.totals = split_totals(out.timings, backends.size());
    auto outputs = read_sched_outputs(ctx, out.doc.g, table);
    if (!outputs) return outputs.err();
    out.outputs = std::move(*outputs);
    return out;
}

} // namespace planscope::ggml2026
