// CPU backend speed: MUL_MAT GFLOPS for f32 and quantised weights times f32 activations, and the
// whole stories260K prompt graph, with 1 and 2 threads. Each case is planned once and then
// computed repeatedly (graph_plan_compute), so only the kernels are timed.
#include "alloc/graph_allocator.h"
#include "backend/cpu/convert.h"
#include "backend/cpu/cpu_backend.h"
#include "core/builder.h"
#include "models/llama_graph.h"

#include <cmath>

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

// The prompt graph of stories260K (llama.cpp's decoder of 2023-11, f16 KV cache) for n tokens,
// weights used in place from the mapping. Items are tokens.
void BM_stories260k_prompt(benchmark::State& state) {
    const int n_tokens = static_cast<int>(state.range(0));
    auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (!file) {
        state.SkipWithError("stories260K.gguf not found");
        return;
    }
    llama_params p;
    p.n_ctx = 128;
    p.n_batch = n_tokens;
    auto m = build_llama_graph(*file, p);
    if (!m) return state.SkipWithError(m.err().message.c_str());
    context& ctx = m->doc.ctx;

    cpu_backend be(static_cast<int>(state.range(1)));
    buffer_table table;
    const auto bytes = file->mapping->bytes().subspan(file->data_offset);
    auto kv = be.alloc_buffer(buffer_id{1}, m->doc.buffers[1].size);
    std::size_t compute_size = 4096;
    for (tensor_id id : m->doc.g.nodes) compute_size += nbytes(ctx[id]) + 64;
    for (tensor_id id : m->inputs) compute_size += nbytes(ctx[id]) + 64;
    auto compute = be.alloc_buffer(buffer_id{2}, compute_size);
    if (!kv || !compute) return state.SkipWithError("cannot allocate the KV cache or compute buffer");
    std::memset((*kv)->data(), 0, (*kv)->size());
    for (auto buffer : {be.buffer_from_ptr(buffer_id{0}, const_cast<std::uint8_t*>(bytes.data()), bytes.size()), *kv,
                        *compute})
        if (auto s = table.add(buffer); !s) return state.SkipWithError(s.err().message.c_str());
    auto talloc = tensor_allocator::create(*compute);
    if (!talloc) std::abort();
    for (tensor_id id : m->inputs)
        if (auto s = talloc->alloc(ctx, id); !s) return state.SkipWithError(s.err().message.c_str());
    if (auto r = graph_allocator().alloc_graph(ctx, m->doc.g, *talloc); !r)
        return state.SkipWithError(r.err().message.c_str());

    std::vector<std::int32_t> tokens(static_cast<std::size_t>(n_tokens)), pos(tokens.size());
    for (int i = 0; i < n_tokens; ++i) {
        tokens[static_cast<std::size_t>(i)] = (i * 37 + 1) % 512;
        pos[static_cast<std::size_t>(i)] = i;
    }
    const float scale = 1.0f / std::sqrt(static_cast<float>(m->hparams.n_embd_head()));
    std::vector<float> mask(static_cast<std::size_t>(m->n_kv) * tokens.size());
    for (int j = 0; j < n_tokens; ++j)
        for (int i = 0; i < m->n_kv; ++i) mask[static_cast<std::size_t>(j * m->n_kv + i)] = i <= j ? 0.0f : -INFINITY;
    // The graph allocator reuses input memory once the inputs are consumed, so llama.cpp sets them
    // before every evaluation; so does each iteration here.
    const auto set_inputs = [&]() -> status {
        for (tensor_id id : m->inputs) {
            const tensor& t = ctx[id];
            const void* data = t.name == "inp_tokens" ? static_cast<const void*>(tokens.data())
                               : t.name == "inp_pos"  ? static_cast<const void*>(pos.data())
                               : t.name == "KQ_scale" ? static_cast<const void*>(&scale)
                               : t.name == "KQ_mask"  ? static_cast<const void*>(mask.data())
                                                      : nullptr;
            if (data)
                if (auto s = tensor_set(table, t, data, 0, nbytes(t)); !s) return s;
        }
        return success();
    };
    auto plan = be.graph_plan_create({ctx, m->doc.g, table});
    if (!plan) return state.SkipWithError(plan.err().message.c_str());
    for (auto _ : state) {
        status s = set_inputs();
        if (s) s = be.graph_plan_compute(**plan);
        if (!s) return state.SkipWithError(s.err().message.c_str());
    }
    state.SetItemsProcessed(state.iterations() * n_tokens);
    state.counters["nodes"] = static_cast<double>(m->doc.g.nodes.size());
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
