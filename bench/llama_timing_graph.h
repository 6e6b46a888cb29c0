#pragma once
// The llama-shaped graphs the planner benchmarks time (bench_alloc, compare_ggml).
#include "core/builder.h"
#include "core/document.h"
#include "core/graph.h"

#include <cstdlib>

struct graph_fixture {
    planscope::context ctx;
    planscope::graph g;
};

// A llama-2-70B-shaped decoder (without GQA) for 32 tokens: RMS norm, Q/K/V, RoPE, scaled masked
// soft max attention, output projection, SwiGLU FFN, residuals. Weights pre-allocated in buffer 0.
inline graph_fixture llama_timing_graph(int n_layer) {
    using namespace planscope;
    graph_fixture f;
    builder b(f.ctx);
    constexpr std::int64_t n_embd = 8192, n_head = 64, head_dim = 128, n_tokens = 32, n_ff = 28672;
    std::uint64_t weight_offset = 0;
    auto weight = [&](std::int64_t ne0, std::int64_t ne1) {
        const auto t = b.new_tensor_2d(dtype::q4_0, ne0, ne1);
        f.ctx[t].where = placement{buffer_id{0}, weight_offset};
        weight_offset += (nbytes(f.ctx[t]) + 31) / 32 * 32;
        return t;
    };
    const auto pos = b.new_tensor_1d(dtype::i32, n_tokens);
    const auto kq_scale = b.new_tensor_1d(dtype::f32, 1);
    const auto kq_mask = b.new_tensor_2d(dtype::f32, n_tokens, n_tokens);
    const rope_args rope{.n_dims = static_cast<int>(head_dim), .n_ctx = 4096};
    tensor_id inp = b.new_tensor_2d(dtype::f32, n_embd, n_tokens);
    for (int il = 0; il < n_layer; ++il) {
        auto cur = b.mul(b.rms_norm(inp, 1e-5f), b.new_tensor_1d(dtype::f32, n_embd));
        auto q = b.rope_inplace(b.reshape_3d(b.mul_mat(weight(n_embd, n_embd), cur), head_dim, n_head, n_tokens), pos,
                                rope);
        auto k = b.rope_inplace(b.reshape_3d(b.mul_mat(weight(n_embd, n_embd), cur), head_dim, n_head, n_tokens), pos,
                                rope);
        const auto v = b.mul_mat(weight(n_embd, n_embd), cur);
        auto kq = b.mul_mat(b.permute(k, 0, 2, 1, 3), b.permute(q, 0, 2, 1, 3));
        kq = b.soft_max_inplace(b.add_inplace(b.scale_inplace(kq, kq_scale), kq_mask));
        const auto vt = b.cont(b.permute(b.reshape_3d(v, head_dim, n_head, n_tokens), 1, 2, 0, 3));
        cur = b.cont_4d(b.permute(b.mul_mat(vt, kq), 0, 2, 1, 3), n_embd, n_tokens, 1, 1);
        const auto ffn_inp = b.add(b.mul_mat(weight(n_embd, n_embd), cur), inp);
        cur = b.mul(b.rms_norm(ffn_inp, 1e-5f), b.new_tensor_1d(dtype::f32, n_embd));
        const auto gate = b.silu(b.mul_mat(weight(n_embd, n_ff), cur));
        const auto up = b.mul_mat(weight(n_embd, n_ff), cur);
        inp = b.add(b.mul_mat(weight(n_ff, n_embd), b.mul(gate, up)), ffn_inp);
    }
    const auto out = b.rms_norm(inp, 1e-5f);
    if (!b.ok() || !build_forward_expand(f.ctx, f.g, out).ok()) std::abort();
    return f;
}

// A fresh document of the fixture's graph, as `planscope-cli plan` would load it (the planner
// benchmarks build one untimed before every plan).
inline planscope::graph_document timing_document(const graph_fixture& f) {
    planscope::graph_document doc;
    doc.ctx = f.ctx;
    doc.g = f.g;
    doc.buffers = {{"weights", "CPU", 0, 32}};
    return doc;
}
