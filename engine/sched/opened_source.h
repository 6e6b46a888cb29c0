#pragma once
// What a source opens to (source/graph_source.h: a template, a JSON graph file, a .gguf model, a
// ggml DOT dump, a GGML_SCHED_DEBUG log): the document and what the planners, schedulers and
// runners take with it. Here, below source/, because the schedulers take it as their input.
#include "sched_types.h"

#include "alloc/plan.h"
#include "core/document.h"

#include <memory>
#include <string>
#include <vector>

namespace planscope {

struct llm_reserve_result;
struct recorded_schedule;

struct opened_source {
    graph_document doc;
    std::vector<tensor_id> preallocate; // allocated before the graph, as llama.cpp did its inputs
    std::vector<std::string> warnings;  // what a DOT dump lacked and the import inferred
    // A GGML_SCHED_DEBUG log (source/sched_log_document.h): the split assignment it printed,
    // over doc (whose context holds its copies).
    std::shared_ptr<const sched_plan> logged_schedule;
    // The era that plans, schedules and runs it unless the user picks another (era/era.h):
    // default_era of the source.
    ggml_version era = ggml_version::v2023;
    // A .gguf built as llama.cpp da46e59c builds it (llm/): what its context reserves (nodes, compute
    // buffer per backend, KV cache, weights, output: llm/llm_reserve.h); null for other sources.
    std::shared_ptr<const llm_reserve_result> llm_reserve;
    // A model opened on device profiles (source/device_source.h): doc as the scheduler split it
    // over them, recorded when it was opened; null for other sources.
    std::shared_ptr<const recorded_schedule> recorded;
};

} // namespace planscope
