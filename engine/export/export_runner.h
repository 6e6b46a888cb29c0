#pragma once
// One export from an opened source to the bytes of its file: what `planscope-cli export` and the
// GUI's File > Export both run, so the two write identical files (docs/exports.md).
#include "export_schedule.h"
#include "split_diagram.h"
#include "planned_graph.h"

#include "sched/opened_source.h"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace planscope {

enum class export_kind : std::uint8_t { splits, graph, plan, trace, alloc_trace };

// A split diagram PNG's longest side by default: a 32-layer graph's stays a picture to look at.
inline constexpr std::size_t default_max_pixels = 4000;

struct export_kind_info {
    std::string_view name; // --what
    export_kind kind;
    std::string_view formats; // '|'-separated; the first is the default
};

std::span<const export_kind_info> export_kinds();
const export_kind_info& info(export_kind kind);
bool has_format(const export_kind_info& w, std::string_view format);

struct export_request {
    export_kind kind = export_kind::plan;
    std::string format = "json";
    diagram_fold fold = diagram_fold::automatic; // splits
    // splits as PNG: the picture's longest side in pixels at most (Graphviz's 96 dpi); 0: unbounded
    std::size_t max_pixels = default_max_pixels;
    // Schedule on these backends: the plan and the splits are the scheduler's (a compute buffer per
    // backend, planner ggml only); none: one split on one compute buffer.
    std::optional<export_schedule_options> schedule;
    export_plan_options plan;                  // plan.preallocate comes from the source
};

// The file's bytes. `open` builds the source afresh (the execution trace's scheduler runs need
// their own copies); `in` is its first result. Errors are the planner's, scheduler's or Graphviz's.
result<std::string> produce_export(opened_source in, const export_request& request,
                                   const std::function<result<opened_source>()>& open);

// The plan (JSON/CSV) or the split diagram of a document already scheduled: `source` the graph
// as opened (its tensor ids are the outcome's), `scheduled` its scheduler's plan on real backends
// (schedule_for_export) or on device profiles (llm_context/llm_device_plan.h): one compute buffer
// per backend, the copies, each tensor where the scheduler's allocator put it; `version` the era
// that scheduled it. request.kind is plan or splits (an error otherwise); request.plan is unused.
result<std::string> produce_scheduled_export(const graph_document& source, const sched_outcome& scheduled,
                                             const export_request& request, ggml_version version);

// A document in memory as an opened source (graph_document is move-only), for `open` callbacks.
opened_source copy_source(const graph_document& doc, const std::vector<tensor_id>& preallocate);

} // namespace planscope
