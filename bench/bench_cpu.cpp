// CPU backend speed: MUL_MAT GFLOPS for f32 and quantised weights times f32 activations, and the
// whole stories260K prompt graph, with 1 and 2 threads. Each case is planned once and then
// computed repeatedly (graph_plan_compute), so only the kernels are timed.
#include "alloc/graph_allocator.h"
#include "backend/cpu/convert.h"
#include "backend/cpu/cpu_backend.h"
#include "core/builder.h"
#include "stories260k_step.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>

using namespace planscope;

namespace {

// Random weights: f32 or f16 values in [-1, 1), or quantised blocks with a small scale and random quants
// (valid blocks, so no NaN or subnormal slows anything down).
void fill(const buffer_table& table, const tensor& t, std::mt19937& rng) {
    std::vector<std::byte> bytes(nbytes(t));
    if (t.type == dtype::f32) {
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        for (std::size_t i = 0; i < bytes.size(); i += 4) {
            const float v = u(rng);
            std::memcpy(&bytes[i], &v, 4);
        }
    } else if (t.type == dtype::f16) {
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        for (std::size_t i = 0; i < bytes.size(); i += 2) {
            const std::uint16_t h = cpu::f32_to_f16(u(rng));
            std::memcpy(&bytes[i], &h, 2);
        }
    } else {
        for (auto& b : bytes) b = static_cast<std::byte>(rng() & 0xff);
        // Valid scales: q6_K keeps d at its end, the others start with d (q4_K then dmin).
        const std::uint16_t d = cpu::f32_to_f16(0.01f);
        const std::size_t at = t.type == dtype::q6_k ? 208 : 0;
        for (std::size_t i = 0; i < bytes.size(); i += type_size(t.type)) {
            std::memcpy(&bytes[i + at], &d, 2);
            if (t.type == dtype::q4_k) std::memcpy(&bytes[i + 2], &d, 2);
        }
    }
    if (!tensor_set(table, t, bytes.data(), 0, bytes.size())) std::abort();
}

void BM_mul_mat(benchmark::State& state, dtype weight_type) {
    const std::int64_t m = state.range(0), n = state.range(1), k = state.range(2);
    const int threads = static_cast<int>(state.range(3));
    cpu_backend be(threads);
    context ctx;
    builder b(ctx);
    const tensor_id w = b.new_tensor_2d(weight_type, k, m);
    const tensor_id x = b.new_tensor_2d(dtype::f32, k, n);
    const tensor_id y = b.mul_mat(w, x);
    graph g;
    if (!build_forward_expand(ctx, g, y)) std::abort();

    const std::size_t size = nbytes(ctx[w]) + nbytes(ctx[x]) + nbytes(ctx[y]) + 4 * cpu_backend::tensor_alignment;
    auto buffer = be.alloc_buffer(buffer_id{0}, size);
    buffer_table table;
    auto talloc = tensor_allocator::create(*buffer);
    if (!buffer || !table.add(*buffer) || !talloc) std::abort();
    graph_allocator galloc;
    if (!galloc.alloc_graph(ctx, g, *talloc)) std::abort();

    std::mt19937 rng(42);
    fill(table, ctx[w], rng);
    fill(table, ctx[x], rng);
    auto plan = be.graph_plan_create({ctx, g, table});
    if (!plan) std::abort();
    for (auto _ : state)
        if (!be.graph_plan_compute(**plan)) std::abort();
    state.counters["FLOPS"] = benchmark::Counter(2.0 * static_cast<double>(m * n * k),
                                                 benchmark::Counter::kIsIterationInvariantRate);
}

// {m (weight rows), n (activation rows), k (row length), threads}
void shapes(benchmark::internal::Benchmark* bm) {
    bm->ArgNames({"m", "n", "k", "threads"});
    for (int threads : {1, 2}) {
        bm->Args({512, 512, 512, threads});
        bm->Args({4096, 8, 4096, threads});
        bm->Args({11008, 32, 4096, threads}); // a 7B feed-forward matrix, a 32-token batch
        bm->Args({4096, 1, 4096, threads});   // decode: one token
    }
    bm->Unit(benchmark::kMillisecond)->UseRealTime();
}

// The prompt graph of stories260K for n tokens (stories260k_step.h). Items are tokens.
void BM_stories260k_prompt(benchmark::State& state) {
    const int n_tokens = static_cast<int>(state.range(0));
    auto step = stories260k::load(n_tokens, 0);
    if (!step) return state.SkipWithError(step.err().message.c_str());
    auto run = stories260k::cpu_run::create(**step, static_cast<int>(state.range(1)));
    if (!run) return state.SkipWithError(run.err().message.c_str());
    for (auto _ : state)
        if (auto s = (*run)->compute(); !s) return state.SkipWithError(s.err().message.c_str());
    state.SetItemsProcessed(state.iterations() * n_tokens);
    state.counters["nodes"] = static_cast<double>((*step)->m.doc.g.nodes.size());
}

} // namespace

BENCHMARK(BM_stories260k_prompt)
    ->ArgNames({"tokens", "threads"})
    ->Args({32, 1})
    ->Args({32, 2})
    ->Args({128, 1})
    ->Args({128, 2})
    ->Unit(benchmark::kMicrosecond)
    ->UseRealTime();
BENCHMARK_CAPTURE(BM_mul_mat, f32, dtype::f32)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat, f16, dtype::f16)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat, q4_0, dtype::q4_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat, q8_0, dtype::q8_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat, q4_K, dtype::q4_k)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat, q6_K, dtype::q6_k)->Apply(shapes);

BENCHMARK_MAIN();
