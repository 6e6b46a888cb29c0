#include "templates.h"

#include "core/builder.h"

#include <array>

namespace planscope {
namespace {

// Two llama-style attention + SwiGLU layers over 4 tokens: n_embd 64, 8 heads of 8, n_ff 172
// (the shape of stories260K), weights in a "weights" buffer on the CPU.
result<graph_document> attention() {
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
        const std::string l = "-" + std::to_string(il);
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

    // Weights live in their own buffer, packed at 64-byte alignment.
    doc.buffers.push_back({"weights", "CPU", 0, 64});
    std::uint64_t offset = 0;
    for (tensor_id w : weights) {
        doc.ctx[w].where = placement{buffer_id{0}, offset};
        offset += (nbytes(doc.ctx[w]) + 63) / 64 * 64;
    }
    doc.buffers[0].size = offset;
    return doc;
}

constexpr std::array<template_info, 1> list{{
    {"attention", "two llama-style attention + SwiGLU layers, 4 tokens (stories260K shapes)"},
}};

} // namespace

std::span<const template_info> templates() { return list; }

result<graph_document> make_template(std::string_view name) {
    if (name == "attention") return attention();
    return error{"unknown template '" + std::string(name) + "'"};
}

} // namespace planscope
