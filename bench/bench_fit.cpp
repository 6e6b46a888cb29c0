// planscope-cli fit's engine (llm_context/llm_fit.h) on real shapes: the shape-only Llama-3-70B
// zoo model (a sparse file written to a temporary folder) searched for the most layers that fit
// two 24 GB CUDA cards (the target: 2 s), and one breakdown of it and of Llama-2-7B's shape (the
// vocab-only file) on one card, what each what-if of the GUI's Devices panel recomputes; llama.cpp's
// own --fit search (llm_fit_auto.h) on the 70B shape over the two cards and on Mixtral's over one.
#include "device/device_presets.h"
#include "llm_context/llm_fit.h"
#include "llm_context/llm_fit_auto.h"
#include "model_zoo.h"

#include <benchmark/benchmark.h>

#include <filesystem>

using namespace planscope;

namespace {

llm_device_set cards(int n) {
    llm_device_set set;
    set.cpu = cpu_device_profile();
    for (int i = 0; i < n; ++i) {
        auto d = device_preset("cuda-24gb");
        if (!d) return set;
        d->name = "CUDA" + std::to_string(i);
        d->buffer.name = d->name;
        set.gpus.push_back(*d);
    }
    return set;
}

std::optional<gguf_file> zoo_file(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / "planscope-bench-fit";
    std::filesystem::create_directories(dir);
    const auto zoo = test_models::zoo_model_named(name);
    if (!zoo || !test_models::write_zoo_model(*zoo, dir)) return std::nullopt;
    auto f = open_gguf(dir / (name + ".gguf"));
    if (!f) return std::nullopt;
    return std::move(*f);
}

const gguf_file* model_70b() {
    static const std::optional<gguf_file> file = zoo_file("llama3-70b");
    return file ? &*file : nullptr;
}

llm_context_params context(std::uint32_t n_ctx) {
    llm_context_params p;
    p.n_ctx = n_ctx;
    return p;
}

void BM_fit_find_ngl_70b_two_24gb(benchmark::State& state) {
    const gguf_file* file = model_70b();
    if (!file) return state.SkipWithError("cannot write the llama3-70b zoo model");
    const llm_device_set set = cards(2);
    std::int64_t best = -1;
    std::size_t tries = 0;
    for (auto _ : state) {
        auto r = llm_fit_find(*file, context(4096), set, {}, true, {});
        if (!r) return state.SkipWithError(r.err().message.c_str());
        best = r->value.value_or(-1);
        tries = r->tries;
    }
    state.counters["best_ngl"] = static_cast<double>(best);
    state.counters["plans"] = static_cast<double>(tries);
}
BENCHMARK(BM_fit_find_ngl_70b_two_24gb)->Unit(benchmark::kMillisecond);

void BM_fit_70b_two_24gb(benchmark::State& state) {
    const gguf_file* file = model_70b();
    if (!file) return state.SkipWithError("cannot write the llama3-70b zoo model");
    const llm_device_set set = cards(2);
    llm_placement_params p;
    p.n_gpu_layers = 40;
    for (auto _ : state) {
        auto r = llm_fit(*file, context(4096), set, p);
        if (!r) return state.SkipWithError(r.err().message.c_str());
        benchmark::DoNotOptimize(r->devices);
    }
}
BENCHMARK(BM_fit_70b_two_24gb)->Unit(benchmark::kMillisecond);

// llama.cpp's --fit (llm_fit_auto.h) on the 70B shape over two 24 GB cards: at llama-cli's
// defaults (the trained 8192 fits: one plan), and with -c 32768 set, which leaves the layers to
// distribute (the false position on each card).
void fit_auto_70b(benchmark::State& state, std::uint32_t n_ctx) {
    const gguf_file* file = model_70b();
    if (!file) return state.SkipWithError("cannot write the llama3-70b zoo model");
    const llm_device_set set = cards(2);
    int ngl = 0;
    std::size_t plans = 0;
    for (auto _ : state) {
        auto r = llm_fit_auto(*file, context(n_ctx), set, {});
        if (!r) return state.SkipWithError(r.err().message.c_str());
        ngl = r->placement.n_gpu_layers;
        plans = r->plans;
    }
    state.counters["ngl"] = ngl;
    state.counters["plans"] = static_cast<double>(plans);
}
void BM_fit_auto_70b_two_24gb(benchmark::State& state) { fit_auto_70b(state, 0); }
BENCHMARK(BM_fit_auto_70b_two_24gb)->Unit(benchmark::kMillisecond);
void BM_fit_auto_70b_two_24gb_ctx_32k(benchmark::State& state) { fit_auto_70b(state, 32768); }
BENCHMARK(BM_fit_auto_70b_two_24gb_ctx_32k)->Unit(benchmark::kMillisecond);

// The MoE passes: Mixtral-8x7B's shape on one 24 GB card (context cut, experts moved).
void BM_fit_auto_mixtral_one_24gb(benchmark::State& state) {
    static const std::optional<gguf_file> file = zoo_file("mixtral-8x7b");
    if (!file) return state.SkipWithError("cannot write the mixtral-8x7b zoo model");
    const llm_device_set set = cards(1);
    std::size_t overrides = 0, plans = 0;
    for (auto _ : state) {
        auto r = llm_fit_auto(*file, context(0), set, {});
        if (!r) return state.SkipWithError(r.err().message.c_str());
        overrides = r->placement.overrides.size();
        plans = r->plans;
    }
    state.counters["overrides"] = static_cast<double>(overrides);
    state.counters["plans"] = static_cast<double>(plans);
}
BENCHMARK(BM_fit_auto_mixtral_one_24gb)->Unit(benchmark::kMillisecond);

void BM_fit_7b_one_24gb(benchmark::State& state) {
    auto file = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / "ggml-vocab-llama-spm.gguf");
    if (!file) return state.SkipWithError(file.err().message.c_str());
    const llm_device_set set = cards(1);
    for (auto _ : state) {
        auto r = llm_fit(*file, context(4096), set, {});
        if (!r) return state.SkipWithError(r.err().message.c_str());
        benchmark::DoNotOptimize(r->devices);
    }
}
BENCHMARK(BM_fit_7b_one_24gb)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
