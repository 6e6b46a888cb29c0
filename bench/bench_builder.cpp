// Building and ordering large graphs: the base cost every plan pays.
#include "core/builder.h"
#include "core/graph.h"

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

BENCHMARK_MAIN();
