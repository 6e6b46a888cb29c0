#pragma once
// The passes of llm_fit_auto (llm_fit_auto.h) and the state they share: common_params_fit_impl's
// locals, each named as fit.cpp names it. Internal to llm_fit_auto*.cpp.
#include "llm_fit_auto.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace planscope::llm_fit_auto_detail {

inline constexpr std::int64_t MiB = 1024 * 1024;

// llama_device_memory_data of one model GPU, or of the host (the last), signed as fit.cpp keeps it.
struct device_memory_data {
    std::int64_t total = 0, free = 0;
    std::int64_t model = 0, context = 0, compute = 0;
    [[nodiscard]] std::int64_t used() const { return model + context + compute; } // mb.total()
};
using dmds_t = std::vector<device_memory_data>;

// How a pass ends: on to the next one, or llama.cpp returns (done: success, or failure with the
// reason in fit_state::failure — a common_params_fit_exception).
enum class pass_end : std::uint8_t { next, done };

struct fit_state {
    fit_state(const gguf_file& f, const llm_device_set& d, bool offload, std::uint32_t min_ctx, llm_context_params c,
              llm_placement_params p)
        : file(f), devices(d), op_offload(offload), n_ctx_min(min_ctx), cparams(c), mparams(std::move(p)) {}

    const gguf_file& file;
    const llm_device_set& devices;
    bool op_offload = true;
    std::uint32_t n_ctx_min = llm_fit_min_ctx;
    llm_context_params cparams;   // *cparams: what the passes change
    llm_placement_params mparams; // *mparams
    std::vector<int> devs;        // the model's GPUs, as indices into devices.gpus
    std::vector<std::int64_t> margins;
    std::vector<std::string> dev_names; // "CUDA0 (NVIDIA GeForce RTX 4090)", padded to one width
    std::uint32_t hp_ngl = 0, hp_nct = 0, hp_nex = 0;
    std::vector<std::string> steps;
    std::size_t plans = 0;
    std::string failure;

    [[nodiscard]] std::size_t nd() const { return devs.size(); }
    // LOG_TRC("common_params_fit_impl: ...").
    [[gnu::format(printf, 2, 3)]] void log(const char* format, ...);
    pass_end fail(std::string reason);
    // common_get_device_memory_data_impl: the model loaded with mparams_copy (no mmap) and
    // cparams; the model GPUs in order, then the host.
    [[nodiscard]] result<dmds_t> device_memory(const llm_placement_params& p);
};

// Step 1 (fit.cpp 192-286): the memory at the given parameters; done when it fits.
pass_end check_initial(fit_state& s, const dmds_t& dmds_full);
// Step 2 (fit.cpp 288-373): a trained context interpolated down toward n_ctx_min.
result<pass_end> reduce_context(fit_state& s, const dmds_t& dmds_full);
// fit.cpp 375-398: what the user set that fit will not change.
pass_end check_user_set(fit_state& s);
// Steps 3 and 4 (fit.cpp 400-787): layers per device, MoE tensors to the CPU; sets s.mparams.
result<pass_end> fit_layers(fit_state& s, const dmds_t& dmds_full);

} // namespace planscope::llm_fit_auto_detail
