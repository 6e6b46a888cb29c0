#include "zoo_builder.h"

#include <cmath>
#include <cstring>

namespace planscope::test_models {

namespace {

// general.file_type as llama.cpp numbers it (LLAMA_FTYPE_ALL_F32, MOSTLY_F16, MOSTLY_Q4_0).
std::uint32_t zb_file_type(dtype matrix) {
    switch (matrix) {
    case dtype::f16: return 1;
    case dtype::q4_0: return 2;
    default: return 0;
    }
}

// The smallest vocabulary llama.cpp's SPM loader takes: <unk>, <s>, </s> (its default unk/bos/eos
// ids 0, 1, 2), <|endoftext|> (which it looks up by name for a model named "phi3") and plain tokens
// "t4", "t5", ...
void zb_tokenizer(gguf_document& doc, std::int64_t vocab) {
    std::vector<std::string> tokens;
    std::vector<float> scores;
    std::vector<std::int32_t> types; // llama_token_type: 1 normal, 2 unknown, 3 control
    tokens.reserve(static_cast<std::size_t>(vocab));
    for (std::int64_t i = 0; i < vocab; ++i) {
        static const char* const special[] = {"<unk>", "<s>", "</s>", "<|endoftext|>"};
        tokens.push_back(i < 4 ? special[i] : "t" + std::to_string(i));
        scores.push_back(i < 4 ? 0.0f : -static_cast<float>(i));
        types.push_back(i == 0 ? 2 : i < 4 ? 3 : 1);
    }
    doc.kv.push_back(kv_string("tokenizer.ggml.model", "llama"));
    doc.kv.push_back(kv_strings("tokenizer.ggml.tokens", tokens));
    doc.kv.push_back(kv_f32s("tokenizer.ggml.scores", scores));
    doc.kv.push_back(kv_i32s("tokenizer.ggml.token_type", types));
    doc.kv.push_back(kv_u32("tokenizer.ggml.bos_token_id", 1));
    doc.kv.push_back(kv_u32("tokenizer.ggml.eos_token_id", 2));
    doc.kv.push_back(kv_bool("tokenizer.ggml.add_bos_token", true));
}

} // namespace

zoo_builder::zoo_builder(std::string arch, std::string name, const zoo_dims& d, dtype matrix, bool shape_only)
    : m_arch(std::move(arch)), m_dims(d), m_matrix(matrix) {
    m_doc.shape_only = shape_only;
    m_doc.seed = fnv1a64(name);
    m_doc.kv.push_back(kv_string("general.architecture", m_arch));
    m_doc.kv.push_back(kv_string("general.name", name));
    m_doc.kv.push_back(kv_u32("general.file_type", zb_file_type(matrix)));
    zb_tokenizer(m_doc, d.vocab);
}

void zoo_builder::common_keys() {
    const auto& d = m_dims;
    u32("context_length", static_cast<std::uint32_t>(d.ctx));
    u32("embedding_length", static_cast<std::uint32_t>(d.embd));
    u32("block_count", static_cast<std::uint32_t>(d.layers));
    u32("feed_forward_length", static_cast<std::uint32_t>(d.ff));
    u32("attention.head_count", static_cast<std::uint32_t>(d.heads));
    u32("attention.head_count_kv", static_cast<std::uint32_t>(d.heads_kv));
    if (d.head_dim * d.heads != d.embd) {
        u32("attention.key_length", static_cast<std::uint32_t>(d.head_dim));
        u32("attention.value_length", static_cast<std::uint32_t>(d.head_dim));
    }
    if (d.experts > 0) {
        u32("expert_count", static_cast<std::uint32_t>(d.experts));
        u32("expert_used_count", static_cast<std::uint32_t>(d.experts_used));
    }
}

void zoo_builder::weight(const std::string& name, std::vector<std::int64_t> ne) {
    tensor_fill fill;
    fill.half_width = static_cast<float>(std::sqrt(3.0 / static_cast<double>(ne[0])));
    const dtype type = ne.size() == 1 ? dtype::f32 : m_matrix;
    m_doc.tensors.push_back({name, type, std::move(ne), std::move(fill)});
}

void zoo_builder::norm(const std::string& name, std::int64_t n) {
    m_doc.tensors.push_back({name, dtype::f32, {n}, tensor_fill{tensor_fill::kind::uniform, 1.0f, 0.125f, {}}});
}

void zoo_builder::norm(const std::string& name, std::vector<std::int64_t> ne) {
    m_doc.tensors.push_back({name, dtype::f32, std::move(ne), tensor_fill{tensor_fill::kind::uniform, 1.0f, 0.125f, {}}});
}

void zoo_builder::bias(const std::string& name, std::vector<std::int64_t> ne) {
    m_doc.tensors.push_back({name, dtype::f32, std::move(ne), tensor_fill{tensor_fill::kind::uniform, 0.0f, 0.125f, {}}});
}

void zoo_builder::f32_values(const std::string& name, const std::vector<float>& values) {
    tensor_fill fill{tensor_fill::kind::bytes, 0.0f, 0.0f, {}};
    fill.bytes.resize(values.size() * sizeof(float));
    std::memcpy(fill.bytes.data(), values.data(), fill.bytes.size());
    m_doc.tensors.push_back({name, dtype::f32, {static_cast<std::int64_t>(values.size())}, std::move(fill)});
}

std::string zoo_builder::blk(int il, const std::string& what, const char* suffix) {
    return "blk." + std::to_string(il) + "." + what + "." + suffix;
}

void zoo_builder::embeddings_and_output(bool norm_bias, bool tied) {
    const auto& d = m_dims;
    weight("token_embd.weight", {d.embd, d.vocab});
    norm("output_norm.weight", d.embd);
    if (norm_bias) bias("output_norm.bias", {d.embd});
    if (!tied) weight("output.weight", {d.embd, d.vocab});
}

void zoo_builder::attention(int il, bool qkv_bias) {
    const auto& d = m_dims;
    weight(blk(il, "attn_q"), {d.embd, d.q_dim()});
    weight(blk(il, "attn_k"), {d.embd, d.kv_dim()});
    weight(blk(il, "attn_v"), {d.embd, d.kv_dim()});
    if (qkv_bias) {
        bias(blk(il, "attn_q", "bias"), {d.q_dim()});
        bias(blk(il, "attn_k", "bias"), {d.kv_dim()});
        bias(blk(il, "attn_v", "bias"), {d.kv_dim()});
    }
    weight(blk(il, "attn_output"), {d.q_dim(), d.embd});
}

void zoo_builder::gated_ffn(int il) {
    const auto& d = m_dims;
    weight(blk(il, "ffn_gate"), {d.embd, d.ff});
    weight(blk(il, "ffn_down"), {d.ff, d.embd});
    weight(blk(il, "ffn_up"), {d.embd, d.ff});
}

void zoo_builder::experts(int il) {
    const auto& d = m_dims;
    weight(blk(il, "ffn_gate_inp"), {d.embd, d.experts});
    weight(blk(il, "ffn_gate_exps"), {d.embd, d.expert_ff, d.experts});
    weight(blk(il, "ffn_down_exps"), {d.expert_ff, d.embd, d.experts});
    weight(blk(il, "ffn_up_exps"), {d.embd, d.expert_ff, d.experts});
}

} // namespace planscope::test_models
