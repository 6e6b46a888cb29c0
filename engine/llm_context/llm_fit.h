#pragma once
// Will the model fit? llama.cpp's memory breakdown (llama_memory_breakdown_print) per device of
// a placement, against each device's free memory less a margin (common_params_fit's --fit-target,
// 1024 MiB a device by default), and the largest setting that fits: the most layers offloaded,
// the longest context, the fewest layers' experts kept on the CPU — each found on the real plan
// by bisection (the memory grows with the layers offloaded and the context, and shrinks with the
// experts left on the CPU), where llama.cpp's common_params_fit loads the model once per try.
#include "llm_reserve.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

inline constexpr std::uint64_t llm_fit_default_margin = 1024ull * 1024 * 1024;
inline constexpr std::uint32_t llm_fit_min_ctx = 4096; // common_params' fit_params_min_ctx

// One row of the breakdown: a GPU, the host (every host buffer type together), or a CPU extra
// buffer type, which is not host (llama_memory_breakdown_print's line of its own: "CPU_REPACK").
struct llm_device_memory {
    std::string name;        // "CUDA0", "Host", "CPU_REPACK"
    std::string description; // "NVIDIA GeForce RTX 4090"
    int device = -1;         // an index into the set's gpus; -1: the host's memory (Host, CPU_REPACK, AMX)
    std::uint64_t total = 0, free = 0;
    std::size_t model = 0, context = 0, compute = 0;
    [[nodiscard]] std::size_t self() const { return model + context + compute; }
    // free - self - margin: what is left over the margin (negative: short by that much).
    [[nodiscard]] std::int64_t surplus(std::uint64_t margin) const;
};

struct llm_fit_report {
    llm_reserve_result reserve;
    int offloaded_layers = 0;
    std::vector<llm_device_memory> devices; // the GPUs in order, then the host, then the CPU's extra buffer types
    // Every GPU within its free memory less the margin; the host (with the extra types) when there is no GPU.
    [[nodiscard]] bool fits(std::uint64_t margin) const;
};

// "fits, 3.1 GiB free over the margin" / "over by 1.2 GiB: KV cache 8.0 GiB is the largest share"
std::string fit_verdict(const llm_device_memory& d, std::uint64_t margin);

result<llm_fit_report> llm_fit(const gguf_file& file, const llm_context_params& context, const llm_device_set& devices,
                               const llm_placement_params& placement, bool op_offload = true);

enum class llm_fit_target : std::uint8_t { ngl, ctx, n_cpu_moe };

struct llm_fit_search {
    llm_fit_target target = llm_fit_target::ngl;
    std::uint64_t margin = llm_fit_default_margin;
    std::uint32_t min_ctx = llm_fit_min_ctx;
};

struct llm_fit_found {
    std::optional<std::int64_t> value; // nullopt: nothing in range fits
    std::size_t tries = 0;             // plans made
    llm_fit_report report;             // at the value (or at the smallest setting tried)
};

// ngl: the most layers (0 .. n_layer + 1) that fit; ctx: the longest n_ctx, a multiple of 256
// from min_ctx up to the model's n_ctx_train; n_cpu_moe: the fewest layers (0 .. n_layer) whose
// experts stay on the CPU. Errors: n_cpu_moe for a model without experts, the plans' errors.
result<llm_fit_found> llm_fit_find(const gguf_file& file, const llm_context_params& context,
                                   const llm_device_set& devices, const llm_placement_params& placement,
                                   bool op_offload, const llm_fit_search& search);

} // namespace planscope
