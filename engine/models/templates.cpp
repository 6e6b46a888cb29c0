#include "templates.h"

#include "core/builder.h"

#include <array>
#include <charconv>
#include <climits>
#include <map>
#include <optional>

namespace planscope {
namespace {

// Weights live in their own "weights" buffer on the CPU, packed at 64-byte alignment.
void place_weights(graph_document& doc, const std::vector<tensor_id>& weights) {
    const buffer_id id{doc.buffers.size()};
    std::uint64_t offset = 0;
    for (tensor_id w : weights) {
        doc.ctx[w].where = placement{id, offset};
        offset += (nbytes(doc.ctx[w]) + 63) / 64 * 64;
    }
    doc.buffers.push_back({"weights", "CPU", offset, 64});
}

// The values of one template's keys, checked against its params.
class template_args {
public:
    // `query` is what follows "NAME?", or nullopt for a bare NAME.
    static result<template_args> parse(const template_info& t, std::optional<std::string_view> query) {
        template_args a;
        a.m_info = &t;
        for (bool more = query.has_value(); more;) {
            const std::size_t amp = query->find('&');
            const std::string_view item = query->substr(0, amp);
            more = amp != std::string_view::npos;
            if (more) query = query->substr(amp + 1);
            const std::size_t eq = item.find('=');
            const std::string key(item.substr(0, eq));
            if (eq == std::string_view::npos || key.empty())
                return error{"'" + std::string(item) + "' is not KEY=VALUE"};
            const template_param* p = find(t, key);
            if (!p)
                return error{"template '" + std::string(t.name) + "' has no parameter '" + key + "' (it has " +
                             keys(t) + ")"};
            if (auto s = check(*p, item.substr(eq + 1)); !s) return s.err();
            if (!a.m_given.emplace(key, std::string(item.substr(eq + 1))).second)
                return error{"parameter '" + key + "' is given twice"};
        }
        return a;
    }

    [[nodiscard]] bool given(const std::string& key) const { return m_given.contains(key); }
    [[nodiscard]] std::string text(const std::string& key) const {
        const auto it = m_given.find(key);
        return it != m_given.end() ? it->second : std::string(find(*m_info, key)->default_value);
    }
    [[nodiscard]] int number(const std::string& key) const { return std::stoi(text(key)); } // checked by parse

private:
    static const template_param* find(const template_info& t, std::string_view key) {
        for (const auto& p : t.params)
            if (p.key == key) return &p;
        return nullptr;
    }

    static std::string keys(const template_info& t) {
        if (t.params.empty()) return "none";
        std::string out;
        for (const auto& p : t.params) out += (out.empty() ? "" : ", ") + std::string(p.key);
        return out;
    }

    static status check(const template_param& p, std::string_view v) {
        const std::string shown = "parameter " + std::string(p.key) + ": '" + std::string(v) + "' ";
        if (!p.choices.empty()) {
            for (std::string_view c = p.choices; !c.empty();) {
                const std::size_t bar = c.find('|');
                if (c.substr(0, bar) == v) return success();
                c = bar == std::string_view::npos ? std::string_view{} : c.substr(bar + 1);
            }
            return error{shown + "is not one of " + std::string(p.choices)};
        }
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc{} || end != v.data() + v.size() || n < p.min || n > INT_MAX)
            return error{shown + "is not an integer from " + std::to_string(p.min) + " to " + std::to_string(INT_MAX)};
        return success();
    }

