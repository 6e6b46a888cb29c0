// The zoo's variants: what the base models (zoo_dense.cpp, zoo_moe.cpp) leave out and llama.cpp
// da46e59c's loaders accept: other dimensions and matrix types, optional tensors present or
// absent, other keys, other tokenizers. Most are a base model with keys or tensors added before it
// is built and some dropped after (llama.cpp reads keys by name and tensors by name, so neither
// order matters to it).
#include "zoo_archs.h"

#include <algorithm>

namespace planscope::test_models {

namespace {

using B = zoo_builder;

void zv_drop_tensors(gguf_document& doc, const std::vector<std::string>& suffixes) {
    std::erase_if(doc.tensors, [&](const gguf_tensor& t) {
        return std::any_of(suffixes.begin(), suffixes.end(), [&](const std::string& s) { return t.name.ends_with(s); });
    });
}

void zv_drop_key(gguf_document& doc, const std::string& key) {
    std::erase_if(doc.kv, [&](const gguf_kv& kv) { return kv.key == key; });
}

// Replaces a key's value where it stands.
void zv_set_key(gguf_document& doc, gguf_kv kv) {
    for (auto& k : doc.kv)
        if (k.key == kv.key) k = kv;
}

// Replaces the builder's SPM vocabulary (every tokenizer.* key) by `keys`, where it stood.
void zv_set_tokenizer(gguf_document& doc, std::vector<gguf_kv> keys) {
    const auto first = std::find_if(doc.kv.begin(), doc.kv.end(), [](const gguf_kv& k) { return k.key.starts_with("tokenizer."); });
    const auto at = first - doc.kv.begin();
    std::erase_if(doc.kv, [](const gguf_kv& k) { return k.key.starts_with("tokenizer."); });
    doc.kv.insert(doc.kv.begin() + at, keys.begin(), keys.end());
}

std::vector<float> zv_ramp(std::int64_t n, float from, float to) {
    std::vector<float> f(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i) f[static_cast<std::size_t>(i)] = from + (to - from) * static_cast<float>(i) / static_cast<float>(n - 1);
    return f;
}

// GPT-2's byte-level alphabet: printable Latin-1 bytes stand for themselves, the others for
// U+0100 onwards in byte order (bytes_to_unicode); UTF-8 encoded.
std::string zv_byte_token(int byte) {
    const auto printable = [](int c) { return (c >= '!' && c <= '~') || (c >= 0xa1 && c <= 0xac) || (c >= 0xae && c <= 0xff); };
    int cp = byte;
    if (!printable(byte)) {
        cp = 256;
        for (int c = 0; c < byte; ++c) cp += printable(c) ? 0 : 1;
    }
    std::string s;
    if (cp < 0x80) s += static_cast<char>(cp);
    else {
        s += static_cast<char>(0xc0 | (cp >> 6));
        s += static_cast<char>(0x80 | (cp & 0x3f));
    }
    return s;
}

// MPT with clip_qkv, AWQ activation scales, and neither ALiBi nor learned positions. (Q/K
// LayerNorms abort this llama.cpp: mpt.cpp reshapes the strided Q view of the fused QKV.)
gguf_document zv_mpt_clamp(B& b) {
    const auto& d = b.dims();
    b.f32("attention.clamp_kqv", 0.5f);
    for (int il = 0; il < d.layers; ++il) b.norm("blk." + std::to_string(il) + ".ffn.act.scales", d.ff);
    auto doc = zoo_mpt(b);
    zv_drop_key(doc, "mpt.attention.max_alibi_bias");
    return doc;
}

// MPT with learned positions beside ALiBi, every optional bias and its own output matrix.
gguf_document zv_mpt_biases(B& b) {
    const auto& d = b.dims();
    b.weight("position_embd.weight", {d.embd, d.ctx});
    b.bias("output_norm.bias", {d.embd});
    b.weight("output.weight", {d.embd, d.vocab});
    for (int il = 0; il < d.layers; ++il) {
        b.bias(B::blk(il, "attn_norm", "bias"), {d.embd});
        b.bias(B::blk(il, "attn_qkv", "bias"), {d.embd + 2 * d.kv_dim()});
        b.bias(B::blk(il, "attn_output", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_norm", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_down", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_up", "bias"), {d.ff});
    }
    return zoo_mpt(b);
}

// Falcon-40B: a second LayerNorm (attn_norm_2) for the FFN, grouped KV heads.
gguf_document zv_falcon_40b(B& b) {
    const auto& d = b.dims();
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm_2"), d.embd);
        b.bias(B::blk(il, "attn_norm_2", "bias"), {d.embd});
    }
    return zoo_falcon(b);
}

// StableLM 2 12B: per-head Q/K norms, no ffn_norm (a parallel residual), grouped KV heads.
gguf_document zv_stablelm_12b(B& b) {
    const auto& d = b.dims();
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_q_norm"), {d.head_dim, d.heads});
        b.norm(B::blk(il, "attn_k_norm"), {d.head_dim, d.heads_kv});
    }
    auto doc = zoo_stablelm(b);
    zv_drop_tensors(doc, {"ffn_norm.weight", "ffn_norm.bias"});
    return doc;
}

// Phi-3 128k: long and short rope factors (n_ctx 256 past original_context_length 128: the long
// ones), a sliding window that this llama.cpp turns off, separate Q/K/V, tied output.
gguf_document zv_phi3_long(B& b) {
    const auto& d = b.dims();
    b.common_keys();
    b.f32("attention.layer_norm_rms_epsilon", 1e-5f);
    b.u32("attention.sliding_window", 16);
    b.u32("rope.scaling.original_context_length", static_cast<std::uint32_t>(d.ctx / 2));
    b.embeddings_and_output(false, true);
    b.f32_values("rope_factors_long.weight", zv_ramp(d.head_dim / 2, 1.0f, 6.0f));
    b.f32_values("rope_factors_short.weight", zv_ramp(d.head_dim / 2, 1.0f, 1.5f));
    for (int il = 0; il < d.layers; ++il) {
        b.norm(B::blk(il, "attn_norm"), d.embd);
        b.attention(il, false);
        b.norm(B::blk(il, "ffn_norm"), d.embd);
        b.weight(B::blk(il, "ffn_down"), {d.ff, d.embd});
        b.weight(B::blk(il, "ffn_up"), {d.embd, 2 * d.ff});
    }
    return b.take();
}

gguf_document zv_deepseek2_lite(B& b) {
    zoo_deepseek2_options o;
    o.q_lora_rank = 0;
    o.expert_groups = 2;
    o.expert_groups_used = 1;
    o.yarn = true;
    return zoo_deepseek2(b, o);
}

gguf_document zv_deepseek2_mha(B& b) {
    zoo_deepseek2_options o;
    o.mla = false;
    o.sigmoid = false;
    return zoo_deepseek2(b, o);
}

// Gemma 3 with every third layer global, a window of 32, one rope base for all.
gguf_document zv_gemma3_swa(B& b) {
    b.u32("attention.sliding_window_pattern", 3);
    b.f32("final_logit_softcapping", 30.0f);
    auto doc = zoo_gemma3(b);
    zv_set_key(doc, kv_u32("gemma3.attention.sliding_window", 32));
    zv_drop_key(doc, "gemma3.rope.freq_base_swa");
    return doc;
}

// Qwen2 without Q/K/V biases and with a tied output.
gguf_document zv_qwen2_tied(B& b) {
    auto doc = zoo_qwen2(b);
    zv_drop_tensors(doc, {".bias"});
    std::erase_if(doc.tensors, [](const gguf_tensor& t) { return t.name == "output.weight"; });
    return doc;
}

// Qwen2 with a fused attn_qkv (and its bias) and an output bias.
gguf_document zv_qwen2_fused(B& b) {
    const auto& d = b.dims();
    b.bias("output.bias", {d.vocab});
    for (int il = 0; il < d.layers; ++il) {
        b.weight(B::blk(il, "attn_qkv"), {d.embd, d.q_dim() + 2 * d.kv_dim()});
        b.bias(B::blk(il, "attn_qkv", "bias"), {d.q_dim() + 2 * d.kv_dim()});
    }
    auto doc = zoo_qwen2(b);
    zv_drop_tensors(doc, {"attn_q.weight", "attn_k.weight", "attn_v.weight", "attn_q.bias", "attn_k.bias", "attn_v.bias"});
    return doc;
}

gguf_document zv_llama(B& b) { return zoo_llama(b, {}); }

// Llama with the optional biases: Q/K/V, attention output, gate/up/down.
gguf_document zv_llama_biases(B& b) {
    const auto& d = b.dims();
    for (int il = 0; il < d.layers; ++il) {
        b.bias(B::blk(il, "attn_q", "bias"), {d.q_dim()});
        b.bias(B::blk(il, "attn_k", "bias"), {d.kv_dim()});
        b.bias(B::blk(il, "attn_v", "bias"), {d.kv_dim()});
        b.bias(B::blk(il, "attn_output", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_gate", "bias"), {d.ff});
        b.bias(B::blk(il, "ffn_down", "bias"), {d.embd});
        b.bias(B::blk(il, "ffn_up", "bias"), {d.ff});
    }
    return zoo_llama(b, {});
}

// llama.vocab_size says 300, the token list (what llama.cpp sizes tensors by) 256.
gguf_document zv_llama_vocab_size(B& b) {
    auto doc = zoo_llama(b, {});
    zv_set_key(doc, kv_u32("llama.vocab_size", 300));
    return doc;
}

// No vocabulary: tokenizer.ggml.model "none", n_vocab from llama.vocab_size alone.
gguf_document zv_llama_no_vocab(B& b) {
    auto doc = zoo_llama(b, {});
    zv_set_tokenizer(doc, {kv_string("tokenizer.ggml.model", "none")});
    return doc;
}

// A GPT-2 style BPE vocabulary: the 256 byte tokens, three merges, <|endoftext|> (bos and eos).
gguf_document zv_llama_bpe(B& b) {
    std::vector<std::string> tokens;
    for (int c = 0; c < 256; ++c) tokens.push_back(zv_byte_token(c));
    const std::string space_t = zv_byte_token(' ') + "t";
    for (const std::string& t : {space_t, std::string("he"), space_t + "he", std::string("<|endoftext|>")}) tokens.push_back(t);
    std::vector<std::int32_t> types(tokens.size(), 1);
    types.back() = 3;
    auto doc = zoo_llama(b, {});
    const auto eot = static_cast<std::uint32_t>(tokens.size() - 1); // 259: the zoo's vocab of 260
    zv_set_tokenizer(doc, {kv_string("tokenizer.ggml.model", "gpt2"), kv_string("tokenizer.ggml.pre", "gpt-2"),
                           kv_strings("tokenizer.ggml.tokens", tokens), kv_i32s("tokenizer.ggml.token_type", types),
                           kv_strings("tokenizer.ggml.merges", {zv_byte_token(' ') + " t", "h e", space_t + " he"}),
                           kv_u32("tokenizer.ggml.bos_token_id", eot), kv_u32("tokenizer.ggml.eos_token_id", eot)});
    return doc;
}

gguf_document zv_gpt2_untied(B& b) { return zoo_starcoder(b); } // the GPT-2 layers with output.weight

// Qwen3-MoE with expert_weights_norm off and a weights scale (keys this llama.cpp's qwen3moe
// does not read: it always normalises the top-k weights).
gguf_document zv_qwen3moe_keys(B& b) {
    b.boolean("expert_weights_norm", false);
    b.f32("expert_weights_scale", 2.0f);
    return zoo_qwen3moe(b);
}

// gpt-oss with a window of 128 on three layers of four.
gguf_document zv_gpt_oss_swa(B& b) {
    b.u32("attention.sliding_window_pattern", 4);
    return zoo_gpt_oss(b, 128, 64);
}

zoo_dims zv_dims(std::int64_t embd, std::int64_t layers, std::int64_t heads, std::int64_t heads_kv, std::int64_t head_dim) {
    zoo_dims d;
    d.embd = embd;
    d.layers = layers;
    d.heads = heads;
    d.heads_kv = heads_kv;
    d.head_dim = head_dim;
    return d;
}

zoo_dims zv_moe(std::int64_t layers, std::int64_t head_dim, std::int64_t expert_ff) {
    zoo_dims d = zv_dims(64, layers, 4, 2, head_dim);
    d.experts = 4;
    d.experts_used = 2;
    d.expert_ff = expert_ff;
    return d;
}

std::vector<zoo_variant> zv_all() {
    const zoo_dims base;
    const zoo_dims mha = zv_dims(64, 4, 4, 4, 16);
    zoo_dims bpe = base;
    bpe.vocab = 260;
    return {
        {"mpt-clamp", "mpt", zv_mpt_clamp, mha},
        {"mpt-biases", "mpt", zv_mpt_biases, mha},
        {"falcon-40b", "falcon", zv_falcon_40b, base},
        {"stablelm-12b", "stablelm", zv_stablelm_12b, base},
        {"phi3-long", "phi3", zv_phi3_long, base},
        {"deepseek2-lite", "deepseek2", zv_deepseek2_lite, zv_moe(2, 16, 32)},
        {"deepseek2-mha", "deepseek2", zv_deepseek2_mha, zv_moe(2, 16, 32)},
        {"gemma3-swa", "gemma3", zv_gemma3_swa, zv_dims(64, 6, 4, 2, 16)},
        {"qwen2-tied", "qwen2", zv_qwen2_tied, base},
        {"qwen2-fused", "qwen2", zv_qwen2_fused, base, dtype::f16},
        {"llama-mha64", "llama", zv_llama, zv_dims(128, 2, 2, 2, 64), dtype::f16},
        {"llama-h128", "llama", zv_llama, zv_dims(128, 2, 2, 1, 128), dtype::f16},
        {"llama-f16", "llama", zv_llama, base, dtype::f16},
        {"llama-q8_0", "llama", zv_llama, base, dtype::q8_0},
        {"llama-q4_0", "llama", zv_llama, base, dtype::q4_0},
        {"llama-biases", "llama", zv_llama_biases, base},
        {"llama-vocab-size", "llama", zv_llama_vocab_size, base},
        {"llama-no-vocab", "llama", zv_llama_no_vocab, base},
        {"llama-bpe", "llama", zv_llama_bpe, bpe},
        {"gpt2-untied", "gpt2", zv_gpt2_untied, mha},
        {"qwen3moe-keys", "qwen3moe", zv_qwen3moe_keys, zv_moe(2, 32, 32)},
        {"gpt-oss-swa", "gpt-oss", zv_gpt_oss_swa, zv_moe(4, 16, 32)},
    };
}

} // namespace

const std::vector<zoo_variant>& zoo_variants() {
    static const std::vector<zoo_variant> all = zv_all();
    return all;
}

} // namespace planscope::test_models
