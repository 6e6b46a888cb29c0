// Building and ordering large graphs: the base cost every plan pays.
#include "core/builder.h"
#include "core/graph.h"
#include "models/llama_graph.h"

#include <benchmark/benchmark.h>

using namespace planscope;

static void BM_build_chain(benchmark::State& state) {
    const auto n = state.range(0);
    for (auto _ : state) {
        context ctx;
        builder b(ctx);
        auto t = b.new_tensor_2d(dtype::f32, 64, 8);
        for (std::int64_t i = 0; i < n; ++i) t = b.sqr(t);
        graph g;
        benchmark::DoNotOptimize(build_forward_expand(ctx, g, t).ok());
    }
    state.SetItemsProcessed(state.iterations() * n);
}
BENCHMARK(BM_build_chain)->Arg(1000)->Arg(100000)->Unit(benchmark::kMillisecond);

// Llama-2-7B's shape with n_layer layers (placeholder weights): llama.cpp expands the graph two or
// three times a layer, which made build_forward_expand quadratic before it kept its index
// (4,000 layers: 47 s, now linear).
static void BM_build_llama_layers(benchmark::State& state) {
    llama_hparams h;
    h.arch = "llama";
    h.n_vocab = 32000;
    h.n_ctx_train = h.n_yarn_orig_ctx = 4096;
    h.n_embd = 4096;
    h.n_ff = 11008;
    h.n_head = h.n_head_kv = 32;
    h.n_rot = 128;
    h.n_layer = static_cast<std::uint32_t>(state.range(0));
    h.f_norm_rms_eps = 1e-5f;
    for (auto _ : state) {
        auto m = build_llama_graph(h, {.n_ctx = 512, .n_batch = 8});
        if (!m) {
            state.SkipWithError(m.err().message.c_str());
            break;
        }
        benchmark::DoNotOptimize(m->doc.g.nodes.size());
    }
    state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_build_llama_layers)->Arg(1000)->Arg(4000)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
