#include "llm_context_params.h"

#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

bool cp_is_kv_type(dtype t) { return t == dtype::f32 || t == dtype::f16 || t == dtype::q8_0 || t == dtype::q4_0; }

std::uint32_t cp_pad(std::uint32_t n, std::uint32_t to) { return (n + to - 1) / to * to; }

// The yarn attention factor of llama_context's constructor when ext_factor != 0.
float cp_yarn_attn_factor(const llm_hparams& h, float freq_scale) {
    const auto mscale = [](float scale, float m) { return scale <= 1.0f ? 1.0f : 0.1f * m * std::log(scale) + 1.0f; };
    const float factor = 1.0f / freq_scale;
    float attn = mscale(factor, 1.0f);
    if (h.rope_yarn_log_mul != 0.0f) {
        // mscale_all_dims; DeepSeek-V2 takes mscale from it too (mscale 1 otherwise).
        const float all_dims = h.rope_yarn_log_mul;
        const float m = h.arch == "deepseek2" && all_dims != 1.0f ? all_dims : 1.0f;
        attn = mscale(factor, m) / mscale(factor, all_dims);
    }
    return attn * (1.0f / (1.0f + 0.1f * std::log(factor))) * h.rope_attn_factor;
}

} // namespace

std::string_view name(llm_flash_attn f) {
    switch (f) {
    case llm_flash_attn::off: return "off";
    case llm_flash_attn::on: return "on";
    case llm_flash_attn::automatic: return "auto";
    }
    return "?";
}

std::optional<llm_flash_attn> parse_flash_attn(std::string_view s) {
    if (s == "off") return llm_flash_attn::off;
    if (s == "on") return llm_flash_attn::on;
    if (s == "auto") return llm_flash_attn::automatic;
    return std::nullopt;
}

result<llm_cparams> resolve_cparams(const llm_hparams& h, const llm_context_params& p) {
    if (p.n_batch == 0) return error{"n_batch must be positive"};
    if (p.n_seq_max == 0 || p.n_seq_max > 256) return error{"n_seq_max must be 1 to 256, got " + std::to_string(p.n_seq_max)};
    if (p.n_ctx > (1u << 30)) return error{"n_ctx " + std::to_string(p.n_ctx) + " is over 2^30"};
    for (const auto& [t, which] : {std::pair{p.type_k, "K"}, std::pair{p.type_v, "V"}})
        if (!cp_is_kv_type(t))
            return error{std::string(which) + " cache type " + std::string(type_name(t)) +
                         " is not supported (f32, f16, q8_0 or q4_0)"};
    if (p.flash_attn != llm_flash_attn::off)
        for (const auto& [t, head, which] :
             {std::tuple{p.type_k, h.n_embd_head_k, "K"}, std::tuple{p.type_v, h.n_embd_head_v, "V"}})
            if (traits(t).quantized && head % block_size(t) != 0)
                return error{std::string(which) + " cache type " + std::string(type_name(t)) + " with block size " +
                             std::to_string(block_size(t)) + " does not divide n_embd_head_" +
                             (which[0] == 'K' ? "k" : "v") + "=" + std::to_string(head)};
    if (traits(p.type_v).quantized && p.flash_attn == llm_flash_attn::off)
        return error{"V cache quantization requires flash_attn"};

    llm_cparams c;
    c.n_seq_max = p.n_seq_max;
    c.kv_unified = p.kv_unified;
    c.swa_full = p.swa_full;
    c.causal_attn = h.causal_attn;
    c.type_k = p.type_k;
    c.type_v = p.type_v;
    c.n_ctx = p.n_ctx == 0 ? h.n_ctx_train : p.n_ctx;
    c.rope_freq_base = h.rope_freq_base_train;
    c.rope_freq_scale = h.rope_scaling_type_train == llm_rope_scaling::none ? 1.0f : h.rope_freq_scale_train;
    c.n_ctx_orig_yarn = h.n_ctx_orig_yarn != 0 ? h.n_ctx_orig_yarn : h.n_ctx_train;
    c.yarn_ext_factor = h.yarn_ext_factor >= 0.0f ? h.yarn_ext_factor
                                                  : (h.rope_scaling_type_train == llm_rope_scaling::yarn ? 1.0f : 0.0f);
    c.yarn_attn_factor = h.yarn_attn_factor;
    if (c.yarn_ext_factor != 0.0f) c.yarn_attn_factor = cp_yarn_attn_factor(h, c.rope_freq_scale);
    else c.yarn_attn_factor *= h.rope_attn_factor;
    c.yarn_beta_fast = h.yarn_beta_fast;
    c.yarn_beta_slow = h.yarn_beta_slow;
    c.flash_attn = p.flash_attn != llm_flash_attn::off;
    c.auto_flash_attn = p.flash_attn == llm_flash_attn::automatic;
    c.v_trans = !c.flash_attn;

    c.n_batch = c.causal_attn ? std::min(c.n_ctx, p.n_batch) : p.n_batch;
    c.n_ubatch = std::min(c.n_batch, p.n_ubatch == 0 ? p.n_batch : p.n_ubatch);
    c.n_outputs_max = p.n_outputs_max == 0 ? c.n_batch : p.n_outputs_max;

    c.n_ctx = cp_pad(c.n_ctx, 256);
    if (c.kv_unified) {
        c.n_ctx_seq = c.n_ctx;
    } else {
        c.n_ctx_seq = cp_pad(c.n_ctx / c.n_seq_max, 256);
        c.n_ctx = c.n_ctx_seq * c.n_seq_max;
    }
    if (c.n_ctx_seq == 0) return error{"n_ctx_seq == 0: n_ctx " + std::to_string(c.n_ctx) + " for " + std::to_string(c.n_seq_max) + " sequences"};
    return c;
}

} // namespace planscope
