// Allocating graphs as llama.cpp did: a measure pass, then the real allocation into a buffer of
// the measured size. Each iteration works on a fresh copy of the graph (copied untimed).
#include "alloc/ggml_version_diff.h"
#include "alloc/legacy_allocator.h"
#include "alloc/live_tensors.h"
#include "alloc/plan.h"
#include "alloc/plan_listing.h"
#include "core/builder.h"
#include "core/graph.h"
#include "llama_timing_graph.h"
#include "sched/backend_factory.h"
#include "sched/sched_json.h"
#include "sched/sched_runner.h"

#include <benchmark/benchmark.h>

#include <optional>

using namespace planscope;

namespace {

// x -> NORM -> NORM -> ...: every node allocates and frees (NORM is never inplace).
graph_fixture norm_chain(std::int64_t n) {
    graph_fixture f;
    builder b(f.ctx);
    auto t = b.new_tensor_2d(dtype::f32, 4096, 8);
    for (std::int64_t i = 0; i < n; ++i) t = b.norm(t, 1e-5f);
    if (!build_forward_expand(f.ctx, f.g, t).ok()) std::abort();
    return f;
}

// What one iteration times: measure pass, then the real allocation.
void measure_then_allocate(benchmark::State& state, const graph_fixture& proto) {
    std::size_t max_size = 0;
    graph_fixture measured, real; // replaced (and the old copies freed) untimed
    for (auto _ : state) {
        state.PauseTiming();
        measured = proto;
        real = proto;
        state.ResumeTiming();
        auto m = legacy_allocator::create_measure(buffer_id{1}, 32);
        max_size = *m->alloc_graph(measured.ctx, measured.g);
        auto a = legacy_allocator::create(buffer_id{1}, 0x7f0000000000, max_size, 32);
        if (!a->alloc_graph(real.ctx, real.g).ok()) state.SkipWithError("allocation failed");
    }
    state.counters["nodes"] = static_cast<double>(proto.g.nodes.size());
    state.counters["max_size_MiB"] = static_cast<double>(max_size) / (1024.0 * 1024.0);
}

void BM_chain_measure_and_allocate(benchmark::State& state) {
    const graph_fixture proto = norm_chain(state.range(0));
    measure_then_allocate(state, proto);
}
BENCHMARK(BM_chain_measure_and_allocate)->Arg(100000)->Unit(benchmark::kMicrosecond);

void BM_llama80_measure_and_allocate(benchmark::State& state) {
    const graph_fixture proto = llama_timing_graph(80);
    measure_then_allocate(state, proto);
}
BENCHMARK(BM_llama80_measure_and_allocate)->Unit(benchmark::kMicrosecond);

// plan_graph as `planscope-cli plan` runs it (the parity planner: ggml-alloc's measure pass), with
// no observer (the listing) or with a recorder (the GUI, --peak): what the events cost.
void BM_plan_graph_llama(benchmark::State& state) {
    const graph_fixture proto = llama_timing_graph(static_cast<int>(state.range(0)));
    const bool observed = state.range(1) != 0;
    graph_document doc;
    std::optional<alloc_recorder> recorder; // replaced untimed, as the document is
    for (auto _ : state) {
        state.PauseTiming();
        doc = timing_document(proto);
        recorder.emplace();
        plan_options options;
        if (observed) options.observer = &*recorder;
        state.ResumeTiming();
        auto plan = plan_graph(doc, options);
        if (!plan) state.SkipWithError("plan failed");
        benchmark::DoNotOptimize(plan);
    }
    state.counters["nodes"] = static_cast<double>(proto.g.nodes.size());
}
BENCHMARK(BM_plan_graph_llama)->ArgNames({"blocks", "observed"})->Args({32, 0})->Args({32, 1})->Args({80, 0})->Args({80, 1})->Unit(benchmark::kMicrosecond);

// Issue 36: what `plan` prints for a 100,000-node inplace chain (each SILU takes over its
// source), after planning: the text and JSON listings, --peak's live set, --compare-ggml's diff
// (which plans both ways itself), and --backends cpu's JSON (scheduled on one CPU backend, untimed).
// Every one was quadratic in the chain (the listing 34-60 s); the target is under 1 s each, CLI
// start and file parsing included.
void BM_plan_reports_inplace_chain(benchmark::State& state) {
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id x = b.new_tensor_1d(dtype::f32, 8);
    tensor_id t = x;
    for (std::int64_t i = 0; i < state.range(1); ++i) t = b.silu(t);
    if (!build_forward_expand(doc.ctx, doc.g, t).ok()) std::abort();
    const graph_document proto = copy_document(doc);
    alloc_recorder recorder;
    plan_options options;
    options.observer = &recorder;
    const auto plan = plan_graph(doc, options);
    if (!plan) std::abort();
    const int mode = static_cast<int>(state.range(0));
    std::optional<sched_outcome> scheduled;
    auto owned = make_backends("cpu", {});
    if (!owned) std::abort();
    if (mode == 4) {
        // x allocated before the graph, as the graph file's input is
        auto out = plan_with_backends(opened_source{copy_document(proto), {x}, {}, {}}, backend_pointers(*owned));
        if (!out) std::abort();
        scheduled = std::move(*out);
    }
    for (auto _ : state) {
        switch (mode) {
        case 0: benchmark::DoNotOptimize(plan_listing_text(doc, *plan)); break;
        case 1: benchmark::DoNotOptimize(plan_listing_json(doc, *plan)); break;
        case 2: benchmark::DoNotOptimize(live_at(doc, recorder.events(), plan->compute, recorder.events().size())); break;
        case 3: benchmark::DoNotOptimize(diff_ggml_versions(proto, {}, 32)); break;
        default: benchmark::DoNotOptimize(sched_plan_json(*scheduled)); break;
        }
    }
    static constexpr const char* modes[] = {"text", "json", "peak", "compare_ggml", "sched_json"};
    state.SetLabel(modes[mode]);
}
BENCHMARK(BM_plan_reports_inplace_chain)->ArgNames({"mode", "nodes"})->ArgsProduct({{0, 1, 2, 3, 4}, {100000}})->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
