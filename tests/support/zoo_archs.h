#pragma once
// One function per architecture: the keys and tensors llama.cpp da46e59c's
// src/models/ARCH.cpp load_arch_hparams / load_arch_tensors read, for the builder's dimensions.
#include "zoo_builder.h"

namespace planscope::test_models {

struct zoo_llama_options {
    bool rope_freqs = false; // Llama 3.1: rope_freqs.weight, the per-frequency factors
    bool tied = false;       // no output.weight: the output reuses token_embd
    float freq_base = 10000.0f;
};

// llama: dense, or Mixtral-style experts when dims().experts > 0.
gguf_document zoo_llama(zoo_builder& b, const zoo_llama_options& o);
gguf_document zoo_qwen2(zoo_builder& b);
gguf_document zoo_qwen3(zoo_builder& b, bool tied);
gguf_document zoo_gemma(zoo_builder& b);
gguf_document zoo_gemma2(zoo_builder& b);
gguf_document zoo_gemma3(zoo_builder& b);
gguf_document zoo_phi3(zoo_builder& b);
gguf_document zoo_gpt2(zoo_builder& b);
gguf_document zoo_falcon(zoo_builder& b);
gguf_document zoo_starcoder(zoo_builder& b);
gguf_document zoo_stablelm(zoo_builder& b);
gguf_document zoo_mpt(zoo_builder& b);

gguf_document zoo_qwen2moe(zoo_builder& b);
gguf_document zoo_qwen3moe(zoo_builder& b);
gguf_document zoo_gpt_oss(zoo_builder& b, std::uint32_t sliding_window, std::uint32_t yarn_orig_ctx);
struct zoo_deepseek2_options {
    std::int64_t q_lora_rank = 32; // 0: attn_q (DeepSeek-V2-Lite)
    bool mla = true;               // false: the old layout, one attn_kv_b and MHA
    bool sigmoid = true;           // sigmoid gating with exp_probs_b; false: softmax (no gating key)
    std::uint32_t expert_groups = 0, expert_groups_used = 0;
    bool yarn = false;             // YaRN 4x with a yarn_log_multiplier
};

// MLA with q_lora_rank, kv_lora_rank 32, one leading dense layer, sigmoid gating with exp_probs_b.
gguf_document zoo_deepseek2(zoo_builder& b, const zoo_deepseek2_options& o);

// The variants (zoo_variants.cpp): other dimensions, optional tensors present or absent, other keys.
struct zoo_variant {
    std::string name;
    std::string arch;
    gguf_document (*make)(zoo_builder&);
    zoo_dims dims;
    dtype matrix = dtype::f32;
};
const std::vector<zoo_variant>& zoo_variants();

} // namespace planscope::test_models
