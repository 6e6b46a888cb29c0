// MUL_MAT GFLOPS on the OpenCL device (PoCL in CI: the same CPU cores through LLVM-compiled
// kernels) next to the CPU backend, same shapes and weight types. Each case is planned once and
// computed repeatedly (graph_plan_compute, which waits for the device), so only kernels are timed;
// the kernels are compiled before the first iteration.
#include "alloc/graph_allocator.h"
#include "backend/cpu/convert.h"
#include "backend/cpu/cpu_backend.h"
#include "backend/opencl/opencl_backend.h"
#include "core/builder.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <thread>

using namespace planscope;

namespace {

// Random values in [-1, 1), or valid q4_0 / q8_0 blocks with a small scale.
std::vector<std::byte> random_bytes(const tensor& t, std::mt19937& rng) {
    std::vector<std::byte> bytes(nbytes(t));
    if (t.type == dtype::f32 || t.type == dtype::f16) {
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        const std::size_t step = type_size(t.type);
        for (std::size_t i = 0; i < bytes.size(); i += step) {
            const float v = u(rng);
            const std::uint16_t h = cpu::f32_to_f16(v);
            std::memcpy(&bytes[i], step == 4 ? static_cast<const void*>(&v) : &h, step);
        }
        return bytes;
    }
    for (auto& b : bytes) b = static_cast<std::byte>(rng() & 0xff);
    const std::uint16_t d = cpu::f32_to_f16(0.01f);
    for (std::size_t i = 0; i < bytes.size(); i += type_size(t.type)) std::memcpy(&bytes[i], &d, 2);
    return bytes;
}

void run_mul_mat(benchmark::State& state, backend& be, dtype weight_type) {
    const std::int64_t m = state.range(0), n = state.range(1), k = state.range(2);
    context ctx;
    builder b(ctx);
    const tensor_id w = b.new_tensor_2d(weight_type, k, m);
    const tensor_id x = b.new_tensor_2d(dtype::f32, k, n);
    const tensor_id y = b.mul_mat(w, x);
    graph g;
    if (!build_forward_expand(ctx, g, y)) return state.SkipWithError("cannot build the graph");
    const std::size_t size = nbytes(ctx[w]) + nbytes(ctx[x]) + nbytes(ctx[y]) + 4 * be.alignment();
    auto buffer = be.alloc_buffer(buffer_id{0}, size);
    if (!buffer) return state.SkipWithError(buffer.err().message.c_str());
    buffer_table table;
    auto talloc = tensor_allocator::create(*buffer);
    if (!table.add(*buffer) || !talloc) return state.SkipWithError("cannot place the tensors");
    graph_allocator galloc;
    if (!galloc.alloc_graph(ctx, g, *talloc)) return state.SkipWithError("cannot place the graph");
    std::mt19937 rng(42);
    for (tensor_id id : {w, x}) {
        const auto bytes = random_bytes(ctx[id], rng);
        if (!tensor_set(table, ctx[id], bytes.data(), 0, bytes.size())) return state.SkipWithError("cannot set");
    }
    auto plan = be.graph_plan_create({ctx, g, table});
    if (!plan) return state.SkipWithError(plan.err().message.c_str());
    if (auto s = be.graph_plan_compute(**plan); !s) return state.SkipWithError(s.err().message.c_str()); // warm-up
    for (auto _ : state)
        if (auto s = be.graph_plan_compute(**plan); !s) return state.SkipWithError(s.err().message.c_str());
    state.counters["FLOPS"] = benchmark::Counter(2.0 * static_cast<double>(m * n * k),
                                                 benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(std::string(be.name()));
}

void BM_mul_mat_cpu(benchmark::State& state, dtype weight_type) {
    cpu_backend be(static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
    run_mul_mat(state, be, weight_type);
}

void BM_mul_mat_opencl(benchmark::State& state, dtype weight_type) {
    static auto be = make_opencl_backend(); // one device, kernels compiled once
    if (!be) return state.SkipWithError(be.err().message.c_str());
    run_mul_mat(state, **be, weight_type);
}

// {m (weight rows), n (activation rows), k (row length)}: a square product and a decode-like
// matrix-vector batch.
void shapes(benchmark::internal::Benchmark* bm) {
    bm->ArgNames({"m", "n", "k"});
    bm->Args({512, 512, 512});
    bm->Args({4096, 8, 4096});
    bm->Unit(benchmark::kMillisecond)->UseRealTime();
}

} // namespace

BENCHMARK_CAPTURE(BM_mul_mat_cpu, f32, dtype::f32)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_opencl, f32, dtype::f32)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_cpu, f16, dtype::f16)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_opencl, f16, dtype::f16)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_cpu, q4_0, dtype::q4_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_opencl, q4_0, dtype::q4_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_cpu, q8_0, dtype::q8_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_mul_mat_opencl, q8_0, dtype::q8_0)->Apply(shapes);

BENCHMARK_MAIN();