    const template_info* m_info = nullptr;
    std::map<std::string, std::string> m_given;
};

// Two llama-style attention + SwiGLU layers over 4 tokens: n_embd 64, 8 heads of 8, n_ff 172
// (the shape of stories260K), weights in a "weights" buffer on the CPU.
result<template_graph> attention() {
    graph_document doc;
    doc.name = "attention";
    builder b(doc.ctx);
    constexpr std::int64_t n_embd = 64, n_head = 8, head_dim = 8, n_tokens = 4, n_ff = 172;
    constexpr float eps = 1e-5f;

    std::vector<tensor_id> weights;
    auto weight = [&](const std::string& name, std::int64_t ne0, std::int64_t ne1) {
        const auto t = b.set_name(b.new_tensor_2d(dtype::f32, ne0, ne1), name);
        weights.push_back(t);
        return t;
    };
    auto input = b.set_name(b.new_tensor_2d(dtype::f32, n_embd, n_tokens), "inp_embd");
    b.set_flags(input, tensor_flag::input);
    const auto pos = b.set_flags(b.set_name(b.new_tensor_1d(dtype::i32, n_tokens), "inp_pos"), tensor_flag::input);
    const auto kq_scale = b.set_flags(b.set_name(b.new_tensor_1d(dtype::f32, 1), "KQ_scale"), tensor_flag::input);
    const auto kq_mask =
        b.set_flags(b.set_name(b.new_tensor_2d(dtype::f32, n_tokens, n_tokens), "KQ_mask"), tensor_flag::input);

    tensor_id inpL = input;
    for (int il = 0; il < 2; ++il) {
        const std::string l = std::string("-") + std::to_string(il); // "-" + string&& trips GCC 12's -Wrestrict
        const auto blk = "blk." + std::to_string(il) + ".";
        auto cur = b.set_name(b.rms_norm(inpL, eps), "norm" + l);
        cur = b.set_name(b.mul(cur, weight(blk + "attn_norm.weight", n_embd, 1)), "attn_norm" + l);
        const rope_args rope{.n_dims = static_cast<int>(head_dim), .n_ctx = 2048};
        auto q = b.mul_mat(weight(blk + "attn_q.weight", n_embd, n_embd), cur);
        q = b.set_name(b.rope_inplace(b.reshape_3d(q, head_dim, n_head, n_tokens), pos, rope), "Qcur" + l);
        auto k = b.mul_mat(weight(blk + "attn_k.weight", n_embd, n_embd), cur);
        k = b.set_name(b.rope_inplace(b.reshape_3d(k, head_dim, n_head, n_tokens), pos, rope), "Kcur" + l);
        auto v = b.set_name(b.mul_mat(weight(blk + "attn_v.weight", n_embd, n_embd), cur), "Vcur" + l);
        const auto Q = b.set_name(b.permute(q, 0, 2, 1, 3), "Q" + l);
        const auto K = b.set_name(b.permute(k, 0, 2, 1, 3), "K" + l);
        auto kq = b.set_name(b.mul_mat(K, Q), "KQ" + l);
        kq = b.set_name(b.scale_inplace(kq, kq_scale), "KQ_scaled" + l);
        kq = b.set_name(b.add_inplace(kq, kq_mask), "KQ_masked" + l);
        kq = b.set_name(b.soft_max_inplace(kq), "KQ_soft_max" + l);
        const auto V = b.set_name(b.cont(b.permute(b.reshape_3d(v, head_dim, n_head, n_tokens), 1, 2, 0, 3)), "V" + l);
        const auto kqv = b.set_name(b.mul_mat(V, kq), "KQV" + l);
        const auto merged = b.set_name(b.permute(kqv, 0, 2, 1, 3), "KQV_merged" + l);
        cur = b.set_name(b.cont_4d(merged, n_embd, n_tokens, 1, 1), "KQV_merged_contiguous" + l);
        cur = b.set_name(b.mul_mat(weight(blk + "attn_output.weight", n_embd, n_embd), cur), "attn_out" + l);
        const auto ffn_inp = b.set_name(b.add(cur, inpL), "ffn_inp" + l);
        cur = b.set_name(b.rms_norm(ffn_inp, eps), "norm_ffn" + l);
        cur = b.set_name(b.mul(cur, weight(blk + "ffn_norm.weight", n_embd, 1)), "ffn_norm" + l);
        const auto up = b.set_name(b.mul_mat(weight(blk + "ffn_up.weight", n_embd, n_ff), cur), "ffn_up" + l);
        auto gate = b.set_name(b.mul_mat(weight(blk + "ffn_gate.weight", n_embd, n_ff), cur), "ffn_gate" + l);
        gate = b.set_name(b.silu(gate), "ffn_silu" + l);
        cur = b.set_name(b.mul(gate, up), "ffn_gate_par" + l);
        cur = b.set_name(b.mul_mat(weight(blk + "ffn_down.weight", n_ff, n_embd), cur), "ffn_down" + l);
        inpL = b.set_name(b.add(cur, ffn_inp), "l_out" + l);
    }
    const auto out = b.set_flags(b.set_name(b.rms_norm(inpL, eps), "result_norm"), tensor_flag::output);
    if (!b.ok()) return *b.first_error();
    if (auto s = build_forward_expand(doc.ctx, doc.g, out); !s) return s.err();

    place_weights(doc, weights);
    return template_graph{std::move(doc), {}};
}

// A multilayer perceptron on a batch of rows: n_layer linear layers (ReLU between them), then
// SOFT_MAX. Weights [in, out] and biases [out] in a "weights" buffer on the CPU.
result<template_graph> mlp(const template_args& a) {
    graph_document doc;
    doc.name = "mlp";
    builder b(doc.ctx);
    const int n_layer = a.number("n_layer"), n_hidden = a.number("n_hidden");
    std::vector<tensor_id> weights;
    auto weight = [&](const std::string& name, std::int64_t ne0, std::int64_t ne1) {
        const auto t = b.set_name(b.new_tensor_2d(dtype::f32, ne0, ne1), name);
        weights.push_back(t);
        return t;
    };
    tensor_id cur = b.set_flags(b.set_name(b.new_tensor_2d(dtype::f32, a.number("n_in"), a.number("n_batch")), "input"),
                                tensor_flag::input);
    std::int64_t n_cur = a.number("n_in");
    for (int il = 0; il < n_layer; ++il) {
        const std::string l = "fc" + std::to_string(il);
        const std::int64_t n_out = il + 1 == n_layer ? a.number("n_out") : n_hidden;
        cur = b.set_name(b.mul_mat(weight(l + ".weight", n_cur, n_out), cur), l);
        cur = b.set_name(b.add(cur, weight(l + ".bias", n_out, 1)), l + "_biased");
        if (il + 1 < n_layer) cur = b.set_name(b.relu(cur), "relu" + std::to_string(il));
        n_cur = n_out;
    }
    const auto out = b.set_flags(b.set_name(b.soft_max(cur), "probs"), tensor_flag::output);
    if (!b.ok()) return *b.first_error();
    if (auto s = build_forward_expand(doc.ctx, doc.g, out); !s) return s.err();

    place_weights(doc, weights);
    return template_graph{std::move(doc), {}};
}

// The llama_params keys the spec gives, over `p`.
llama_template_params apply_llama_keys(const template_args& a, llama_params p) {
    std::vector<std::string_view> set;
    const auto take = [&](std::string_view key, auto apply) {
        if (!a.given(std::string(key))) return;
        apply(a.text(std::string(key)));
        set.push_back(key);
    };
    take("n_ctx", [&](const std::string& v) { p.n_ctx = std::stoi(v); }); // checked by parse
    take("n_batch", [&](const std::string& v) { p.n_batch = std::stoi(v); });
    take("n_past", [&](const std::string& v) { p.n_past = std::stoi(v); });
    take("kv_type", [&](const std::string& v) { p.kv_type = v == "f32" ? dtype::f32 : dtype::f16; });
    take("ngl", [&](const std::string& v) { p.ngl = std::stoi(v); });
    take("worst_case", [&](const std::string& v) { p.worst_case = v == "yes"; });
    return {p, std::move(set)};
}

// The llama template's hyperparameters (n_ctx_train left 0).
llama_hparams llama_args_hparams(const template_args& a) {
    llama_hparams h;
    h.arch = "llama";
    h.n_vocab = static_cast<std::uint32_t>(a.number("n_vocab"));
    h.n_embd = static_cast<std::uint32_t>(a.number("n_embd"));
    h.n_layer = static_cast<std::uint32_t>(a.number("n_layer"));
    h.n_head = static_cast<std::uint32_t>(a.number("n_head"));
    h.n_head_kv = a.number("n_head_kv") == 0 ? h.n_head : static_cast<std::uint32_t>(a.number("n_head_kv"));
    h.n_ff = static_cast<std::uint32_t>(a.number("n_ff"));
    h.n_rot = h.n_embd / h.n_head;
    h.f_norm_rms_eps = 1e-5f;
    return h;
}

// The llama decoder of llama_graph.h with free hyperparameters and f32 placeholder weights.
result<template_graph> llama(const template_args& a, llama_params p) {
    llama_hparams h = llama_args_hparams(a);
    p = apply_llama_keys(a, p).params;
    h.n_ctx_train = h.n_yarn_orig_ctx = static_cast<std::uint32_t>(p.n_ctx); // trained for the context it runs
    auto m = build_llama_graph(h, p);
    if (!m) return m.err();
    m->doc.name = "llama";
    return template_graph{std::move(m->doc), std::move(m->inputs)};
}

constexpr std::array<template_param, 5> mlp_params{{
    {"n_batch", "32", "rows per batch"},
    {"n_in", "784", "input features"},
    {"n_hidden", "256", "hidden layer width"},
    {"n_out", "10", "output classes"},
    {"n_layer", "3", "linear layers"},
}};

// Defaults: stories260K's shapes but one KV head per head, and llama_params' defaults.
constexpr std::array<template_param, 12> llama_params_list{{
    {"n_vocab", "512", "vocabulary size"},
    {"n_embd", "64", "embedding width"},
    {"n_layer", "5", "decoder layers"},
    {"n_head", "8", "attention heads"},
    {"n_head_kv", "0", "key/value heads (0: as many as n_head)", 0},
    {"n_ff", "172", "feed-forward width"},
    {"n_ctx", "512", "KV cache cells"},
    {"n_batch", "8", "tokens in the graph"},
    {"n_past", "0", "cells already filled", 0},
    {"kv_type", "f16", "KV cache type", 1, "f16|f32"},
    {"ngl", "0", "layers offloaded to the second backend", 0},
    {"worst_case", "no", "llama.cpp's measure graph (n_kv = n_ctx, K-shift)", 1, "no|yes"},
}};

constexpr std::array<template_info, 3> list{{
    {"attention", "two llama-style attention + SwiGLU layers, 4 tokens (stories260K shapes)", {}},
    {"mlp", "a multilayer perceptron: linear layers with ReLU, then soft_max", mlp_params},
    {"llama", "a llama decoder (llama.cpp, November 2023) with free hyperparameters", llama_params_list},
}};

} // namespace

