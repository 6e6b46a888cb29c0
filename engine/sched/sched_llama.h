#pragma once
// A llama GGUF prompt computed by the scheduler over several backends: the llama graph with
// -ngl layers' weights on the second backend ("weights_gpu"), each document buffer made on the
// backend its name resolves to (buffer_backend_of_document), the CPU weights used in place from
// the file's mapping when their backend is a CPU one, inputs pre-allocated on input_backend.
#include "sched_runner.h"

#include "models/gguf.h"

#include <cstdint>
#include <functional>
#include <span>

namespace planscope {

struct sched_llama_options {
    int n_ctx = 512;
    dtype kv_type = dtype::f16;
    int ngl = 0;
    sched_observer* observer = nullptr; // the compute's events (may be null), on the calling thread
    // A node's backend index, or -1 to leave it to the scheduler: set_node_backend on the measure
    // and the compute graphs alike (ggml_backend_sched_set_tensor_backend; layers pinned to
    // backends beyond -ngl's one, as a test spreads them over two RPC servers).
    std::function<int(const tensor&)> node_backend{};
};

struct sched_llama_outcome {
    std::vector<float> logits; // the last position's, [n_vocab]
    sched_outcome report;      // splits, buffers, timings; outputs holds the logits' summary
};

// Errors: a vocab-only file, a token outside the vocabulary, more tokens than n_ctx, and any
// scheduler error.
result<sched_llama_outcome> run_llama_prompt_sched(const gguf_file& file, std::span<const std::int32_t> tokens,
                                                   std::span<backend* const> backends,
                                                   const sched_llama_options& options);

} // namespace planscope
