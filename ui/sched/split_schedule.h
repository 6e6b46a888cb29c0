#pragma once
// The current document scheduled over a list of backends (the seed's ggml_backend_sched split),
// as plain values the split replay, the assignment panel and the canvas read: the plan, the
// scheduler's recorded events and a document of the split graph with its BACKEND#name copies.
#include "alloc/alloc_events.h"
#include "alloc/plan.h"
#include "core/document.h"
#include "era/era.h"
#include "layout/dot_writer.h"
#include "sched/backend_factory.h"
#include "sched/recorded_schedule.h"
#include "sched/sched_events.h"
#include "sched/split_causes.h"
#include "server_devices.h"

#include <QColor>

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::ui {

// What the user picked: make_backends' list ("cpu", "cpu,cpu", "cpu,opencl") and its options.
struct BackendRequest {
    std::string list = "cpu";
    planscope::backend_factory_options options;
    // The era whose scheduler splits and runs (the document's, GraphSession::era): 2026's with
    // one allocator over the backends' buffer types of at most maxBufferSize each (a llama prompt
    // runs with 2023's).
    const planscope::era* era = &planscope::era_for(planscope::ggml_version::v2023);
    std::size_t maxBufferSize = SIZE_MAX;
};

struct SplitSchedule {
    std::vector<std::string> backendNames; // index = scheduler backend
    std::vector<std::string> backendDevices; // by backend: what it runs on (backend_device); empty for the CPU
    std::vector<ServerDevice> servers; // the rpc-servers' devices among the backends, as connected
    planscope::sched_plan plan;
    std::vector<planscope::sched_event> events; // as the scheduler emitted them
    std::vector<planscope::sched_buffer_info> buffers;
    planscope::split_causes causes; // the splits' boundaries and copies grouped by cause
    // The scheduled context (copies appended, sources rewritten to them), each copy reading the
    // tensor it copies, and its graph: per split, the copies it made, then its nodes.
    std::shared_ptr<planscope::graph_document> splitDoc;
    std::vector<int> splitOf; // by tensor index of splitDoc: the split of a node or copy, else -1
    // The measure allocation init_measure made, for stepping: an attach per backend buffer, the
    // pre-allocated inputs, then the split graph's node / alloc / free / inplace ... events, up
    // to the measured sizes. Their buffers are appended to splitDoc as "CPU compute", ...
    std::vector<planscope::alloc_event> allocEvents;
    std::vector<int> allocSplit; // by event: the split of the node being allocated; -1 before the first
    // Read from a GGML_SCHED_DEBUG log: no allocation to step through, no backends to run on.
    bool logged = false;
    // Made on device profiles when the model was opened (recordedSchedule): no backends to run on.
    bool onDevices = false;
    // The captured program's own (recordedSchedule of a capture): no data, no backends to run on.
    bool captured = false;
};

// Plans `doc` with `preallocate` as the request's era schedules (era::schedule: 2023 pre-allocates
// them on input_backend, 2026 flags them), recording its events.
// Errors: the backends cannot be made (unknown name, OpenCL missing or no such device), or the
// scheduler refuses the graph.
planscope::result<SplitSchedule> scheduleDocument(const planscope::graph_document& doc,
                                                  const std::vector<planscope::tensor_id>& preallocate,
                                                  const BackendRequest& request);

// The split assignment a GGML_SCHED_DEBUG log printed (GraphSession::loggedSchedule), over the
// log's document.
SplitSchedule loggedSchedule(const planscope::graph_document& doc, const planscope::sched_plan& plan);

// The schedule a model opened on device profiles brought (GraphSession::recordedSchedule), over
// its document.
SplitSchedule recordedSchedule(const planscope::recorded_schedule& recorded);

// The backends' names joined, "CUDA0 + CUDA1 + CPU".
QString devicesLabel(const SplitSchedule& schedule);

class PlanTrace;
// The schedule's measure allocation as a stepping trace over a copy of splitDoc.
std::unique_ptr<PlanTrace> scheduledTrace(const SplitSchedule& schedule);
// The split each event belongs to: that of the last node event before it (-1 before the first),
// from `splitOf` by tensor index.
std::vector<int> eventSplits(std::span<const planscope::alloc_event> events, const std::vector<int>& splitOf);

// The fill of a backend's tensors by its kind, whatever its place in the list: CPU blue, OpenCL
// orange, another kind green; a second instance of a kind ("CPU1", "OpenCL2") in a colour of its
// own, CPU green and others purple. `name` as the scheduler names backends (display_names).
QColor backendKindColor(std::string_view name);
// backendKindColor of names[backend]; grey for none (-1).
QColor backendColor(const std::vector<std::string>& names, int backend);
// One Graphviz cluster per split, labelled "split N (BACKEND)", filled with the backend colour.
planscope::dot_style splitDotStyle(const SplitSchedule& schedule);

} // namespace planscope::ui
