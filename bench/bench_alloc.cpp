// Allocating graphs as llama.cpp did: a measure pass, then the real allocation into a buffer of
// the measured size. Each iteration works on a fresh copy of the graph (copied untimed).
#include "alloc/legacy_allocator.h"
#include "alloc/plan.h"
#include "core/builder.h"
#include "core/graph.h"

#include <benchmark/benchmark.h>

#include <optional>

using namespace planscope;

namespace {

struct graph_fixture {
    context ctx;
    graph g;
};

// x -> NORM -> NORM -> ...: every node allocates and frees (NORM is never inplace).
graph_fixture norm_chain(std::int64_t n) {
    graph_fixture f;
    builder b(f.ctx);
    auto t = b.new_tensor_2d(dtype::f32, 4096, 8);
    for (std::int64_t i = 0; i < n; ++i) t = b.norm(t, 1e-5f);
    if (!build_forward_expand(f.ctx, f.g, t).ok()) std::abort();
    return f;
}

// A llama-2-70B-shaped decoder (without GQA) for 32 tokens: RMS norm, Q/K/V, RoPE, scaled masked
// soft max attention, output projection, SwiGLU FFN, residuals. Weights pre-allocated in buffer 0.
graph_fixture llama(int n_layer) {
    graph_fixture f;
    builder b(f.ctx);
    constexpr std::int64_t n_embd = 8192, n_head = 64, head_dim = 128, n_tokens = 32, n_ff = 28672;
    std::uint64_t weight_offset = 0;
    auto weight = [&](std::int64_t ne0, std::int64_t ne1) {
        const auto t = b.new_tensor_2d(dtype::q4_0, ne0, ne1);
        f.ctx[t].where = placement{buffer_id{0}, weight_offset};
        weight_offset += (nbytes(f.ctx[t]) + 31) / 32 * 32;
        return t;
    };
    const auto pos = b.new_tensor_1d(dtype::i32, n_tokens);
    const auto kq_scale = b.new_tensor_1d(dtype::f32, 1);
    const auto kq_mask = b.new_tensor_2d(dtype::f32, n_tokens, n_tokens);
    const rope_args rope{.n_dims = static_cast<int>(head_dim), .n_ctx = 4096};
    tensor_id inp = b.new_tensor_2d(dtype::f32, n_embd, n_tokens);
    for (int il = 0; il < n_layer; ++il) {
        auto cur = b.mul(b.rms_norm(inp, 1e-5f), b.new_tensor_1d(dtype::f32, n_embd));
        auto q = b.rope_inplace(b.reshape_3d(b.mul_mat(weight(n_embd, n_embd), cur), head_dim, n_head, n_tokens), pos,
                                rope);
        auto k = b.rope_inplace(b.reshape_3d(b.mul_mat(weight(n_embd, n_embd), cur), head_dim, n_head, n_tokens), pos,
                                rope);
        const auto v = b.mul_mat(weight(n_embd, n_embd), cur);
        auto kq = b.mul_mat(b.permute(k, 0, 2, 1, 3), b.permute(q, 0, 2, 1, 3));
        kq = b.soft_max_inplace(b.add_inplace(b.scale_inplace(kq, kq_scale), kq_mask));
        const auto vt = b.cont(b.permute(b.reshape_3d(v, head_dim, n_head, n_tokens), 1, 2, 0, 3));
        cur = b.cont_4d(b.permute(b.mul_mat(vt, kq), 0, 2, 1, 3), n_embd, n_tokens, 1, 1);
        const auto ffn_inp = b.add(b.mul_mat(weight(n_embd, n_embd), cur), inp);
        cur = b.mul(b.rms_norm(ffn_inp, 1e-5f), b.new_tensor_1d(dtype::f32, n_embd));
        const auto gate = b.silu(b.mul_mat(weight(n_embd, n_ff), cur));
        const auto up = b.mul_mat(weight(n_embd, n_ff), cur);
        inp = b.add(b.mul_mat(weight(n_ff, n_embd), b.mul(gate, up)), ffn_inp);
    }
    const auto out = b.rms_norm(inp, 1e-5f);
    if (!b.ok() || !build_forward_expand(f.ctx, f.g, out).ok()) std::abort();
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
    const graph_fixture proto = llama(80);
    measure_then_allocate(state, proto);
}
BENCHMARK(BM_llama80_measure_and_allocate)->Unit(benchmark::kMicrosecond);

// plan_graph as `planscope-cli plan` runs it (the parity planner: ggml-alloc's measure pass), with
// no observer (the listing) or with a recorder (the GUI, --peak): what the events cost.
void BM_plan_graph_llama(benchmark::State& state) {
    const graph_fixture proto = llama(static_cast<int>(state.range(0)));
    const bool observed = state.range(1) != 0;
    graph_document doc;
    std::optional<alloc_recorder> recorder; // replaced untimed, as the document is
    for (auto _ : state) {
        state.PauseTiming();
        doc = graph_document{};
        doc.ctx = proto.ctx;
        doc.g = proto.g;
        doc.buffers = {{"weights", "CPU", 0, 32}};
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

} // namespace

BENCHMARK_MAIN();
