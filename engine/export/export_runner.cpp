#include "export_runner.h"

#include "alloc_trace.h"
#include "chrome_trace.h"
#include "graphviz_render.h"
#include "io/graph_json.h"
#include "plan_export.h"
#include "sched_plan_export.h"
#include "schedule_from_sched.h"
#include "split_diagram.h"

#include <algorithm>
#include <array>

namespace planscope {
namespace {

constexpr std::array<export_kind_info, 5> kinds{{
    {"splits", export_kind::splits, "dot|svg|png|pdf"},
    {"graph", export_kind::graph, "json"},
    {"plan", export_kind::plan, "json|csv"},
    {"trace", export_kind::trace, "json"},
    {"alloc-trace", export_kind::alloc_trace, "csv"},
}};

} // namespace

std::span<const export_kind_info> export_kinds() { return kinds; }

const export_kind_info& info(export_kind kind) {
    return *std::find_if(kinds.begin(), kinds.end(), [&](const export_kind_info& k) { return k.kind == kind; });
}

bool has_format(const export_kind_info& w, std::string_view f) {
    for (std::size_t start = 0; start <= w.formats.size();) {
        const std::size_t bar = std::min(w.formats.find('|', start), w.formats.size());
        if (w.formats.substr(start, bar - start) == f) return true;
        start = bar + 1;
    }
    return false;
}

opened_source copy_source(const graph_document& doc, const std::vector<tensor_id>& preallocate) {
    opened_source out;
    out.doc = copy_document(doc);
    out.preallocate = preallocate;
    return out;
}

namespace {

std::string plan_bytes(const plan_export& e, const std::string& format) {
    return format == "json" ? plan_export_json(e) : plan_export_csv(e);
}

result<std::string> diagram_bytes(const graph_document& planned, const schedule_view& scheduled, const export_request& r) {
    const auto f = r.format == "dot" ? std::nullopt : parse_render_format(r.format);
    if (r.format != "dot" && !f) return error{"unknown format '" + r.format + "'"};
    split_diagram_options o;
    o.fold = r.fold;
    constexpr double png_dpi = 96; // Graphviz's PNG resolution
    if (f == render_format::png && r.max_pixels > 0) o.max_inches = static_cast<double>(r.max_pixels) / png_dpi;
    std::string dot = split_diagram_dot(planned, scheduled, o);
    if (!f) return dot;
    return render_dot(dot, *f);
}

} // namespace

result<std::string> produce_scheduled_export(const graph_document& source, const sched_outcome& scheduled,
                                             const export_request& r, ggml_version version) {
    if (r.kind == export_kind::plan) return plan_bytes(make_sched_plan_export(scheduled, version), r.format);
    if (r.kind != export_kind::splits) return error{"a scheduled document exports its plan or its splits"};
    // The source's graph (its own sources, not the copies the scheduler rewired them to) with the
    // scheduler's placements: each tensor in its backend's compute buffer.
    graph_document placed = copy_document(source);
    placed.buffers = scheduled.doc.buffers;
    for (std::size_t i = 0; i < placed.ctx.size() && i < scheduled.doc.ctx.size(); ++i)
        placed.ctx[tensor_id{i}].where = scheduled.doc.ctx[tensor_id{i}].where;
    return diagram_bytes(placed, schedule_from_sched(scheduled.plan, source.g), r);
}

result<std::string> produce_export(opened_source in, const export_request& r,
                                   const std::function<result<opened_source>()>& open) {
    if (r.kind == export_kind::graph) return save_graph_json(in.doc); // compute_inputs included
    if (r.kind == export_kind::trace) {
        auto s = run_for_trace(open, r.schedule.value_or(export_schedule_options{}));
        if (!s) return s.err();
        return chrome_trace_json(in.doc, *s);
    }
    if (r.schedule && r.kind != export_kind::alloc_trace) {
        // The scheduler's own plan: each backend's compute buffer, as plan --backends lists it.
        if (r.plan.planner != planner_kind::ggml)
            return error{"another planner lays out one compute buffer: export without --backends"};
        auto s = schedule_for_export(in, *r.schedule);
        if (!s) return s.err();
        return produce_scheduled_export(in.doc, *s, r, r.schedule->version);
    }
    export_plan_options po = r.plan;
    po.preallocate = in.preallocate;
    auto p = plan_for_export(std::move(in.doc), po);
    if (!p) return p.err();
    if (r.kind == export_kind::alloc_trace) return alloc_trace_csv(*p);
    const schedule_view one = single_split(p->doc, p->doc.buffers[p->plan.compute.index()].backend);
    if (r.kind == export_kind::plan) return plan_bytes(make_plan_export(*p, &one), r.format);
    return diagram_bytes(p->doc, one, r);
}

} // namespace planscope
