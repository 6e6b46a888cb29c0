#pragma once
// Model hyperparameters as llama.cpp da46e59c loads them (llama_model_base::load_hparams, then the
// architecture's load_arch_hparams): "<arch>.<key>" GGUF keys, the per-layer arrays llama.cpp
// keeps (n_head, n_head_kv, n_ff, SWA layers) and the defaults it applies. Architecture files read
// their own keys through llm_key_reader.
#include "core/error.h"
#include "models/gguf.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace planscope {

// llama_rope_scaling_type.
enum class llm_rope_scaling : std::uint8_t { none, linear, yarn, longrope };
// llama_swa_type.
enum class llm_swa_type : std::uint8_t { none, standard, chunked, symmetric };

// ggml's rope modes (GGML_ROPE_TYPE_*): the ROPE op's mode parameter.
inline constexpr int llm_rope_type_norm = 0;
inline constexpr int llm_rope_type_neox = 2;
inline constexpr int llm_rope_type_none = -1; // LLAMA_ROPE_TYPE_NONE: no rope (gpt2, mpt)

struct llm_hparams {
    std::string arch; // general.architecture
    std::string name; // general.name, empty when absent

    std::uint32_t n_vocab = 0;     // the length of tokenizer.ggml.tokens; <arch>.vocab_size without a vocabulary
    std::uint32_t n_ctx_train = 0; // <arch>.context_length
    std::uint32_t n_embd = 0;
    std::uint32_t n_layer = 0;
    // Per layer (get_key_or_arr: one value for all layers or an array of n_layer).
    std::vector<std::uint32_t> n_head_arr, n_head_kv_arr, n_ff_arr;
    std::vector<bool> swa_layers; // is_swa per layer

    std::uint32_t n_embd_head_k = 0; // attention.key_length, n_embd / n_head by default
    std::uint32_t n_embd_head_v = 0; // attention.value_length, likewise
    std::uint32_t n_rot = 0;         // rope.dimension_count, n_embd_head_k by default

    std::uint32_t n_expert = 0, n_expert_used = 0; // expert_count, expert_used_count
    float expert_weights_scale = 0.0f;

    float f_norm_eps = 0.0f;        // attention.layer_norm_epsilon (read by the architecture)
    float f_norm_rms_eps = 0.0f;    // attention.layer_norm_rms_epsilon (read by the architecture)
    float f_attention_scale = 0.0f; // 0: 1/sqrt(n_embd_head)
    float f_max_alibi_bias = 0.0f;
    float f_clamp_kqv = 0.0f; // attention.clamp_kqv (mpt): Q, K, V clamped to +-f_clamp_kqv when > 0
    bool attn_soft_cap = false;
    float f_attn_logit_softcapping = 50.0f;
    bool causal_attn = true; // attention.causal

    float rope_freq_base_train = 10000.0f;
    float rope_freq_scale_train = 1.0f; // 1 / rope.scaling.factor (or rope.scale_linear)
    llm_rope_scaling rope_scaling_type_train = llm_rope_scaling::linear;
    std::uint32_t n_ctx_orig_yarn = 0; // rope.scaling.original_context_length, n_ctx_train by default
    float rope_attn_factor = 1.0f;
    // llama_hparams' yarn defaults (ext_factor < 0: "not set").
    float yarn_ext_factor = -1.0f, yarn_attn_factor = 1.0f, yarn_beta_fast = 32.0f, yarn_beta_slow = 1.0f;
    int rope_type = llm_rope_type_norm; // llama_model_rope_type, set by the architecture

    llm_swa_type swa_type = llm_swa_type::none;
    std::uint32_t n_swa = 0;

    // Experts and MLA (qwen2moe, qwen3moe, deepseek2: read by the architecture).
    std::uint32_t n_ff_exp = 0, n_ff_shexp = 0, n_expert_shared = 0, n_layer_dense_lead = 0;
    std::uint32_t n_expert_groups = 0, n_group_used = 0; // expert_group_count, expert_group_used_count
    bool expert_weights_norm = false;
    std::uint32_t expert_gating_func = 0; // llama_expert_gating_func_type: 0 none, 1 softmax, 2 sigmoid, 3 softmax_weight
    std::uint32_t n_lora_q = 0, n_lora_kv = 0;
    std::uint32_t n_embd_head_k_mla_impl = 0, n_embd_head_v_mla_impl = 0; // attention.{key,value}_length_mla
    float rope_yarn_log_mul = 0.0f;
    float f_attn_temp_scale = 0.0f;
    std::uint32_t n_attn_temp_floor_scale = 0;
    // Sliding-window layers' rope and the soft-capping of the logits (gemma2, gemma3, gpt-oss: read
    // by the architecture; llama_hparams' defaults).
    float rope_freq_base_train_swa = 10000.0f, rope_freq_scale_train_swa = 1.0f;
    float f_final_logit_softcapping = 30.0f;

