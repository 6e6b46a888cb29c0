#include "planned_graph.h"

#include "era/era.h"

namespace planscope {

result<planned_graph> plan_for_export(graph_document doc, const export_plan_options& options) {
    alloc_recorder recorder;
    plan_options po;
    po.alignment = options.alignment;
    po.preallocate = options.preallocate;
    po.max_buffer_size = options.max_buffer_size;
    po.observer = &recorder;
    auto plan = era_for(options.version).plan(doc, po);
    if (!plan) return plan.err();
    auto dsa = graph_dsa_from_events(recorder.events(), plan->compute);
    if (!dsa) return dsa.err();
    auto chosen = plan_graph_dsa(*dsa, options.planner, options.planning);
    if (!chosen) return chosen.err();
    if (options.planner != planner_kind::ggml) apply_offsets(doc, *plan, *dsa, chosen->offsets);
    return planned_graph{std::move(doc), std::move(*plan), std::move(*dsa), std::move(*chosen)};
}

} // namespace planscope
