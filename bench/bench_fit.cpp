// planscope-cli fit's engine (llm_context/llm_fit.h) on real shapes: the shape-only Llama-3-70B
// zoo model (a sparse file written to a temporary folder) searched for the most layers that fit
// two 24 GB CUDA cards (the target: 2 s), and one breakdown of it and of Llama-2-7B's shape (the
// vocab-only file) on one card, what each what-if of the GUI's Devices panel recomputes.
#include "device/device_presets.h"
#include "llm_context/llm_fit.h"
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

const gguf_file* model_70b() {
    static const std::optional<gguf_file> file = []() -> std::optional<gguf_file> {
        const auto dir = std::filesystem::temp_directory_path() / "planscope-bench-fit";
        std::filesystem::create_directories(dir);
        const auto zoo = test_models::zoo_model_named("llama3-70b");
        if (!zoo || !test_models::write_zoo_model(*zoo, dir)) return std::nullopt;
        auto f = open_gguf(dir / "llama3-70b.gguf");
        if (!f) return std::nullopt;
        return std::move(*f);
    }();
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
