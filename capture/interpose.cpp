// The interposed entry points. Each calls the real function (looked up behind this library) and,
// when the call is one to record, writes its graph record afterwards. Nothing escapes to the host:
// every failure of ours is one line on stderr and capturing stops; the real call always happens.

#include <time.h>

#include <atomic>
#include <new>
#include <optional>
#include <vector>

#include "ggml_api.h"
#include "graph_record.h"
#include "graph_tensors.h"
#include "recorder.h"

#define PLANSCOPE_CAPTURE_EXPORT extern "C" __attribute__((visibility("default")))

namespace planscope::capture {
namespace {

// Calls made inside an intercepted call (the scheduler's own ggml_gallocr_reserve_n) record nothing.
thread_local int depth = 0;

struct depth_scope {
  depth_scope() { ++depth; }
  ~depth_scope() { --depth; }
  depth_scope(const depth_scope&) = delete;
  depth_scope& operator=(const depth_scope&) = delete;
};

// A scheduler's reserve resets the tensors' backend assignment before it returns; the allocator
// call inside it sees the assignment complete, so that is where it is read.
struct reserve_snapshot {
  ggml_backend_sched_t sched;
  const graph_tensors* graph;
  std::vector<ggml_backend_t>* backends;
};
thread_local reserve_snapshot* pending_snapshot = nullptr;

std::int64_t now_us() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1000000 + ts.tv_nsec / 1000;
}

bool succeeded(bool ok) { return ok; }
bool succeeded(ggml_status status) { return status == GGML_STATUS_SUCCESS; }

// The real function behind ours, or null after one line on stderr (the call then fails).
template <auto member>
auto real(const char* name) {
  auto f = loaded_ggml().*member;
  static std::atomic<bool> reported{false};  // one line per function
  if (!f && !reported.exchange(true)) report(std::string("the real ") + name + " is not loaded: the call fails");
  return f;
}

void take_snapshot(const ggml_api& api) {
  reserve_snapshot* snap = pending_snapshot;
  if (!snap) return;
  pending_snapshot = nullptr;  // the first allocator call inside the reserve is the one
  try {
    snap->backends->reserve(snap->graph->tensors.size());
    const graph_tensors& g = *snap->graph;
    for (std::size_t i = 0; i < g.tensors.size(); ++i) {
      snap->backends->push_back(g.in_graph(i) ? api.ggml_backend_sched_get_tensor_backend(snap->sched, g.tensors[i]) : nullptr);
    }
  } catch (...) {
    snap->backends->clear();
    if (recorder* rec = recorder::active()) rec->stop("out of memory while recording: capture stopped");
  }
}

// Runs call(recording) and records the graph when this is a call to record.
enum class backends_from { after_call, inside_reserve };

template <class Call>
auto intercept(const char* event, ggml_backend_sched_t sched, ggml_gallocr_t galloc, ggml_cgraph* graph, Call call,
               backends_from when = backends_from::after_call) {
  if (depth > 0) return call(false);
  recorder* rec = graph ? recorder::active() : nullptr;
  const std::int64_t seq = rec ? rec->claim() : -1;
  if (seq < 0) {
    depth_scope scope;
    return call(false);
  }
  const ggml_api& api = loaded_ggml();
  std::optional<graph_tensors> tensors;
  graph_call info;
  try {
    tensors = collect_graph_tensors(api, graph);
    info.event = event;
    info.seq = seq;
    info.object = rec->number_of(sched ? static_cast<const void*>(sched) : galloc, !sched);
    info.sched = sched;
    info.galloc = galloc;
    if (galloc) info.galloc_buffers = rec->gallocr_buffers(galloc);
  } catch (...) {
    rec->stop("out of memory while recording: capture stopped");
    depth_scope scope;
    return call(false);
  }
  reserve_snapshot snap{sched, &*tensors, &info.backends_during_call};
  if (when == backends_from::inside_reserve) pending_snapshot = &snap;
  const std::int64_t start = now_us();
  auto result = [&] {
    depth_scope scope;
    return call(true);
  }();
  info.wall_us = now_us() - start;
  pending_snapshot = nullptr;
  try {
    info.ok = succeeded(result);
    rec->write(graph_record_line(api, info, *tensors));
  } catch (...) {
    rec->stop("out of memory while recording: capture stopped");
  }
  return result;
}

}  // namespace
}  // namespace planscope::capture

using namespace planscope::capture;

