#pragma once
// What `planscope-cli plan/run FILE --backends ...` do with a scheduler: plan a document over
// backends (splits, causes, measured buffers) and, for run, compute it with every pre-allocated
// buffer backed by real memory on its backend.
#include "network_traffic.h"
#include "opened_source.h"
#include "sched.h"
#include "split_causes.h"

#include <functional>

namespace planscope {

// An output's values: the first few, min, max and mean (f32 outputs only).
struct output_summary {
    tensor_id tensor;
    std::string name;
    std::vector<float> first; // up to 8
    float min = 0, max = 0;
    double mean = 0;
};

struct sched_outcome {
    std::vector<std::string> backend_names;
    std::string assignments; // format_assignments of the (last) split
    std::vector<sched_buffer_info> buffers;
    std::vector<std::string> warnings;
    sched_plan plan;
    split_causes causes; // the plan's boundaries and copies grouped by cause
    std::vector<sched_split_timing> timings; // run only
    std::vector<sched_backend_totals> totals;
    std::vector<output_summary> outputs;
    // plan only: the document as planned (the copies appended to its context, every tensor placed,
    // one buffer per backend appended, "CPU compute", "CPU1 compute", ...) and the allocator's
    // inplace decisions (node -> parent).
    graph_document doc;
    std::unordered_map<tensor_id, tensor_id> inplace_of;
    network_traffic network{}; // the plan's copies to and from remote backends
};

// The backend that pre-allocated inputs go to: the first CPU backend, else backend 0 (as
// llama.cpp allocated its inputs on the CPU).
int input_backend(std::span<backend* const> backends);

// The tensors allocated before the graph: the source's own list, then every unplaced leaf
// flagged input (so its data can be set before computing).
std::vector<tensor_id> sched_preallocated(const opened_source& src);

// The document's manual assignments (graph files' "assignments") handed to the scheduler with
// set_node_backend, before anything is measured: the buffers are then measured with them. A
// backend name matches a scheduler display name ("CPU1"), else the first backend of that name.
// Errors: a name no backend has.
status apply_assignments(scheduler& s, const graph_document& doc);
// The same assignments as (tensor, backend index) pairs in tensor id order; `names` are the
// scheduler's display names of `backends`.
result<std::vector<std::pair<tensor_id, int>>> resolve_assignments(const graph_document& doc,
                                                                   const std::vector<std::string>& names,
                                                                   std::span<backend* const> backends);

// Plans `src` over `backends`: its buffers are resolved by backend name
// (buffer_backend_of_document), its assignments applied, inputs pre-allocated on input_backend,
// then init_measure. `observer` and `alloc` (optional) hear the scheduler's decisions and every
// allocator's events from the assignments on (init_measure ends by creating the real buffers and
// resetting the allocators: those events too).
result<sched_outcome> plan_with_backends(opened_source src, std::span<backend* const> backends,
                                         sched_observer* observer = nullptr, alloc_observer* alloc = nullptr);

// Builds the source twice (measure, then compute), backs each document buffer with a buffer of
// its backend, fills every pre-allocated or placed leaf with a fixed pattern (fill_pattern.h:
// float and quantised types; integer types zero, so indices stay in range) and computes. Outputs: nodes flagged output, else the
// last node.
// `observer`, optional, receives the compute's scheduler events (not the measure split's).
result<sched_outcome> run_with_backends(const std::function<result<opened_source>()>& open,
                                        std::span<backend* const> backends, sched_observer* observer = nullptr);

// What both runners (this one and ggml 2026's, ggml2026/run_backends_2026.h) share, so their
// results compare:
// Backs doc.buffers[first..] each with a real buffer of the backend its name resolves to
// (buffer_backend_of_document over the display names), registered in `table` under its id.
// Errors name the buffer.
status back_document_buffers(const graph_document& doc, std::span<backend* const> backends, buffer_table& table,
                             std::size_t first = 0);
// Writes fill_pattern_bytes(t, salt) into `t`. The runners fill the leafs they fill
// in graph order with salts 17, 34, 51, ..., then the source's pre-allocated tensors.
status fill_sched_pattern(const buffer_table& table, const tensor& t, std::size_t salt);
// The outputs' summaries: nodes flagged output, else the last node; f32 contiguous ones only.
result<std::vector<output_summary>> read_sched_outputs(const context& ctx, const graph& g, const buffer_table& table);

// Up to 8 first values and min/max/mean of an f32 vector.
output_summary summarize(std::string name, const std::vector<float>& values);
// "output NAME: first v0 v1 ... min A max B mean C" per output, 6 decimals.
std::string format_outputs(const std::vector<output_summary>& outputs);

} // namespace planscope
