#pragma once
// What the zoo's architectures share: a model's dimensions, and a builder that names keys after the
// architecture ("llama.block_count") and tensors as llama-arch.cpp does ("blk.3.attn_q.weight"),
// and fills them so that a forward pass stays in a sane range.
#include "gguf_writer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace planscope::test_models {

struct zoo_dims {
    std::int64_t embd = 64;
    std::int64_t layers = 4;
    std::int64_t heads = 4;
    std::int64_t heads_kv = 2;
    std::int64_t head_dim = 16; // key_length = value_length
    std::int64_t ff = 128;
    std::int64_t vocab = 256;
    std::int64_t ctx = 256;     // context_length
    std::int64_t experts = 0;
    std::int64_t experts_used = 0;
    std::int64_t expert_ff = 0;

    [[nodiscard]] std::int64_t q_dim() const { return heads * head_dim; }
    [[nodiscard]] std::int64_t kv_dim() const { return heads_kv * head_dim; }
};

class zoo_builder {
public:
    // `matrix` is the type of every tensor of two or more dimensions (1-D ones are f32);
    // shape-only models are sparse files without data.
    zoo_builder(std::string arch, std::string name, const zoo_dims& d, dtype matrix, bool shape_only);

    const zoo_dims& dims() const { return m_dims; }
    const std::string& arch() const { return m_arch; }

    void u32(const std::string& suffix, std::uint32_t v) { m_doc.kv.push_back(kv_u32(m_arch + "." + suffix, v)); }
    void f32(const std::string& suffix, float v) { m_doc.kv.push_back(kv_f32(m_arch + "." + suffix, v)); }
    void boolean(const std::string& suffix, bool v) { m_doc.kv.push_back(kv_bool(m_arch + "." + suffix, v)); }
    void string(const std::string& suffix, const std::string& v) { m_doc.kv.push_back(kv_string(m_arch + "." + suffix, v)); }
    void raw(gguf_kv kv) { m_doc.kv.push_back(std::move(kv)); }

    // context_length, embedding_length, block_count, feed_forward_length, head counts; the
    // experts' keys when dims().experts > 0; key_length/value_length when not n_embd / n_head.
    void common_keys();

    // A weight matrix: uniform in +-sqrt(3 / ne0), which keeps a product's variance.
    void weight(const std::string& name, std::vector<std::int64_t> ne);
    // A norm's scale: 1 +- 0.125; a bias: +-0.125. Both f32.
    void norm(const std::string& name, std::int64_t n);
    void norm(const std::string& name, std::vector<std::int64_t> ne); // a norm of 2-D shape (per-head Q/K norms)
    void bias(const std::string& name, std::vector<std::int64_t> ne);
    void f32_values(const std::string& name, const std::vector<float>& values);

    // "blk.IL.WHAT.weight" (and ".bias").
    static std::string blk(int il, const std::string& what, const char* suffix = "weight");

    // token_embd, output_norm (with a bias when `norm_bias`), output unless `tied`.
    void embeddings_and_output(bool norm_bias, bool tied);
    // attn_q/k/v (with biases when `qkv_bias`) and attn_output of layer il.
    void attention(int il, bool qkv_bias);
    // ffn_gate/down/up of layer il (n_ff wide).
    void gated_ffn(int il);
    // ffn_gate_inp and ffn_{gate,down,up}_exps (expert_ff wide) of layer il.
    void experts(int il);

    gguf_document take() { return std::move(m_doc); }

private:
    std::string m_arch;
    zoo_dims m_dims;
    dtype m_matrix;
    gguf_document m_doc;
};

} // namespace planscope::test_models
