#pragma once
// A llama GGUF prompt computed by the scheduler over several backends: the llama graph with
// -ngl layers' weights on the second backend ("weights_gpu"), each document buffer made on the
// backend its name resolves to (buffer_backend_of_document), the CPU weights used in place from
// the file's mapping when their backend is a CPU one, inputs pre-allocated on input_backend.
#include "sched_runner.h"

#include "models/gguf.h"
#include "models/llama_graph.h"

#include <cstdint>
#include <functional>
#include <memory>
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

// The model's buffers made on their backends and its weights loaded once, the scheduler measured
// for a batch of n_tokens; then each compute() that many tokens from position 0, the graph built
// anew as llama.cpp builds one per batch (what bench_rpc times). `file` and the backends must
// outlive it. Errors of create: no tokens, more than n_ctx, a vocab-only file, any scheduler
// error; of compute: another token count, a token outside the vocabulary, any scheduler error.
class sched_llama_session {
public:
    static result<std::unique_ptr<sched_llama_session>> create(const gguf_file& file, std::size_t n_tokens,
                                                               std::span<backend* const> backends,
                                                               const sched_llama_options& options);
    ~sched_llama_session();
    sched_llama_session(const sched_llama_session&) = delete;
    sched_llama_session& operator=(const sched_llama_session&) = delete;

    result<sched_llama_outcome> compute(std::span<const std::int32_t> tokens);

private:
    sched_llama_session(const gguf_file& file, const sched_llama_options& options);
    status preallocate(llama_model_graph& m);

    const gguf_file& m_file;
    sched_llama_options m_options;
    llama_params m_params;
    std::uint32_t m_n_vocab = 0;
    buffer_table m_table;
    std::unique_ptr<scheduler> m_sched;
    int m_inputs_on = 0;
    std::unique_ptr<llama_model_graph> m_measure; // init_measure's graph: the scheduler points at it until a compute
};

// A session's one compute. Errors: those of create and compute.
result<sched_llama_outcome> run_llama_prompt_sched(const gguf_file& file, std::span<const std::int32_t> tokens,
                                                   std::span<backend* const> backends,
                                                   const sched_llama_options& options);

} // namespace planscope
