// Planscope's CPU backend and planner against the original ggml (issue 18). Each case is
// registered twice, planscope/<case> and ggml/<case>, on the same input bytes; the runs are
// interleaved at random and repeated, and the output ends with a table of the medians and their
// ratio (> 1: Planscope is faster). `--load N` keeps N threads busy for the whole run.
#include "alloc/plan.h"
#include "alloc/tensor_allocator.h"
#include "backend/cpu/cpu_backend.h"
#include "backend/cpu/cpu_buffer.h"
#include "backend/cpu/cpu_report.h"
#include "compare_ggml.h"
#include "core/builder.h"
#include "ggml_graph_translate.h"
#include "llama_timing_graph.h"

#include <ggml-cpu.h>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include <unistd.h>

using namespace planscope;

namespace compare_ggml {
std::vector<case_row> rows;
std::map<std::string, std::vector<float>> outputs;
} // namespace compare_ggml

namespace {

using namespace compare_ggml;

enum class kernel { mul_mat, rms_norm, soft_max };

// MUL_MAT: weights of `type` [k, m] times f32 activations [k, n]. RMS_NORM, SOFT_MAX: f32 [k, n].
struct kernel_case {
    kernel op;
    dtype type;
    std::int64_t m, n, k;
    int threads;
};

using bytes = std::vector<std::byte>;

// Random f32 in [-1, 1) turned into `type` by ggml_quantize_chunk (valid blocks, no NaN or
// subnormals): both sides get these bytes. Made once per run; seed 1 for weights, 2 for inputs.
const bytes& input_bytes(dtype type, std::int64_t ne0, std::int64_t ne1, unsigned seed) {
    static std::map<std::tuple<dtype, std::int64_t, std::int64_t, unsigned>, bytes> cache;
    auto [it, fresh] = cache.try_emplace({type, ne0, ne1, seed});
    if (fresh) {
        std::mt19937 rng(seed);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        std::vector<float> values(static_cast<std::size_t>(ne0 * ne1));
        for (float& v : values) v = u(rng);
        it->second.resize(row_size(type, ne0) * static_cast<std::size_t>(ne1));
        ggml_quantize_chunk(static_cast<ggml_type>(type), values.data(), it->second.data(), 0, ne1, ne0, nullptr);
    }
    return it->second;
}
const bytes& weights(const kernel_case& c) { return input_bytes(c.type, c.k, c.m, 1); }
const bytes& activations(const kernel_case& c) { return input_bytes(dtype::f32, c.k, c.n, 2); }

// As bench_cpu does it: planned once, graph_plan_compute timed. Returns the result.
std::vector<float> planscope_kernel(benchmark::State& state, const kernel_case& c) {
    cpu_backend be(c.threads);
    context ctx;
    builder b(ctx);
    const tensor_id x = b.new_tensor_2d(dtype::f32, c.k, c.n);
    tensor_id w, y;
    switch (c.op) {
    case kernel::mul_mat:
        w = b.new_tensor_2d(c.type, c.k, c.m);
        y = b.mul_mat(w, x);
        break;
    case kernel::rms_norm: y = b.rms_norm(x, 1e-5f); break;
    case kernel::soft_max: y = b.soft_max(x); break;
    }
    graph g;
    if (!build_forward_expand(ctx, g, y)) std::abort();
    // Each tensor in memory of its own, as ggml_backend_alloc_ctx_tensors places them for ggml
    // (no inplace reuse of the input by RMS_NORM or SOFT_MAX).
    std::size_t size = 0;
    for (std::size_t i = 0; i < ctx.size(); ++i) size += nbytes(ctx[tensor_id{i}]) + cpu_backend::tensor_alignment;
    auto buffer = be.alloc_buffer(buffer_id{0}, size);
    buffer_table table;
    if (!buffer || !table.add(*buffer)) std::abort();
    auto talloc = tensor_allocator::create(*buffer);
    if (!talloc) std::abort();
    for (std::size_t i = 0; i < ctx.size(); ++i)
        if (!talloc->alloc(ctx, tensor_id{i})) std::abort();
    const bytes& xb = activations(c);
    if (!tensor_set(table, ctx[x], xb.data(), 0, xb.size())) std::abort();
    if (w.valid()) {
        if (const bytes& wb = weights(c); !tensor_set(table, ctx[w], wb.data(), 0, wb.size())) std::abort();
        // As the model loaders mark a file's weights: packed where this CPU has a layout for them.
        static_cast<cpu_buffer&>(**buffer).mark_weights();
    }

    auto plan = be.graph_plan_create({ctx, g, table});
    if (!plan) {
        state.SkipWithError(plan.err().message.c_str());
        return {};
    }
    for (auto _ : state)
        if (!be.graph_plan_compute(**plan)) std::abort();
    std::vector<float> out(static_cast<std::size_t>(nelements(ctx[y])));
    if (!tensor_get(table, ctx[y], out.data(), 0, nbytes(ctx[y]))) std::abort();
    return out;
}

// ctx's tensors allocated on be (a weight w already in a buffer of its own keeps it), the case's
// bytes set, gf computed in the timed loop; returns y.
std::vector<float> ggml_timed(benchmark::State& state, const kernel_case& c, ggml_backend_t be, ggml_context* ctx,
                              ggml_cgraph* gf, ggml_tensor* x, ggml_tensor* w, ggml_tensor* y) {
    ggml_backend_buffer_ptr buffer(ggml_backend_alloc_ctx_tensors(ctx, be));
    if (!buffer) std::abort();
    const bytes& xb = activations(c);
    ggml_backend_tensor_set(x, xb.data(), 0, xb.size());
    if (w) {
        const bytes& wb = weights(c);
        ggml_backend_tensor_set(w, wb.data(), 0, wb.size());
    }
    for (auto _ : state)
        if (ggml_backend_graph_compute(be, gf) != GGML_STATUS_SUCCESS) std::abort();
    std::vector<float> out(static_cast<std::size_t>(ggml_nelements(y)));
    ggml_backend_tensor_get(y, out.data(), 0, ggml_nbytes(y));
    return out;
}

// ggml's CPU backend as an application drives it: one graph, computed again and again.
std::vector<float> ggml_kernel(benchmark::State& state, const kernel_case& c) {
    const ggml_init_params params{ggml_tensor_overhead() * 3 + ggml_graph_overhead(), nullptr, true};
    ggml_context_ptr ctx(ggml_init(params));
    ggml_backend_ptr be(ggml_backend_cpu_init());
    ggml_backend_cpu_set_n_threads(be.get(), c.threads);
    ggml_tensor* x = ggml_new_tensor_2d(ctx.get(), GGML_TYPE_F32, c.k, c.n);
    ggml_tensor* w = nullptr;
    ggml_tensor* y = nullptr;
    switch (c.op) {
    case kernel::mul_mat:
        w = ggml_new_tensor_2d(ctx.get(), static_cast<ggml_type>(c.type), c.k, c.m);
        y = ggml_mul_mat(ctx.get(), w, x);
        break;
    case kernel::rms_norm: y = ggml_rms_norm(ctx.get(), x, 1e-5f); break;
    case kernel::soft_max: y = ggml_soft_max(ctx.get(), x); break;
    }
    ggml_cgraph* gf = ggml_new_graph(ctx.get());
    ggml_build_forward_expand(gf, y);
    return ggml_timed(state, c, be.get(), ctx.get(), gf, x, w, y);
}

// ggml's CPU_REPACK extra buffer type as llama.cpp uses it for quantised weights (llama_model's
// select_weight_buft, where it runs the op): the weight in a buffer of that type, repacked by
// ggml_backend_tensor_set, the rest in a CPU buffer; skipped where it does not run the case. The
// AMX type, ahead of it in llama.cpp's list on a CPU with AMX, is left out: in a KVM guest with
// amx_int8 its q4_K batch dies of SIGILL (ggml-d99724f2, 2026-12-03).
std::vector<float> ggml_extra_kernel(benchmark::State& state, const kernel_case& c) {
    ggml_backend_ptr be(ggml_backend_cpu_init());
    ggml_backend_cpu_set_n_threads(be.get(), c.threads);
    ggml_backend_dev_t dev = ggml_backend_get_device(be.get());
    auto get_extra = reinterpret_cast<ggml_backend_dev_get_extra_bufts_t>(
        ggml_backend_reg_get_proc_address(ggml_backend_dev_backend_reg(dev), "ggml_backend_dev_get_extra_bufts"));
    const ggml_init_params params{ggml_tensor_overhead() * 3 + ggml_graph_overhead(), nullptr, true};
    for (ggml_backend_buffer_type_t* buft = get_extra ? get_extra(dev) : nullptr; buft && *buft; ++buft) {
        ggml_context_ptr wctx(ggml_init(params)), ctx(ggml_init(params));
        ggml_tensor* w = ggml_new_tensor_2d(wctx.get(), static_cast<ggml_type>(c.type), c.k, c.m);
        ggml_tensor* x = ggml_new_tensor_2d(ctx.get(), GGML_TYPE_F32, c.k, c.n);
        ggml_tensor* y = ggml_mul_mat(ctx.get(), w, x);
        if (std::string_view(ggml_backend_buft_name(*buft)) != "CPU_REPACK") continue;
        ggml_backend_buffer_ptr wbuf(ggml_backend_alloc_ctx_tensors_from_buft(wctx.get(), *buft));
        if (!wbuf || !ggml_backend_dev_supports_op(dev, y)) continue;
        ggml_cgraph* gf = ggml_new_graph(ctx.get());
        ggml_build_forward_expand(gf, y);
        return ggml_timed(state, c, be.get(), ctx.get(), gf, x, w, y);
    }
    state.SkipWithError("CPU_REPACK does not run it");
    return {};
}

// plan_graph as bench_alloc's BM_plan_graph_llama times it (no observer): the document is copied
// untimed, the plan (a measure pass into a new compute buffer) is timed.
void planscope_plan(benchmark::State& state, int n_layer) {
    const graph_fixture proto = llama_timing_graph(n_layer);
    graph_document doc;
    std::size_t max_size = 0;
    for (auto _ : state) {
        state.PauseTiming();
        doc = timing_document(proto);
        state.ResumeTiming();
        auto plan = plan_graph(doc);
        if (!plan) return state.SkipWithError(plan.err().message.c_str());
        max_size = plan->max_size;
    }
    state.counters["nodes"] = static_cast<double>(proto.g.nodes.size());
    state.counters["MiB"] = static_cast<double>(max_size) / (1024.0 * 1024.0);
}

// The same graph translated for ggml. A plan from scratch is a new ggml_gallocr and
// ggml_gallocr_reserve_n_size: reserve's whole planning pass without allocating the buffer,
// which Planscope's measure pass does not allocate either.
void ggml_plan(benchmark::State& state, int n_layer) {
    const graph_fixture proto = llama_timing_graph(n_layer);
    ggml_translation tr;
    try {
        tr = translate_to_ggml(proto.ctx, proto.g);
    } catch (const std::runtime_error& e) {
        std::fprintf(stderr, "%s\n", e.what());
        return state.SkipWithError(e.what());
    }
    std::size_t size = 0;
    for (auto _ : state) {
        ggml_gallocr_ptr galloc(ggml_gallocr_new(ggml_backend_cpu_buffer_type()));
        ggml_gallocr_reserve_n_size(galloc.get(), tr.graph, nullptr, nullptr, &size);
    }
    state.counters["nodes"] = ggml_graph_n_nodes(tr.graph);
    state.counters["MiB"] = static_cast<double>(size) / (1024.0 * 1024.0);
}

// The figure of a kernel case: GFLOPS of MUL_MAT, GB/s read and written otherwise.
case_row row_of(const std::string& name, const kernel_case& c) {
    if (c.op == kernel::mul_mat) return {name, "GFLOPS", 2.0 * static_cast<double>(c.m * c.n * c.k) / 1e9};
    return {name, "GB/s", 2.0 * static_cast<double>(c.k * c.n) * sizeof(float) / 1e9};
}

std::string case_name(const kernel_case& c) {
    const std::string t = "/t" + std::to_string(c.threads);
    if (c.op != kernel::mul_mat)
        return std::string(c.op == kernel::rms_norm ? "rms_norm/" : "soft_max/") + std::string(type_name(c.type)) +
               "/" + std::to_string(c.k) + "x" + std::to_string(c.n) + t;
    return "mul_mat/" + std::string(type_name(c.type)) + "/m" + std::to_string(c.m) + "_n" + std::to_string(c.n) +
           "_k" + std::to_string(c.k) + t;
}

void register_cases() {
    const kernel_case kernels[] = {
        {kernel::mul_mat, dtype::f32, 512, 512, 512, 1},
        {kernel::mul_mat, dtype::f16, 11008, 32, 4096, 1},
        {kernel::mul_mat, dtype::q8_0, 11008, 32, 4096, 1},
        {kernel::mul_mat, dtype::q4_0, 11008, 32, 4096, 1},
        {kernel::mul_mat, dtype::q4_0, 4096, 1, 4096, 1}, // decode: one token
        {kernel::mul_mat, dtype::q4_0, 4096, 1, 4096, 2},
        {kernel::mul_mat, dtype::q8_0, 4096, 1, 4096, 1},
        {kernel::mul_mat, dtype::q8_0, 4096, 1, 4096, 2},
        {kernel::mul_mat, dtype::f16, 4096, 1, 4096, 1}, // f16 models, attention on an f16 cache
        // The K-quants of Q4_K_M files (beyond the table).
        {kernel::mul_mat, dtype::q4_k, 11008, 32, 4096, 1},
        {kernel::mul_mat, dtype::q4_k, 4096, 1, 4096, 1},
        {kernel::mul_mat, dtype::q6_k, 4096, 1, 4096, 1},
        {kernel::rms_norm, dtype::f32, 0, 512, 4096, 1},
        {kernel::soft_max, dtype::f32, 0, 512, 4096, 1},
    };
    for (const kernel_case& c : kernels) {
        const case_row row = row_of(case_name(c), c);
        rows.push_back(row);
        using kernel_fn = std::vector<float> (*)(benchmark::State&, const kernel_case&);
        for (const auto& [side, run] : {std::pair<std::string, kernel_fn>{"planscope/", planscope_kernel},
                                        std::pair<std::string, kernel_fn>{"ggml/", ggml_kernel}}) {
            const std::string name = side + row.name;
            benchmark::RegisterBenchmark(name.c_str(), [c, row, name, run](benchmark::State& state) {
                std::vector<float> out = run(state, c);
                if (!out.empty()) outputs.try_emplace(name, std::move(out));
                state.counters[row.unit] = benchmark::Counter(row.work, benchmark::Counter::kIsIterationInvariantRate);
            })->Unit(benchmark::kMillisecond)->UseRealTime();
        }
        if (c.op != kernel::mul_mat || block_size(c.type) == 1) continue;
        const std::string name = "ggml_extra/" + row.name;
        benchmark::RegisterBenchmark(name.c_str(), [c, row, name](benchmark::State& state) {
            std::vector<float> out = ggml_extra_kernel(state, c);
            if (!out.empty()) outputs.try_emplace(name, std::move(out));
            state.counters[row.unit] = benchmark::Counter(row.work, benchmark::Counter::kIsIterationInvariantRate);
        })->Unit(benchmark::kMillisecond)->UseRealTime();
    }
    for (int n_layer : {32, 80}) {
        const std::string name = "plan/llama" + std::to_string(n_layer);
        rows.push_back({name, "us", 0});
        benchmark::RegisterBenchmark(("planscope/" + name).c_str(), planscope_plan, n_layer)
            ->Unit(benchmark::kMicrosecond)->UseRealTime();
        benchmark::RegisterBenchmark(("ggml/" + name).c_str(), ggml_plan, n_layer)
            ->Unit(benchmark::kMicrosecond)->UseRealTime();
    }
}

// Keeps the console output and takes each benchmark's median real time per iteration (or its
// only run's, without repetitions).
class median_reporter : public benchmark::ConsoleReporter {
public:
    // Colours only on a terminal (the library's own console reporter is not reachable to take
    // --benchmark_color from).
    median_reporter() : ConsoleReporter(isatty(STDOUT_FILENO) ? OO_ColorTabular : OO_Tabular) {}

