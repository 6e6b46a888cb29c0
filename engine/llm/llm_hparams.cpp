#include "llm_hparams.h"

#include "core/printable.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace planscope {
namespace {

// LLAMA_MAX_LAYERS: llama.cpp's per-layer arrays hold this many.
constexpr std::uint32_t llm_max_layers = 512;

std::string hp_describe(const gguf_value& v) {
    if (v.type == gguf_type::array) return "an array";
    return std::string("a ") + std::string(gguf_type_name(v.type));
}

error hp_missing(const std::string& key) { return error{"missing key " + printable(key)}; }
error hp_invalid(const std::string& key, const std::string& why) {
    return error{"invalid key " + printable(key) + ": " + why};
}

result<std::uint32_t> hp_u32_of(const gguf_value& v, const std::string& key) {
    const auto i = v.as_int();
    if (!i) return hp_invalid(key, "expected an integer, found " + hp_describe(v));
    if (*i < 0 || *i > std::numeric_limits<std::int32_t>::max())
        return hp_invalid(key, std::to_string(*i) + " is not a non-negative 32-bit integer");
    return static_cast<std::uint32_t>(*i);
}

result<llm_rope_scaling> hp_rope_scaling(const llm_key_reader& r) {
    const std::string key = r.key("rope.scaling.type");
    const gguf_value* v = r.file().find(key);
    if (!v) return llm_rope_scaling::linear;
    const std::string* s = v->as_string();
    if (!s) return hp_invalid(key, "expected a string, found " + hp_describe(*v));
    if (*s == "none") return llm_rope_scaling::none;
    if (*s == "linear") return llm_rope_scaling::linear;
    if (*s == "yarn") return llm_rope_scaling::yarn;
    if (*s == "longrope") return llm_rope_scaling::longrope;
    return hp_invalid(key, "unknown rope scaling type '" + printable(*s) + "'");
}

} // namespace

std::uint32_t llm_hparams::n_embd_v_gqa_max() const {
    std::uint32_t m = 0;
    for (std::uint32_t il = 0; il < n_layer; ++il) m = std::max(m, n_embd_v_gqa(il));
    return m;
}

result<std::uint32_t> llm_key_reader::u32(std::string_view name, std::optional<std::uint32_t> fallback) const {
    const std::string k = key(name);
    const gguf_value* v = m_file.find(k);
    if (!v) {
        if (fallback) return *fallback;
        return hp_missing(k);
    }
    return hp_u32_of(*v, k);
}

result<float> llm_key_reader::f32(std::string_view name, std::optional<float> fallback) const {
    const std::string k = key(name);
    const gguf_value* v = m_file.find(k);
    if (!v) {
        if (fallback) return *fallback;
        return hp_missing(k);
    }
    const auto d = v->as_float();
    if (!d) return hp_invalid(k, "expected a number, found " + hp_describe(*v));
    if (!std::isfinite(*d)) return hp_invalid(k, "not a finite number");
    return static_cast<float>(*d);
}

result<bool> llm_key_reader::boolean(std::string_view name, bool fallback) const {
    const std::string k = key(name);
    const gguf_value* v = m_file.find(k);
    if (!v) return fallback;
    if (const bool* b = std::get_if<bool>(&v->v)) return *b;
    return hp_invalid(k, "expected a bool, found " + hp_describe(*v));
}

result<std::vector<std::uint32_t>> llm_key_reader::per_layer(std::string_view name, std::uint32_t n_layer,
                                                             std::vector<std::uint32_t> fallback) const {
    const std::string k = key(name);
    const gguf_value* v = m_file.find(k);
    if (!v) return fallback;
    std::vector<std::uint32_t> out;
    if (const gguf_array* a = v->as_array()) {
        if (a->size() != n_layer)
            return hp_invalid(k, "an array of " + std::to_string(a->size()) + " values for " + std::to_string(n_layer) +
                                     " layers");
        for (std::size_t i = 0; i < a->size(); ++i) {
            auto e = hp_u32_of(*a->at(i), k);
            if (!e) return e.err();
            out.push_back(*e);
        }
        return out;
    }
    auto one = hp_u32_of(*v, k);
    if (!one) return one.err();
    return std::vector<std::uint32_t>(n_layer, *one);
}

status check_llm_heads(const llm_hparams& h) {
    const std::string arch = printable(h.arch);
    if (h.n_head() == 0) return error{"invalid key " + arch + ".attention.head_count: " + arch + " needs heads"};
    if (h.n_embd_head_k != h.n_embd_head_v)
        return error{arch + " needs key_length == value_length, got " + std::to_string(h.n_embd_head_k) + " and " +
                     std::to_string(h.n_embd_head_v)};
    if (h.rope_type != llm_rope_type_none && h.n_rot > h.n_embd_head_k)
        return error{"invalid key " + arch + ".rope.dimension_count: " + std::to_string(h.n_rot) +
                     " exceeds the head size " + std::to_string(h.n_embd_head_k)};
    return success();
}

