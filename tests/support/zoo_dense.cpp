// The dense architectures of the zoo (keys and tensors as src/models/ARCH.cpp loads them).
#include "zoo_archs.h"

namespace planscope::test_models {

namespace {

using B = zoo_builder;

void zd_rms(B& b, float eps) { b.f32("attention.layer_norm_rms_epsilon", eps); }
void zd_layernorm(B& b) { b.f32("attention.layer_norm_epsilon", 1e-5f); }

// attn_norm, the attention, ffn_norm and a gated FFN: llama, qwen2, gemma.
void zd_llama_layers(B& b, bool qkv_bias) {
    const auto& d = b.dims();
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, qkv_bias);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.gated_ffn(il);
    }
}

// Llama 3.1's factors: 1 for the high frequencies rising to 8 for the low ones.
std::vector<float> zd_rope_factors(std::int64_t n) {
    std::vector<float> f(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = 1.0f + 7.0f * static_cast<float>(i) / static_cast<float>(n - 1);
    return f;
}

} // namespace

gguf_document zoo_llama(B& b, const zoo_llama_options& o) {
    const auto& d = b.dims();
    b.common_keys();
    zd_rms(b, 1e-5f);
    b.f32("rope.freq_base", o.freq_base);
    b.u32("rope.dimension_count", static_cast<std::uint32_t>(d.head_dim));
    b.u32("vocab_size", static_cast<std::uint32_t>(d.vocab));
    b.embeddings_and_output(false, o.tied);
    if (o.rope_freqs) b.f32_values("rope_freqs.weight", zd_rope_factors(d.head_dim / 2));
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        if (d.experts > 0) b.experts(il);
        else b.gated_ffn(il);
    }
    return b.take();
}

gguf_document zoo_qwen2(B& b) {
    b.common_keys();
    zd_rms(b, 1e-6f);
    b.f32("rope.freq_base", 1000000.0f);
    b.embeddings_and_output(false, false);
    zd_llama_layers(b, true);
    return b.take();
}

gguf_document zoo_qwen3(B& b, bool tied) {
    const auto& d = b.dims();
    b.common_keys();
    zd_rms(b, 1e-6f);
    b.f32("rope.freq_base", 1000000.0f);
    b.embeddings_and_output(false, tied);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "attn_k_norm"), d.head_dim);
        b.norm(B::blk(il, "attn_q_norm"), d.head_dim);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.gated_ffn(il);
    }
    return b.take();
}

gguf_document zoo_gemma(B& b) {
    b.common_keys();
    zd_rms(b, 1e-6f);
    b.embeddings_and_output(false, true);
    zd_llama_layers(b, false);
    return b.take();
}

gguf_document zoo_gemma2(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_rms(b, 1e-6f);
    b.u32("attention.sliding_window", 16);
    b.f32("attn_logit_softcapping", 50.0f);
    b.f32("final_logit_softcapping", 30.0f);
    b.embeddings_and_output(false, true);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "post_attention_norm"), d.embd);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.gated_ffn(il);
        b.norm(B::blk(il, "post_ffw_norm"), d.embd);
    }
    return b.take();
}

// Every sixth layer global (the default pattern), the others a window of 16 with their own base.
gguf_document zoo_gemma3(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_rms(b, 1e-6f);
    b.u32("attention.sliding_window", 16);
    b.f32("rope.freq_base", 1000000.0f);
    b.f32("rope.freq_base_swa", 10000.0f);
    b.embeddings_and_output(false, true);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "post_attention_norm"), d.embd);
        b.norm(B::blk(il, "attn_k_norm"), d.head_dim);
        b.norm(B::blk(il, "attn_q_norm"), d.head_dim);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.gated_ffn(il);
        b.norm(B::blk(il, "post_ffw_norm"), d.embd);
    }
    return b.take();
}