    std::map<std::string, double> seconds; // by benchmark name
    int repetitions = 1;

    void ReportRuns(const std::vector<Run>& runs) override {
        for (const Run& r : runs) {
            const bool median = r.run_type == Run::RT_Aggregate && r.aggregate_name == "median";
            const bool only = r.run_type == Run::RT_Iteration && r.repetitions <= 1;
            if (r.error_occurred || !(median || only)) continue;
            seconds[r.run_name.function_name] = r.GetAdjustedRealTime() / benchmark::GetTimeUnitMultiplier(r.time_unit);
            repetitions = static_cast<int>(r.repetitions);
        }
        ConsoleReporter::ReportRuns(runs);
    }
};

// Largest difference between the two sides' results relative to ggml's largest magnitude: shows
// that both computed the same thing from the same bytes. Empty for cases without results.
std::string relative_difference(const std::string& name) {
    const auto p = outputs.find("planscope/" + name), g = outputs.find("ggml/" + name);
    if (p == outputs.end() && g == outputs.end()) return "";
    if (p == outputs.end() || g == outputs.end() || p->second.size() != g->second.size()) return "-";
    float diff = 0, scale = 0;
    for (std::size_t i = 0; i < p->second.size(); ++i) {
        diff = std::max(diff, std::abs(p->second[i] - g->second[i]));
        scale = std::max(scale, std::abs(g->second[i]));
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1e", scale > 0 ? diff / scale : diff);
    return text;
}

void print_table(const median_reporter& reporter, int load) {
    // The machine with every run: its CPU and the kernels Planscope chose for it (docs/performance.md
    // keeps a table per machine).
    std::printf("\n%s", planscope::cpu::cpu_report().c_str());
#ifdef PLANSCOPE_COMPARE_AVX2
    constexpr const char* build = ", both as on an AVX2-only x86";
#else
    constexpr const char* build = "";
#endif
    std::printf("Planscope vs ggml (%s%s), median of %d, load: %s\n", PLANSCOPE_GGML_NAME, build, reporter.repetitions,
                load > 0 ? (std::to_string(load) + " busy threads").c_str() : "off");
    // "ggml extra": the weights in ggml's CPU_REPACK buffer type; the ratio is against the faster
    // of the two ggml columns.
    std::printf("%-34s %10s %10s %11s %-7s %6s %8s\n", "case", "Planscope", "ggml", "ggml extra", "unit", "ratio", "rel.diff");
    for (const case_row& row : rows) {
        const auto p = reporter.seconds.find("planscope/" + row.name), g = reporter.seconds.find("ggml/" + row.name);
        if (p == reporter.seconds.end() || g == reporter.seconds.end()) continue; // filtered out or failed
        const auto e = reporter.seconds.find("ggml_extra/" + row.name);
        const auto value = [&](double seconds) { return row.work > 0 ? row.work / seconds : seconds * 1e6 / row.items; };
        const double pv = value(p->second), gv = value(g->second);
        const double ev = e == reporter.seconds.end() ? 0.0 : value(e->second);
        // Speeds: Planscope / ggml; times: ggml / Planscope. Either way > 1 means Planscope is faster.
        const double best = ev > 0 && row.work > 0 ? std::max(gv, ev) : gv;
        const double ratio = row.work > 0 ? pv / best : best / pv;
        char extra[16] = "-";
        if (ev > 0) std::snprintf(extra, sizeof extra, "%.2f", ev);
        std::printf("%-34s %10.2f %10.2f %11s %-7s %6.2f %8s\n", row.name.c_str(), pv, gv, extra, row.unit.c_str(), ratio,
                    relative_difference(row.name).c_str());
    }

}

// Threads that keep cores busy with arithmetic for the whole run: a loaded machine.
std::vector<std::jthread> start_load(int n) {
    std::vector<std::jthread> threads;
    for (int i = 0; i < n; ++i)
        threads.emplace_back([](std::stop_token stop) {
            double x = 1.0;
            while (!stop.stop_requested()) {
                for (int j = 0; j < 4096; ++j) x = x * 1.0000001 + 1e-9;
                benchmark::DoNotOptimize(x);
            }
        });
    return threads;
}

} // namespace

int main(int argc, char** argv) {
#ifdef PLANSCOPE_COMPARE_AVX2
    // An AVX2-only x86 on both sides: ggml built without AVX-512, Planscope's dispatch capped (simd.h).
    setenv("PLANSCOPE_CPU_ISA", "avx2", 1);
#endif
    // Defaults first: flags given on the command line come later and win.
    std::vector<char*> args{argv[0]};
    std::string defaults[] = {"--benchmark_enable_random_interleaving=true", "--benchmark_repetitions=5",
                              "--benchmark_display_aggregates_only=true"};
    for (std::string& d : defaults) args.push_back(d.data());
    int load = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string_view a = argv[i];
        if (a != "--load" && !a.starts_with("--load=")) {
            args.push_back(argv[i]);
            continue;
        }
        const std::string_view n = a == "--load" ? (i + 1 < argc ? argv[++i] : "") : a.substr(7);
        const auto [end, ec] = std::from_chars(n.data(), n.data() + n.size(), load);
        if (ec != std::errc{} || end != n.data() + n.size() || n.empty() || load < 0) {
            std::fprintf(stderr, "compare_ggml: --load takes a number of busy threads\n");
            return 1;
        }
    }
    int n_args = static_cast<int>(args.size());
    args.push_back(nullptr);
    benchmark::Initialize(&n_args, args.data());
    if (benchmark::ReportUnrecognizedArguments(n_args, args.data())) return 1;

    register_cases();
    compare_ggml::register_model_cases();
    const auto busy = start_load(load);
    median_reporter reporter;
    benchmark::RunSpecifiedBenchmarks(&reporter);
    print_table(reporter, load);
    compare_ggml::print_top_tokens();
    compare_ggml::print_planner_2026_check();
    benchmark::Shutdown();
}
