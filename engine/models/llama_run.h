#pragma once
// A llama GGUF model computed on the CPU backend: weights used in place from the file's mapping,
// a persistent zeroed KV cache, inputs allocated first in the compute buffer as llama.cpp did.
#include "backend/buffer_table.h"
#include "backend/cpu/cpu_backend.h"
#include "core/error.h"
#include "gguf.h"

#include <cstdint>
#include <span>
#include <vector>

namespace planscope {

struct run_options {
    int n_threads = 1;
    int n_ctx = 512;            // KV cache cells
    dtype kv_type = dtype::f16; // f16 or f32
    // ggml: activations rounded to f16 against f16 weights and the f16 KV cache, as ggml does;
    // exact_f32: kept in f32 (docs/numerics.md).
    planscope::f16_numerics f16_numerics = planscope::f16_numerics::ggml;
    bool weight_repack = true; // cpu_backend::set_weight_repack
};

// One model, its weights and KV cache registered once; each step builds, places and computes a graph.
class llama_cpu_session {
public:
    llama_cpu_session(gguf_file file, const run_options& options);

    // Logits [n_vocab, tokens] of `tokens` at positions n_past.. (the cache holds the earlier ones).
    // Errors: a vocab-only file, a token outside [0, n_vocab), more tokens than n_ctx cells.
    result<std::vector<float>> step(std::span<const std::int32_t> tokens, int n_past);

private:
    gguf_file m_file;
    run_options m_options;
    cpu_backend m_backend;
    buffer_table m_table;
};

// The logits [n_vocab] of the last position of `tokens` computed in one batch from position 0.
result<std::vector<float>> run_llama_prompt(const gguf_file& file, std::span<const std::int32_t> tokens,
                                            const run_options& options);

} // namespace planscope
