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
// MLA with q_lora_rank, kv_lora_rank 32, one leading dense layer, sigmoid gating with exp_probs_b.
gguf_document zoo_deepseek2(zoo_builder& b);

} // namespace planscope::test_models