    [[nodiscard]] std::uint32_t n_head(std::uint32_t il = 0) const { return at(n_head_arr, il); }
    [[nodiscard]] std::uint32_t n_head_kv(std::uint32_t il = 0) const { return at(n_head_kv_arr, il); }
    [[nodiscard]] std::uint32_t n_ff(std::uint32_t il = 0) const { return at(n_ff_arr, il); }
    [[nodiscard]] std::uint32_t n_gqa(std::uint32_t il = 0) const {
        return n_head_kv(il) == 0 ? 0 : n_head(il) / n_head_kv(il);
    }
    [[nodiscard]] std::uint32_t n_embd_k_gqa(std::uint32_t il = 0) const { return n_embd_head_k * n_head_kv(il); }
    [[nodiscard]] std::uint32_t n_embd_v_gqa(std::uint32_t il = 0) const { return n_embd_head_v * n_head_kv(il); }
    [[nodiscard]] std::uint32_t n_embd_v_gqa_max() const;
    [[nodiscard]] bool is_swa(std::uint32_t il) const { return il < swa_layers.size() && swa_layers[il]; }
    // MLA: K and V one compressed latent (llama_hparams::is_mla); the heads' sizes once decompressed.
    [[nodiscard]] bool is_mla() const { return n_embd_head_k_mla_impl != 0 && n_embd_head_v_mla_impl != 0; }
    [[nodiscard]] std::uint32_t n_embd_head_k_mla() const { return is_mla() ? n_embd_head_k_mla_impl : n_embd_head_k; }
    [[nodiscard]] std::uint32_t n_embd_head_v_mla() const { return is_mla() ? n_embd_head_v_mla_impl : n_embd_head_v; }

private:
    static std::uint32_t at(const std::vector<std::uint32_t>& v, std::uint32_t il) {
        return il < v.size() ? v[il] : 0;
    }
};

// Reads "<arch>.<key>" values with llama.cpp's get_key semantics; errors read "missing key
// llama.embedding_length" or "invalid key ...: reason".
class llm_key_reader {
public:
    llm_key_reader(const gguf_file& file, std::string arch) : m_file(file), m_prefix(std::move(arch) + ".") {}

    [[nodiscard]] std::string key(std::string_view name) const { return m_prefix + std::string(name); }
    // A 32-bit count; `fallback` when absent (nullopt: required).
    [[nodiscard]] result<std::uint32_t> u32(std::string_view name, std::optional<std::uint32_t> fallback) const;
    // A finite float; `fallback` when absent (nullopt: required).
    [[nodiscard]] result<float> f32(std::string_view name, std::optional<float> fallback) const;
    [[nodiscard]] result<bool> boolean(std::string_view name, bool fallback) const;
    // get_key_or_arr: one number for every layer, or an array of exactly n_layer; `fallback` when absent.
    [[nodiscard]] result<std::vector<std::uint32_t>> per_layer(std::string_view name, std::uint32_t n_layer,
                                                               std::vector<std::uint32_t> fallback) const;
    [[nodiscard]] const gguf_file& file() const { return m_file; }

private:
    const gguf_file& m_file;
    std::string m_prefix;
};

// The architecture-independent part (load_hparams before load_arch_hparams). n_vocab is the
// token list's length here; an architecture reading <arch>.vocab_size may override it.
result<llm_hparams> read_llm_hparams(const gguf_file& file);

// What the attention graphs assert (GGML_ASSERT(n_embd_head == n_embd_head_k), ggml_rope's
// n_dims <= ne0): heads, keys as long as values, no more rotated than a head has. Errors: "<arch> needs key_length == value_length, got 64 and 32".
status check_llm_heads(const llm_hparams& h);

} // namespace planscope
