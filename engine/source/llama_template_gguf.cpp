#include "llama_template_gguf.h"

#include <cstring>
#include <string_view>
#include <vector>

namespace planscope {
namespace {

// GGUF v3, little-endian, as gguf_write_to_buf lays it out.
class ltg_writer {
public:
    template <class T> void put(T v) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&v);
        m_bytes.insert(m_bytes.end(), p, p + sizeof v);
    }
    void string(std::string_view s) {
        put(std::uint64_t{s.size()});
        m_bytes.insert(m_bytes.end(), s.begin(), s.end());
    }
    void key(std::string_view k, gguf_type t) {
        string(k);
        put(static_cast<std::uint32_t>(t));
        ++m_n_kv;
    }
    void kv_string(std::string_view k, std::string_view v) {
        key(k, gguf_type::string);
        string(v);
    }
    void kv_u32(std::string_view k, std::uint32_t v) {
        key(k, gguf_type::u32);
        put(v);
    }
    void kv_f32(std::string_view k, float v) {
        key(k, gguf_type::f32);
        put(v);
    }
    void kv_empty_strings(std::string_view k, std::uint64_t n) {
        key(k, gguf_type::array);
        put(static_cast<std::uint32_t>(gguf_type::string));
        put(n);
        m_bytes.resize(m_bytes.size() + n * sizeof(std::uint64_t), 0); // each a length of 0
    }
    // The header before the key/values, once their count is known.
    [[nodiscard]] std::vector<std::uint8_t> finish() const {
        std::vector<std::uint8_t> out(24);
        std::memcpy(out.data(), "GGUF", 4);
        const std::uint32_t version = 3;
        const std::uint64_t n_tensors = 0;
        std::memcpy(out.data() + 4, &version, 4);
        std::memcpy(out.data() + 8, &n_tensors, 8);
        std::memcpy(out.data() + 16, &m_n_kv, 8);
        out.insert(out.end(), m_bytes.begin(), m_bytes.end());
        return out;
    }

private:
    std::vector<std::uint8_t> m_bytes;
    std::uint64_t m_n_kv = 0;
};

} // namespace

result<gguf_file> llama_template_gguf(const llama_hparams& h) {
    if (h.n_vocab > llama_template_max_vocab)
        return error{"n_vocab " + std::to_string(h.n_vocab) + " is over ggml 2026's template limit of " +
                     std::to_string(llama_template_max_vocab)};
    if (h.n_head == 0 || h.n_embd % h.n_head != 0)
        return error{"n_head " + std::to_string(h.n_head) + " does not divide n_embd " + std::to_string(h.n_embd)};
    ltg_writer w;
    w.kv_string("general.architecture", h.arch);
    w.kv_string("general.name", h.arch);
    const std::string a = h.arch + '.';
    w.kv_u32(a + "context_length", h.n_ctx_train);
    w.kv_u32(a + "embedding_length", h.n_embd);
    w.kv_u32(a + "block_count", h.n_layer);
    w.kv_u32(a + "feed_forward_length", h.n_ff);
    w.kv_u32(a + "attention.head_count", h.n_head);
    w.kv_u32(a + "attention.head_count_kv", h.n_head_kv);
    w.kv_f32(a + "attention.layer_norm_rms_epsilon", h.f_norm_rms_eps);
    w.kv_u32(a + "rope.dimension_count", h.n_rot);
    w.kv_f32(a + "rope.freq_base", h.rope_freq_base);
    w.kv_empty_strings("tokenizer.ggml.tokens", h.n_vocab);
    const std::vector<std::uint8_t> bytes = w.finish();
    return parse_gguf(bytes); // keeps nothing of `bytes`: the file has no tensor data
}

} // namespace planscope
