#include "llm_device_plan.h"

#include "llm_device_sched.h"
#include "sched/ggml2026/plan_backends_2026.h"

namespace planscope {

result<llm_device_plan_result> llm_device_plan(const gguf_file& file, const llm_context_params& params,
                                               const llm_placement& placement, bool op_offload,
                                               const llm_device_plan_observers& observers) {
    // The reserve resolves flash attention "auto" on the devices; the prompt graph is built with it.
    auto reserve = llm_reserve(file, params, placement, op_offload);
    if (!reserve) return reserve.err();
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto build = build_llm_graph(file, *h, reserve->cparams, llm_reserve_prompt_shape(reserve->cparams), &placement);
    if (!build) return build.err();
    graph_document graph = copy_document(build->doc);

    const llm_device_sched sched(placement, h->n_layer, op_offload);
    std::unordered_map<tensor_id, int> user;
    auto config = sched.config(*build, user);
    config.observer = observers.sched;
    auto split = ggml2026::split_graph(build->doc.ctx, build->doc.g, config);
    if (!split) return split.err();
    const auto types = sched.buffer_types(build->doc.ctx); // reads build->doc.ctx until reserved
    auto scheduled = ggml2026::reserve_split(std::move(build->doc), std::move(*split), config.backend_names, types,
                                            observers.alloc);
    if (!scheduled) return scheduled.err();
    return llm_device_plan_result{std::move(*reserve), std::move(graph), std::move(build->inputs), std::move(*scheduled)};
}

result<llm_device_plan_result> llm_device_plan(const gguf_file& file, const llm_context_params& params,
                                               const llm_device_set& devices, const llm_placement_params& placement,
                                               bool op_offload, const llm_device_plan_observers& observers) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto p = llm_placement::make(*h, devices, placement);
    if (!p) return p.err();
    return llm_device_plan(file, params, *p, op_offload, observers);
}

} // namespace planscope