result<llm_hparams> read_llm_hparams(const gguf_file& f) {
    llm_hparams h;
    const gguf_value* arch = f.find("general.architecture");
    if (!arch) return hp_missing("general.architecture");
    if (!arch->as_string() || arch->as_string()->empty())
        return hp_invalid("general.architecture", "expected a non-empty string, found " + hp_describe(*arch));
    h.arch = *arch->as_string();
    h.name = f.get_string("general.name").value_or("");
    const llm_key_reader r(f, h.arch);

    // llama_vocab::load: a model without a vocabulary ("none") has <arch>.vocab_size dummy tokens.
    if (const auto tokenizer = f.get_string("tokenizer.ggml.model"); tokenizer && (*tokenizer == "none" || *tokenizer == "no_vocab")) {
        auto n = r.u32("vocab_size", 0u);
        if (!n) return n.err();
        h.n_vocab = *n;
    } else if (const gguf_value* tokens = f.find("tokenizer.ggml.tokens")) {
        const gguf_array* list = tokens->as_array();
        if (!list) return hp_invalid("tokenizer.ggml.tokens", "expected an array, found " + hp_describe(*tokens));
        if (list->size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
            return hp_invalid("tokenizer.ggml.tokens", "the vocabulary has " + std::to_string(list->size()) + " tokens");
        h.n_vocab = static_cast<std::uint32_t>(list->size());
    }

    // In load_hparams' order, so the first missing key is the one llama.cpp names.
    auto ctx_train = r.u32("context_length", std::nullopt);
    if (!ctx_train) return ctx_train.err();
    h.n_ctx_train = *ctx_train;
    auto embd = r.u32("embedding_length", std::nullopt);
    if (!embd) return embd.err();
    h.n_embd = *embd;
    auto causal = r.boolean("attention.causal", true);
    if (!causal) return causal.err();
    h.causal_attn = *causal;
    auto layers = r.u32("block_count", std::nullopt);
    if (!layers) return layers.err();
    if (*layers == 0 || *layers > llm_max_layers)
        return hp_invalid(r.key("block_count"), std::to_string(*layers) + " layers (1 to " +
                                                    std::to_string(llm_max_layers) + ")");
    h.n_layer = *layers;
    auto experts = r.u32("expert_count", 0u);
    if (!experts) return experts.err();
    auto used = r.u32("expert_used_count", 0u);
    if (!used) return used.err();
    h.n_expert = *experts;
    h.n_expert_used = *used;
    if (h.n_expert_used > h.n_expert || (h.n_expert > 0 && h.n_expert_used == 0))
        return hp_invalid(r.key("expert_used_count"), std::to_string(h.n_expert_used) + " of " +
                                                          std::to_string(h.n_expert) + " experts");

    auto ff = r.per_layer("feed_forward_length", h.n_layer, std::vector<std::uint32_t>(h.n_layer, 0));
    if (!ff) return ff.err();
    h.n_ff_arr = std::move(*ff);
    auto head = r.per_layer("attention.head_count", h.n_layer, std::vector<std::uint32_t>(h.n_layer, 0));
    if (!head) return head.err();
    h.n_head_arr = std::move(*head);
    auto head_kv = r.per_layer("attention.head_count_kv", h.n_layer, h.n_head_arr);
    if (!head_kv) return head_kv.err();
    h.n_head_kv_arr = std::move(*head_kv);
    for (std::uint32_t il = 0; il < h.n_layer; ++il)
        if (h.n_head_kv(il) != 0 && h.n_head(il) % h.n_head_kv(il) != 0)
            return hp_invalid(r.key("attention.head_count_kv"), "layer " + std::to_string(il) + ": " +
                                                                    std::to_string(h.n_head_kv(il)) + " does not divide " +
                                                                    std::to_string(h.n_head(il)) + " heads");
    h.swa_layers.assign(h.n_layer, false);

    auto orig = r.u32("rope.scaling.original_context_length", h.n_ctx_train);
    if (!orig) return orig.err();
    h.n_ctx_orig_yarn = *orig;
    auto base = r.f32("rope.freq_base", 10000.0f);
    if (!base) return base.err();
    h.rope_freq_base_train = *base;
    auto scaling = hp_rope_scaling(r);
    if (!scaling) return scaling.err();
    h.rope_scaling_type_train = *scaling;
    // The newer key first, then the older linear-scale one; 0 means "no scaling".
    auto factor = f.find(r.key("rope.scaling.factor")) ? r.f32("rope.scaling.factor", std::nullopt)
                                                       : r.f32("rope.scale_linear", 0.0f);
    if (!factor) return factor.err();
    h.rope_freq_scale_train = *factor == 0.0f ? 1.0f : 1.0f / *factor;
    auto attn_factor = r.f32("rope.scaling.attn_factor", 1.0f);
    if (!attn_factor) return attn_factor.err();
    h.rope_attn_factor = *attn_factor;

    if (h.n_head() > 0) {
        if (h.n_embd % h.n_head() != 0)
            return hp_invalid(r.key("attention.head_count"), std::to_string(h.n_head()) +
                                                                 " does not divide embedding_length " +
                                                                 std::to_string(h.n_embd));
        auto k = r.u32("attention.key_length", h.n_embd / h.n_head());
        if (!k) return k.err();
        auto v = r.u32("attention.value_length", h.n_embd / h.n_head());
        if (!v) return v.err();
        auto rot = r.u32("rope.dimension_count", *k);
        if (!rot) return rot.err();
        h.n_embd_head_k = *k;
        h.n_embd_head_v = *v;
        h.n_rot = *rot;
    }
    return h;
}

} // namespace planscope
