#pragma once
// template:llama in ggml 2026: its hyperparameters as the metadata of a GGUF file made in memory,
// with no tensors, so that llama.cpp da46e59c's graph is built as for a vocab-only file (shape-only
// placeholder weights: f16 matrices, f32 vectors; llm/llm_weights.h).
#include "core/error.h"
#include "models/gguf.h"
#include "models/llama_hparams.h"

#include <cstdint>

namespace planscope {

// The most tokens the in-memory vocabulary holds (tokenizer.ggml.tokens of empty strings, 16 bytes
// each once read): 4 Mi, over every released vocabulary (Gemma 3's 262,144).
inline constexpr std::uint32_t llama_template_max_vocab = std::uint32_t{1} << 22;

// general.architecture "llama", general.name "llama", llama.context_length n_ctx_train,
// embedding_length, block_count, feed_forward_length, attention.head_count / head_count_kv,
// attention.layer_norm_rms_epsilon, rope.dimension_count, rope.freq_base and n_vocab tokens.
// Errors: a vocabulary over llama_template_max_vocab, n_head not dividing n_embd.
result<gguf_file> llama_template_gguf(const llama_hparams& h);

} // namespace planscope
