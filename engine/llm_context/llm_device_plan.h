#pragma once
// A .gguf model's prompt graph scheduled on devices it need not have (`plan --device`, `export
// --device`): the graph llama.cpp da46e59c reserves with (n_ubatch tokens, llm_reserve.h) built
// with a placement, split by the 2026 scheduler over the model's GPUs and the CPU as
// llm_device_sched configures it (the profiles' supports_op, offload_op and buffer types) and
// reserved with those buffer types (alignment, max size, allocation sizes): the same sched_outcome
// that `plan --backends --ggml 2026` makes on real backends, so the listing, the JSON plan and the
// split diagram read it alike. Nothing runs: device profiles have no kernels.
#include "core/document.h"
#include "llm_reserve.h"
#include "sched/sched_runner.h"

namespace planscope {

struct llm_device_plan_result {
    // llama.cpp's reserve on the devices (pp, tg, pp): the resolved context (flash attention
    // "auto" decided per device) and the compute buffers llama.cpp keeps, the max of the three.
    llm_reserve_result reserve;
    // The prompt graph as built, before the split: its tensors' ids are the outcome's; its inputs
    // (flagged INPUT, as the 2026 allocator takes them).
    graph_document graph;
    std::vector<tensor_id> inputs;
    // The prompt graph split and reserved: one compute buffer per device ("CUDA0 compute", chunks
    // "CUDA0 compute#1" beyond the profile's max size), the copies, every tensor placed.
    sched_outcome scheduled;
};

// Who hears the prompt graph's split and reserve (not llm_reserve's three graphs).
struct llm_device_plan_observers {
    sched_observer* sched = nullptr;
    alloc_observer* alloc = nullptr;
};

// Errors: llm_reserve's (the placement's graph, the scheduler's or the allocator's refusals).
result<llm_device_plan_result> llm_device_plan(const gguf_file& file, const llm_context_params& params,
                                               const llm_placement& placement, bool op_offload = true,
                                               const llm_device_plan_observers& observers = {});
// The same with the placement made from `devices` and llama.cpp's placement options, as llm_fit
// makes it; also llm_placement::make's errors.
result<llm_device_plan_result> llm_device_plan(const gguf_file& file, const llm_context_params& params,
                                               const llm_device_set& devices, const llm_placement_params& placement,
                                               bool op_offload = true, const llm_device_plan_observers& observers = {});

} // namespace planscope