std::span<const template_info> templates() { return list; }

const template_info* find_template(std::string_view name) {
    for (const auto& t : list)
        if (t.name == name) return &t;
    return nullptr;
}

result<template_graph> build_template(std::string_view spec, const llama_params& base) {
    const std::size_t q = spec.find('?');
    const std::string_view name = spec.substr(0, q);
    const template_info* t = find_template(name);
    if (!t) return error{"unknown template '" + std::string(name) + "'"};
    auto args = template_args::parse(*t, q == std::string_view::npos ? std::nullopt : std::optional(spec.substr(q + 1)));
    if (!args) return args.err();
    if (name == "mlp") return mlp(*args);
    if (name == "llama") return llama(*args, base);
    return attention();
}

result<llama_template_params> llama_template_keys(std::string_view spec, const llama_params& base) {
    const std::size_t q = spec.find('?');
    if (spec.substr(0, q) != "llama") return error{"not the llama template: '" + std::string(spec) + "'"};
    auto args = template_args::parse(*find_template("llama"),
                                     q == std::string_view::npos ? std::nullopt : std::optional(spec.substr(q + 1)));
    if (!args) return args.err();
    return apply_llama_keys(*args, base);
}

result<llama_hparams> llama_template_hparams(std::string_view spec) {
    const std::size_t q = spec.find('?');
    if (spec.substr(0, q) != "llama") return error{"not the llama template: '" + std::string(spec) + "'"};
    auto args = template_args::parse(*find_template("llama"),
                                     q == std::string_view::npos ? std::nullopt : std::optional(spec.substr(q + 1)));
    if (!args) return args.err();
    return llama_args_hparams(*args);
}

result<graph_document> make_template(std::string_view spec) {
    auto t = build_template(spec);
    if (!t) return t.err();
    return std::move(t->doc);
}

} // namespace planscope
