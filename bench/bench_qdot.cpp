// The quantised dot-product kernels of each instruction set side by side (qdot_choice.h), one
// thread, on ggml's decode shape (4096 weight rows of 4096 by one activation row) and a 32-row
// batch: what decides between 512- and 256-bit VNNI tiles on a CPU. Run interleaved:
//   build/bench/bench_qdot --benchmark_enable_random_interleaving=true --benchmark_repetitions=5
// The kernel the dispatch chose for this CPU is marked "chosen" in the counters.
#include "backend/cpu/convert.h"
#include "backend/cpu/qdot_choice.h"
#include "backend/cpu/qpack.h"
#include "core/types.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <vector>

using namespace planscope;

namespace {

// Random blocks with a small valid scale (q6_K keeps it at its end, q4_K a minimum after it).
std::vector<std::byte> weights(dtype t, std::int64_t m, std::int64_t k) {
    std::mt19937 rng(7);
    std::vector<std::byte> bytes(static_cast<std::size_t>(m * k / block_size(t)) * type_size(t));
    for (auto& b : bytes) b = static_cast<std::byte>(rng() & 0xff);
    const std::uint16_t d = cpu::f32_to_f16(0.01f);
    const std::size_t at = t == dtype::q6_k ? 208 : 0;
    for (std::size_t i = 0; i < bytes.size(); i += type_size(t)) {
        std::memcpy(&bytes[i + at], &d, 2);
        if (t == dtype::q4_k) std::memcpy(&bytes[i + 2], &d, 2);
    }
    return bytes;
}

// n random activation rows of k values, quantised by `quantize`.
std::vector<std::byte> activations(dtype t, std::int64_t n, std::int64_t k,
                                   void (*quantize)(dtype, const float*, std::byte*, std::int64_t)) {
    std::mt19937 rng(11);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> x(static_cast<std::size_t>(k));
    const std::size_t row = cpu::activation_row_bytes(t, k);
    std::vector<std::byte> b(row * static_cast<std::size_t>(n));
    for (std::int64_t j = 0; j < n; ++j) {
        for (float& v : x) v = u(rng);
        quantize(t, x.data(), b.data() + row * static_cast<std::size_t>(j), k);
    }
    return b;
}

void BM_qgemm(benchmark::State& state, dtype t, cpu::qdot_isa isa) {
    const std::int64_t m = state.range(0), n = state.range(1), k = 4096;
    const cpu::qgemm_fn f = cpu::qgemm_of(t, isa);
    if (!f) return state.SkipWithError("no such kernel on this CPU");
    const std::vector<std::byte> a = weights(t, m, k);
    const std::size_t row = cpu::activation_row_bytes(t, k);
    const std::vector<std::byte> b = activations(t, n, k, cpu::quantize_activations);
    std::vector<float> c(static_cast<std::size_t>(m * n));
    const cpu::qgemm_args g{a.data(), a.size() / static_cast<std::size_t>(m), b.data(), row, c.data(), static_cast<std::size_t>(m), m, n, k};
    for (auto _ : state) {
        f(g);
        benchmark::DoNotOptimize(c.data());
    }
    state.counters["GFLOPS"] = benchmark::Counter(2.0 * static_cast<double>(m * n * k) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    const cpu::qdot_choice here = cpu::qdot_choice_here(t);
    state.counters["chosen"] = (n == 1 ? here.decode : here.batched) == isa ? 1 : 0;
}

// The same products with the weights packed (qpack.h), as the CPU backend runs weights it may repack.
void BM_packed(benchmark::State& state, dtype t) {
    const std::int64_t m = state.range(0), n = state.range(1), k = 4096;
    const cpu::qgemm_fn f = cpu::packed_qgemm(t);
    if (!f) return state.SkipWithError("no packed layout on this CPU");
    const std::vector<std::byte> raw = weights(t, m, k);
    const std::size_t group = cpu::packed_group_bytes(t, k);
    std::vector<std::byte> a(group * static_cast<std::size_t>(m / cpu::packed_group_rows));
    cpu::pack_weights(t, raw.data(), raw.size() / static_cast<std::size_t>(m), m, k, a.data());
    const std::size_t row = cpu::activation_row_bytes(t, k);
    const std::vector<std::byte> b = activations(t, n, k, cpu::quantize_packed_activations);
    std::vector<float> c(static_cast<std::size_t>(m * n));
    const cpu::qgemm_args g{a.data(), group, b.data(), row, c.data(), static_cast<std::size_t>(m), m, n, k};
    for (auto _ : state) {
        f(g);
        benchmark::DoNotOptimize(c.data());
    }
    state.counters["GFLOPS"] = benchmark::Counter(2.0 * static_cast<double>(m * n * k) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
}

void shapes(benchmark::internal::Benchmark* b) { b->Args({4096, 1})->Args({512, 32})->Unit(benchmark::kMicrosecond); }

#define PLANSCOPE_QDOT_CASES(NAME, TYPE)                                                       \
    BENCHMARK_CAPTURE(BM_qgemm, NAME##_avx2, TYPE, cpu::qdot_isa::avx2)->Apply(shapes);        \
    BENCHMARK_CAPTURE(BM_qgemm, NAME##_vnni256, TYPE, cpu::qdot_isa::vnni256)->Apply(shapes);  \
    BENCHMARK_CAPTURE(BM_qgemm, NAME##_vnni512, TYPE, cpu::qdot_isa::vnni512)->Apply(shapes)

PLANSCOPE_QDOT_CASES(q4_0, dtype::q4_0);
BENCHMARK_CAPTURE(BM_packed, q4_0_packed, dtype::q4_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_packed, q8_0_packed, dtype::q8_0)->Apply(shapes);
BENCHMARK_CAPTURE(BM_packed, q4_K_packed, dtype::q4_k)->Apply(shapes);
BENCHMARK_CAPTURE(BM_packed, q6_K_packed, dtype::q6_k)->Apply(shapes);
PLANSCOPE_QDOT_CASES(q8_0, dtype::q8_0);
PLANSCOPE_QDOT_CASES(q4_K, dtype::q4_k);
PLANSCOPE_QDOT_CASES(q6_K, dtype::q6_k);

} // namespace

BENCHMARK_MAIN();
