#pragma once
// What llama.cpp da46e59c reserves when it makes a context (llama_context's constructor and
// sched_reserve), with every layer on the CPU: the prompt graph (n_ubatch tokens, min(n_ubatch,
// n_outputs_max) outputs), the one-token graph, the prompt graph again, each split by the 2026
// scheduler and reserved by its allocator (ggml_backend_sched_reserve); the compute buffer only
// grows. Flash attention "auto" resolves to on (the CPU runs FLASH_ATTN_EXT in every layer).
// The memory breakdown is llama_get_memory_breakdown's: per buffer type the model's bytes (the
// mapped file, "CPU_Mapped"), the context's (the KV cache, "CPU") and the compute buffer ("CPU").
#include "core/error.h"
#include "llm/llm_build.h"
#include "llm/llm_context_params.h"
#include "llm/llm_placement.h"
#include "models/gguf.h"

#include <string>
#include <vector>

namespace planscope {

struct llm_memory_row {
    std::string buffer_type; // "CPU_Mapped", "CPU", "CUDA0", "CUDA_Host"
    std::size_t model = 0, context = 0, compute = 0;
    int device = -1; // the GPU (an index into the placement's gpus) it is memory of; -1: the host
};

struct llm_graph_reserve {
    std::size_t nodes = 0, leafs = 0, splits = 0;
    std::size_t compute = 0;            // this graph's reserve alone (the sum over backends)
    std::vector<std::size_t> compute_per_backend; // by the scheduler's backends
};

struct llm_reserve_result {
    llm_cparams cparams;
    llm_graph_reserve pp, tg;
    std::size_t compute = 0;      // the compute buffers after pp, tg, pp (every backend)
    std::size_t output_bytes = 0; // the logits buffer (output_reserve(n_seq_max)), not in the breakdown
    // The scheduler's backends (GPUs, then the CPU) and each one's compute buffer.
    std::vector<std::string> backends;
    std::vector<std::size_t> compute_per_backend;
    int n_copies = 1;
    // One row per buffer type: the GPUs' in device order, then the host's; CPU-only: "CPU"
    // (context, compute), then "CPU_Mapped" (model).
    std::vector<llm_memory_row> memory;
};

// The prompt graph llama.cpp reserves with: min(n_ctx, n_ubatch) tokens rounded up to a multiple
// of n_seq_max, min(that, n_outputs_max) outputs.
llm_ubatch_shape llm_reserve_prompt_shape(const llm_cparams& c);

// Errors as build_llm_graph's, or what the scheduler or the allocator refuse.
result<llm_reserve_result> llm_reserve(const gguf_file& file, const llm_context_params& params);

// The same on devices: the weights and the KV cache where `placement` puts them, the graphs split
// by the 2026 scheduler over the model's GPUs and the CPU (llm_device_sched.h); flash attention
// "auto" off when a layer's FLASH_ATTN_EXT would not run on its layer's device, as llama.cpp
// resolves it. op_offload false: --no-op-offload.
result<llm_reserve_result> llm_reserve(const gguf_file& file, const llm_context_params& params,
                                       const llm_placement& placement, bool op_offload = true);

// One graph split and reserved as ggml_backend_sched_reserve does it on the CPU backend alone.
result<llm_graph_reserve> llm_reserve_graph(llm_graph_build& build);

} // namespace planscope
