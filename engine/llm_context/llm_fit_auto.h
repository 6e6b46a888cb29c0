#pragma once
// llama.cpp da46e59c's --fit (common/fit.cpp: common_fit_params / common_params_fit_impl), which
// llama-cli and llama-server run before loading a model (common_init_result, common.cpp 1222-1231),
// on Planscope's plan: where llama.cpp loads the model with no_alloc for each device's memory
// (common_get_device_memory_data), each try here is an llm_fit. The same steps, in the same
// integer arithmetic: no change when every device keeps its margin; a trained context reduced
// toward min_ctx by linear interpolation; layers filled back to front per device by false
// position against free - margin, tensor_split the layers per device; for a MoE model the expert
// tensors of the partial layers moved to the CPU (or the next GPU) by the overrides fit.cpp writes.
// docs/fit.md ("llama.cpp's --fit") lists what is reproduced and what differs.
#include "llm_fit.h"

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace planscope {

// min_ctx when the user asked for the trained context (llama-cli -c 0: arg.cpp 1400-1405).
inline constexpr std::uint32_t llm_fit_full_ctx = std::numeric_limits<std::uint32_t>::max();

// common_params_fit_status less ERROR, which is the result's error.
enum class llm_fit_auto_status : std::uint8_t {
    success, // the parameters are projected to fit (or needed no change)
    failure, // common_params_fit_exception: llama.cpp warns and loads with the parameters as they are
};

struct llm_fit_auto_result {
    llm_fit_auto_status status = llm_fit_auto_status::success;
    std::string reason; // failure: llama.cpp's reason, "n_gpu_layers already set by user to 20, abort"
    // What llama.cpp loads with afterwards: n_ctx; n_gpu_layers, tensor_split (several GPUs) and
    // the overrides. On failure, what the steps before it had set (a reduced n_ctx stays).
    llm_context_params context;
    llm_placement_params placement;
    llm_fit_report report;          // llm_fit at the parameters above (the file's mapping as given)
    std::vector<std::string> steps; // llama.cpp's log lines of the search (LOG_TRC), in order
    std::size_t plans = 0;          // the tries: llama.cpp's no_alloc loads
};

// margins: one value for every model GPU (as --fit-target broadcasts one), or one per model GPU
// (the rest 1024 MiB); empty: 1024 MiB each. With no GPU the first is the host's.
// min_ctx: --fit-ctx (4096), llm_fit_full_ctx for -c 0. context.n_ctx 0 is the trained context,
// the only one fit reduces; placement.n_gpu_layers -1 is "auto" (llama_model_default_params),
// the only one it sets, <= -2 is "all". Errors: llm_fit's, and what llama.cpp throws as
// runtime_error (more than 1000 layers to write patterns for).
result<llm_fit_auto_result> llm_fit_auto(const gguf_file& file, const llm_context_params& context,
                                         const llm_device_set& devices, const llm_placement_params& placement,
                                         bool op_offload = true, const std::vector<std::uint64_t>& margins = {},
                                         std::uint32_t min_ctx = llm_fit_min_ctx);

} // namespace planscope