// Fused attn_qkv and a fused gate+up (ffn_up twice n_ff wide).
gguf_document zoo_phi3(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_rms(b, 1e-5f);
    b.embeddings_and_output(false, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.weight(B::blk(il, "attn_qkv"), {d.embd, d.embd + 2 * d.kv_dim()});
        b.weight(B::blk(il, "attn_output"), {d.embd, d.embd});
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.weight(B::blk(il, "ffn_down"), {d.ff, d.embd});
        b.weight(B::blk(il, "ffn_up"), {d.embd, 2 * d.ff});
    }
    return b.take();
}

namespace {

// gpt2 and starcoder: learned positions, layer norms with biases, fused QKV and a plain FFN,
// every matrix with a bias.
gguf_document zd_gpt2_like(B& b, bool tied) {
    const auto& d = b.dims();
    b.common_keys();
    zd_layernorm(b);
    b.weight("token_embd.weight", {d.embd, d.vocab});
    b.weight("position_embd.weight", {d.embd, d.ctx});
    b.norm("output_norm.weight", d.embd);
    b.bias("output_norm.bias", {d.embd});
    if (!tied) b.weight("output.weight", {d.embd, d.vocab});
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.bias(B::blk(il, "attn_norm", "bias"), {d.embd});
        b.weight(B::blk(il, "attn_qkv"), {d.embd, d.embd + 2 * d.kv_dim()});
        b.bias(B::blk(il, "attn_qkv", "bias"), {d.embd + 2 * d.kv_dim()});
        b.weight(B::blk(il, "attn_output"), {d.embd, d.embd});
        b.bias(B::blk(il, "attn_output", "bias"), {d.embd});
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.bias(B::blk(il, "ffn_norm", "bias"), {d.embd});
        b.weight(B::blk(il, "ffn_down"), {d.ff, d.embd});
        b.bias(B::blk(il, "ffn_down", "bias"), {d.embd});
        b.weight(B::blk(il, "ffn_up"), {d.embd, d.ff});
        b.bias(B::blk(il, "ffn_up", "bias"), {d.ff});
    }
    return b.take();
}

} // namespace

// Tied output; general.alignment 64, so that a file with another alignment is in the zoo.
gguf_document zoo_gpt2(B& b) {
    b.raw(kv_u32("general.alignment", 64));
    auto doc = zd_gpt2_like(b, true);
    doc.alignment = 64;
    return doc;
}

gguf_document zoo_starcoder(B& b) { return zd_gpt2_like(b, false); }

// Falcon-7B: one layer norm before a parallel attention and FFN, fused QKV without biases.
gguf_document zoo_falcon(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_layernorm(b);
    b.embeddings_and_output(true, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.bias(B::blk(il, "attn_norm", "bias"), {d.embd});
        b.weight(B::blk(il, "attn_qkv"), {d.embd, d.embd + 2 * d.kv_dim()});
        b.weight(B::blk(il, "attn_output"), {d.embd, d.embd});
        b.weight(B::blk(il, "ffn_down"), {d.ff, d.embd});
        b.weight(B::blk(il, "ffn_up"), {d.embd, d.ff});
    }
    return b.take();
}

// StableLM 2 1.6B: layer norms with biases, QKV biases, a quarter of each head rotated.
gguf_document zoo_stablelm(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_layernorm(b);
    b.u32("rope.dimension_count", static_cast<std::uint32_t>(d.head_dim / 4));
    b.embeddings_and_output(true, false);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.bias(B::blk(il, "attn_norm", "bias"), {d.embd});
        b.attention(il, true);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.bias(B::blk(il, "ffn_norm", "bias"), {d.embd});
        b.gated_ffn(il);
    }
    return b.take();
}

// MPT-7B: ALiBi instead of positions, no biases, tied output.
gguf_document zoo_mpt(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    zd_layernorm(b);
    b.f32("attention.max_alibi_bias", 8.0f);
    b.embeddings_and_output(false, true);
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.weight(B::blk(il, "attn_qkv"), {d.embd, d.embd + 2 * d.kv_dim()});
        b.weight(B::blk(il, "attn_output"), {d.embd, d.embd});
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.weight(B::blk(il, "ffn_down"), {d.ff, d.embd});
        b.weight(B::blk(il, "ffn_up"), {d.embd, d.ff});
    }
    return b.take();
}

} // namespace planscope::test_models
