#pragma once
// A llama.cpp da46e59c model decoded on the CPU backend, as llama_decode does it for one
// sequence: the batch split into ubatches of n_ubatch tokens; for each, the cells found and
// applied (llm_decode.h), the graph built for that ubatch (build_llm_graph with its n_kv and
// outputs), its compute buffer planned by the 2026 allocator (ggml2026::plan_graph), the inputs
// filled (llm_input_fill.h), the graph computed, the output rows' logits read. Weights are used in
// place from the file's mapping; the KV cache is one zeroed buffer kept across decodes, so that
// positions advance (n_past) as in a llama_context.
#include "backend/buffer_table.h"
#include "backend/cpu/cpu_backend.h"
#include "core/error.h"
#include "llm/llm_context_params.h"
#include "llm/llm_decode.h"
#include "models/gguf.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace planscope {

struct llm_run_options {
    llm_context_params context; // n_ctx, n_batch, n_ubatch, flash attention, K/V types
    int n_threads = 1;
    bool weight_repack = true; // q4_0 / q4_K weights packed, as llama.cpp's CPU_REPACK (cpu_backend::set_weight_repack)
};

// The logits of a decode's outputs, in batch order.
struct llm_logits {
    std::uint32_t n_vocab = 0;
    std::vector<std::uint32_t> tokens; // the batch index of each output
    std::vector<float> values;         // n_vocab per output

    [[nodiscard]] std::span<const float> row(std::size_t output) const {
        return std::span(values).subspan(output * n_vocab, n_vocab);
    }
    [[nodiscard]] std::span<const float> last() const { return row(tokens.size() - 1); }
};

class llm_cpu_session {
public:
    // Errors: what read_model_hparams and resolve_cparams refuse, a vocab-only file, more than
    // one sequence.
    static result<std::unique_ptr<llm_cpu_session>> create(gguf_file file, const llm_run_options& options);

    // llama_decode of llama_batch_get_one(tokens) at positions n_past()...: the last token's
    // logits, or every token's with all_logits. Errors (the cache is left as it was): no tokens,
    // more than n_batch, a token outside the vocabulary, no free cells, what a build, the
    // allocator or a kernel refuses ("CPU backend: OP 'name': ...").
    result<llm_logits> decode(std::span<const std::int32_t> tokens, bool all_logits = false);

    [[nodiscard]] std::uint32_t n_past() const { return m_n_past; }
    [[nodiscard]] const llm_hparams& hparams() const { return m_hparams; }
    [[nodiscard]] const llm_cparams& cparams() const { return m_cparams; }
    // The compute buffer of the last ubatch's graph.
    [[nodiscard]] std::size_t compute_bytes() const { return m_compute_bytes; }
    // The time the CPU backend spent computing graphs (planning them into kernel calls included),
    // all decodes together.
    [[nodiscard]] std::chrono::nanoseconds compute_time() const { return m_compute_time; }

private:
    llm_cpu_session(gguf_file file, const llm_run_options& options, llm_hparams h, llm_cparams c);
    result<std::vector<float>> decode_ubatch(std::span<const std::int32_t> tokens,
                                             std::span<const std::uint8_t> output);

    gguf_file m_file;
    llm_hparams m_hparams;
    llm_cparams m_cparams;
    cpu_backend m_backend;
    buffer_table m_table;
    llm_kv_cells m_cells;
    std::optional<llm_kv_cells> m_cells_swa; // llama_kv_cache_iswa's SWA cache
    std::uint32_t m_n_past = 0;
    std::size_t m_compute_bytes = 0;
    std::chrono::nanoseconds m_compute_time{0};
};

// The last token's logits [n_vocab] of `tokens` decoded from position 0 in a fresh context.
result<std::vector<float>> run_llm_prompt(const gguf_file& file, std::span<const std::int32_t> tokens,
                                          const llm_run_options& options);

} // namespace planscope
