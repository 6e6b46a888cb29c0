#include "llama_hparams.h"

#include "core/printable.h"
#include "gguf_limits.h"

#include <array>
#include <cmath>
#include <limits>
#include <optional>

namespace planscope {
namespace {

// Which epsilon key an architecture must have (llama.cpp required it for the norm it uses).
enum class norm_kind { rms, layer, unknown };

norm_kind norm_of(std::string_view arch) {
    constexpr std::array<std::string_view, 6> rms{"llama", "phi3", "baichuan", "refact", "qwen", "qwen2"};
    constexpr std::array<std::string_view, 9> layer{"gpt2",     "falcon", "starcoder", "bloom", "mpt",
                                                    "stablelm", "gptneox", "gptj",     "persimmon"};
    for (auto a : rms)
        if (a == arch) return norm_kind::rms;
    for (auto a : layer)
        if (a == arch) return norm_kind::layer;
    return norm_kind::unknown;
}

std::string describe(const gguf_value& v) {
    if (v.type == gguf_type::array) return "an array";
    return std::string("a ") + std::string(gguf_type_name(v.type));
}

// Keys hold the file's architecture name, so they are shown through printable().
error missing(const std::string& key) { return error{"missing key " + printable(key)}; }
error invalid(const std::string& key, const std::string& why) {
    return error{"invalid key " + printable(key) + ": " + why};
}

// A positive 32-bit count; `fallback` when the key is absent (nullopt: the key is required).
result<std::uint32_t> count(const gguf_file& f, const std::string& key, std::optional<std::uint32_t> fallback) {
    const gguf_value* v = f.find(key);
    if (!v) {
        if (fallback) return *fallback;
        return missing(key);
    }
    const auto i = v->as_int();
    if (!i) return invalid(key, "expected an integer, found " + describe(*v));
    if (*i <= 0 || *i > std::numeric_limits<std::int32_t>::max())
        return invalid(key, std::to_string(*i) + " is not a positive 32-bit integer");
    return static_cast<std::uint32_t>(*i);
}

// The layer count sizes the weights and the graph: refused past llama_max_layers before either
// is built.
result<std::uint32_t> layer_count(const gguf_file& f, const std::string& key) {
    auto n = count(f, key, std::nullopt);
    if (n && *n > llama_max_layers)
        return error{printable(key) + " " + std::to_string(*n) + " is over the limit of " +
                     std::to_string(llama_max_layers) + " layers"};
    return n;
}

// A finite float; nullopt result value when the key is absent and not required.
result<std::optional<float>> real(const gguf_file& f, const std::string& key, bool required) {
    const gguf_value* v = f.find(key);
    if (!v) {
        if (required) return missing(key);
        return std::optional<float>{};
    }
    const auto d = v->as_float();
    if (!d) return invalid(key, "expected a number, found " + describe(*v));
    if (!std::isfinite(*d) || *d < 0.0) return invalid(key, std::to_string(*d) + " is not a finite non-negative number");
    return std::optional<float>{static_cast<float>(*d)};
}

status read_rope(const gguf_file& f, const std::string& p, llama_hparams& h) {
    auto base = real(f, p + "rope.freq_base", false);
    if (!base) return base.err();
    if (*base) {
        if (**base <= 0.0f) return invalid(p + "rope.freq_base", "must be positive");
        h.rope_freq_base = **base;
    }

    // The newer key first, then the older linear-scale one, as llama.cpp did; 0 means "no scaling".
    auto factor = real(f, p + "rope.scaling.factor", false);
    if (!factor) return factor.err();
    if (!*factor) {
        factor = real(f, p + "rope.scale_linear", false);
        if (!factor) return factor.err();
    }
    const float scale = factor->value_or(0.0f);
    h.rope_freq_scale = scale == 0.0f ? 1.0f : 1.0f / scale;

    const std::string type_key = p + "rope.scaling.type";
    if (const gguf_value* v = f.find(type_key)) {
        const std::string* s = v->as_string();
        if (!s) return invalid(type_key, "expected a string, found " + describe(*v));
        if (*s == "none") h.rope_scaling_type = rope_scaling::none;
        else if (*s == "linear") h.rope_scaling_type = rope_scaling::linear;
        else if (*s == "yarn") h.rope_scaling_type = rope_scaling::yarn;
        else return invalid(type_key, "unknown rope scaling type '" + printable(*s) + "'");
    }

    auto orig = count(f, p + "rope.scaling.original_context_length", h.n_ctx_train);
    if (!orig) return orig.err();
    h.n_yarn_orig_ctx = *orig;
    return success();
}

status read_eps(const gguf_file& f, const std::string& p, llama_hparams& h) {
    const norm_kind kind = norm_of(h.arch);
    auto rms = real(f, p + "attention.layer_norm_rms_epsilon", kind == norm_kind::rms);
    if (!rms) return rms.err();
    auto layer = real(f, p + "attention.layer_norm_epsilon", kind == norm_kind::layer);
    if (!layer) return layer.err();
    h.f_norm_rms_eps = rms->value_or(0.0f);
    h.f_norm_eps = layer->value_or(0.0f);
    return success();
}

} // namespace

result<llama_hparams> read_hparams(const gguf_file& f) {
    llama_hparams h;
    const gguf_value* arch = f.find("general.architecture");
    if (!arch) return missing("general.architecture");
    if (!arch->as_string() || arch->as_string()->empty())
        return invalid("general.architecture", "expected a non-empty string, found " + describe(*arch));
    h.arch = *arch->as_string();
    h.name = f.get_string("general.name").value_or("");
    const std::string p = h.arch + ".";

    const gguf_value* tokens = f.find("tokenizer.ggml.tokens");
    if (!tokens) return missing("tokenizer.ggml.tokens");
    const gguf_array* list = tokens->as_array();
    if (!list) return invalid("tokenizer.ggml.tokens", "expected an array, found " + describe(*tokens));
    if (list->empty() || list->size() > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
        return invalid("tokenizer.ggml.tokens", "the vocabulary has " + std::to_string(list->size()) + " tokens");
    h.n_vocab = static_cast<std::uint32_t>(list->size());

    // Same order as llm_load_hparams, so the first missing key reported is the one llama.cpp named.
    struct field {
        const char* key;
        std::uint32_t llama_hparams::*member;
    };
    constexpr std::array<field, 5> required{{
        {"context_length", &llama_hparams::n_ctx_train},
        {"embedding_length", &llama_hparams::n_embd},
        {"feed_forward_length", &llama_hparams::n_ff},
        {"attention.head_count", &llama_hparams::n_head},
        {"block_count", &llama_hparams::n_layer},
    }};
    for (const auto& [key, member] : required) {
        auto v = member == &llama_hparams::n_layer ? layer_count(f, p + key) : count(f, p + key, std::nullopt);
        if (!v) return v.err();
        h.*member = *v;
    }

    auto head_kv = count(f, p + "attention.head_count_kv", h.n_head);
    if (!head_kv) return head_kv.err();
    h.n_head_kv = *head_kv;
    if (h.n_head % h.n_head_kv != 0)
        return invalid(p + "attention.head_count_kv",
                       std::to_string(h.n_head_kv) + " does not divide head_count " + std::to_string(h.n_head));
    if (h.n_embd % h.n_head != 0)
        return invalid(p + "attention.head_count",
                       std::to_string(h.n_head) + " does not divide embedding_length " + std::to_string(h.n_embd));

    auto rot = count(f, p + "rope.dimension_count", h.n_embd / h.n_head);
    if (!rot) return rot.err();
    h.n_rot = *rot;

    if (auto s = read_rope(f, p, h); !s) return s.err();
    if (auto s = read_eps(f, p, h); !s) return s.err();
    return h;
}

std::string_view rope_scaling_name(rope_scaling s) {
    switch (s) {
    case rope_scaling::none: return "none";
    case rope_scaling::linear: return "linear";
    case rope_scaling::yarn: return "yarn";
    }
    return "?";
}

} // namespace planscope
