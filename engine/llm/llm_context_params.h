#pragma once
// What a llama.cpp context is made with (llama_context_params) and what its constructor makes of
// it (llama_cparams): n_ctx padded to a multiple of 256, n_batch limited by n_ctx for causal
// attention, n_ubatch by n_batch, n_outputs_max, rope parameters from the model, flash attention
// resolved. Defaults are llama_context_default_params'.
#include "core/error.h"
#include "core/types.h"
#include "llm_hparams.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace planscope {

// llama_flash_attn_type.
enum class llm_flash_attn : std::uint8_t { off, on, automatic };
std::string_view name(llm_flash_attn f); // "off", "on", "auto"
std::optional<llm_flash_attn> parse_flash_attn(std::string_view s);

struct llm_context_params {
    std::uint32_t n_ctx = 512;  // 0: the model's n_ctx_train
    std::uint32_t n_batch = 2048;
    std::uint32_t n_ubatch = 512; // 0: n_batch
    std::uint32_t n_seq_max = 1;
    std::uint32_t n_outputs_max = 0; // 0: n_batch
    llm_flash_attn flash_attn = llm_flash_attn::automatic;
    dtype type_k = dtype::f16; // f32, f16, q8_0 or q4_0
    dtype type_v = dtype::f16;
    bool kv_unified = false;
    bool swa_full = true; // llama_context_default_params: the SWA cache as large as the full one
};

struct llm_cparams {
    std::uint32_t n_ctx = 0;     // padded to 256 (a multiple of n_seq_max)
    std::uint32_t n_ctx_seq = 0; // cells per sequence: the KV cache's size
    std::uint32_t n_batch = 0, n_ubatch = 0, n_seq_max = 1, n_outputs_max = 0;
    bool flash_attn = false; // resolved: auto is on (every Planscope backend runs FLASH_ATTN_EXT on the CPU)
    bool auto_flash_attn = false; // asked auto: a device reserve may turn it off (llm_reserve.h)
    // The KV cache stores V transposed: made with the context (!flash_attn), it stays so when
    // auto flash attention is turned off afterwards.
    bool v_trans = true;
    bool kv_unified = false;
    bool swa_full = true;
    bool causal_attn = true;
    dtype type_k = dtype::f16, type_v = dtype::f16;
    float rope_freq_base = 10000.0f, rope_freq_scale = 1.0f;
    std::uint32_t n_ctx_orig_yarn = 0;
    float yarn_ext_factor = 0.0f, yarn_attn_factor = 1.0f, yarn_beta_fast = 32.0f, yarn_beta_slow = 1.0f;
};

// Errors as llama_init_from_model refuses: "n_batch must be positive", "V cache quantization requires
// flash_attn", "K cache type q4_0 with block size 32 does not divide n_embd_head_k=8", ...
result<llm_cparams> resolve_cparams(const llm_hparams& h, const llm_context_params& p);

} // namespace planscope