PLANSCOPE_CAPTURE_EXPORT bool ggml_backend_sched_reserve(ggml_backend_sched_t sched, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_backend_sched_reserve>("ggml_backend_sched_reserve");
  if (!f) return false;
  return intercept("sched_reserve", sched, nullptr, graph, [&](bool) { return f(sched, graph); },
                   backends_from::inside_reserve);
}

PLANSCOPE_CAPTURE_EXPORT bool ggml_backend_sched_alloc_graph(ggml_backend_sched_t sched, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_backend_sched_alloc_graph>("ggml_backend_sched_alloc_graph");
  if (!f) return false;
  return intercept("sched_alloc_graph", sched, nullptr, graph, [&](bool) { return f(sched, graph); });
}

PLANSCOPE_CAPTURE_EXPORT ggml_status ggml_backend_sched_graph_compute(ggml_backend_sched_t sched, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_backend_sched_graph_compute>("ggml_backend_sched_graph_compute");
  if (!f) return GGML_STATUS_FAILED;
  return intercept("sched_graph_compute", sched, nullptr, graph, [&](bool) { return f(sched, graph); });
}

// A recorded async compute is waited for, so that its wall time is the computation's.
PLANSCOPE_CAPTURE_EXPORT ggml_status ggml_backend_sched_graph_compute_async(ggml_backend_sched_t sched, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_backend_sched_graph_compute_async>("ggml_backend_sched_graph_compute_async");
  if (!f) return GGML_STATUS_FAILED;
  return intercept("sched_graph_compute", sched, nullptr, graph, [&](bool recording) {
    const ggml_status status = f(sched, graph);
    if (recording) loaded_ggml().ggml_backend_sched_synchronize(sched);
    return status;
  });
}

PLANSCOPE_CAPTURE_EXPORT bool ggml_gallocr_reserve_n(ggml_gallocr_t galloc, ggml_cgraph* graph, const int* node_buffer_ids,
                                                     const int* leaf_buffer_ids) {
  auto f = real<&ggml_api::ggml_gallocr_reserve_n>("ggml_gallocr_reserve_n");
  if (!f) return false;
  if (depth > 0) take_snapshot(loaded_ggml());
  return intercept("gallocr_reserve", nullptr, galloc, graph,
                   [&](bool) { return f(galloc, graph, node_buffer_ids, leaf_buffer_ids); });
}

PLANSCOPE_CAPTURE_EXPORT bool ggml_gallocr_reserve(ggml_gallocr_t galloc, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_gallocr_reserve>("ggml_gallocr_reserve");
  if (!f) return false;
  return intercept("gallocr_reserve", nullptr, galloc, graph, [&](bool) { return f(galloc, graph); });
}

PLANSCOPE_CAPTURE_EXPORT bool ggml_gallocr_alloc_graph(ggml_gallocr_t galloc, ggml_cgraph* graph) {
  auto f = real<&ggml_api::ggml_gallocr_alloc_graph>("ggml_gallocr_alloc_graph");
  if (!f) return false;
  return intercept("gallocr_alloc_graph", nullptr, galloc, graph, [&](bool) { return f(galloc, graph); });
}

// The allocators' buffer counts, for the gallocr events' buffer_sizes.
namespace {
void note_gallocr(ggml_gallocr_t galloc, int n_bufs) {
  if (!galloc) return;
  if (recorder* rec = recorder::active()) {
    try {
      rec->set_gallocr_buffers(galloc, n_bufs);
    } catch (...) {
      rec->stop("out of memory while recording: capture stopped");
    }
  }
}
}  // namespace

PLANSCOPE_CAPTURE_EXPORT ggml_gallocr_t ggml_gallocr_new(ggml_backend_buffer_type_t buft) {
  auto f = real<&ggml_api::ggml_gallocr_new>("ggml_gallocr_new");
  if (!f) return nullptr;
  ggml_gallocr_t galloc = f(buft);
  note_gallocr(galloc, 1);
  return galloc;
}

PLANSCOPE_CAPTURE_EXPORT ggml_gallocr_t ggml_gallocr_new_n(ggml_backend_buffer_type_t* bufts, int n_bufs) {
  auto f = real<&ggml_api::ggml_gallocr_new_n>("ggml_gallocr_new_n");
  if (!f) return nullptr;
  ggml_gallocr_t galloc = f(bufts, n_bufs);
  note_gallocr(galloc, n_bufs);
  return galloc;
}
