#pragma once
// Model hyperparameters from GGUF metadata, read the way llama.cpp's llm_load_hparams read them
// (late 2023): "<arch>.<key>" names, n_vocab from the token list, optional keys with defaults.
#include "core/error.h"
#include "gguf.h"

#include <cstdint>
#include <string>

namespace planscope {

enum class rope_scaling { none, linear, yarn };

struct llama_hparams {
    std::string arch; // general.architecture: "llama", "phi3", "gpt2", ...
    std::string name; // general.name, empty when absent

    std::uint32_t n_vocab = 0;     // length of tokenizer.ggml.tokens
    std::uint32_t n_ctx_train = 0; // <arch>.context_length
    std::uint32_t n_embd = 0;
    std::uint32_t n_layer = 0;
    std::uint32_t n_ff = 0;
    std::uint32_t n_head = 0;
    std::uint32_t n_head_kv = 0; // defaults to n_head
    std::uint32_t n_rot = 0;     // rope.dimension_count, defaults to n_embd / n_head

    float f_norm_eps = 0.0f;     // attention.layer_norm_epsilon (LayerNorm models), 0 when absent
    float f_norm_rms_eps = 0.0f; // attention.layer_norm_rms_epsilon (RMSNorm models), 0 when absent

    float rope_freq_base = 10000.0f;       // rope.freq_base
    float rope_freq_scale = 1.0f;          // 1 / rope.scaling.factor (or the older rope.scale_linear)
    rope_scaling rope_scaling_type = rope_scaling::linear;
    std::uint32_t n_yarn_orig_ctx = 0;     // rope.scaling.original_context_length, defaults to n_ctx_train

    [[nodiscard]] std::uint32_t n_embd_head() const { return n_embd / n_head; }
    [[nodiscard]] std::uint32_t n_embd_gqa() const { return n_embd_head() * n_head_kv; }
};

// Errors read "missing key llama.embedding_length" or "invalid key ...: reason" (no file name:
// callers prefix it).
result<llama_hparams> read_hparams(const gguf_file& file);

std::string_view rope_scaling_name(rope_scaling s);

} // namespace planscope
