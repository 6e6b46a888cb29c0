// Every op the OpenCL backend implements against the CPU backend, on PoCL in CI (like ggml's
// test-backend-ops): the same graph, leafs filled with the same bytes, computed on both. Shapes
// cover one element, odd sizes, 4-D broadcasting, permuted, transposed and viewed sources.
//
// Tolerances, relative to max(1, |cpu|): elementwise f32 1e-5 (OpenCL's exp, tanh, sin, cos are
// within 4 ulp where libm is within 1); reductions and MUL_MAT 1e-4 (f32 sums in another order:
// tree sums on the device, double or blocked sums on the CPU); results stored as f16 1e-3 (one
// f16 rounding may go the other way after a different f32 value).
#include "opencl_harness.h"

#include "backend/opencl/opencl_backend.h"

#include <QtTest>

#include <algorithm>

using namespace planscope;
using namespace planscope::testing;

namespace {

struct op_case {
    const char* name;
    std::vector<leaf_spec> leafs;
    graph_builder build;
    double tolerance;
};

using ids = const std::vector<tensor_id>&;

// Shapes are written short ({16, 4}): the missing trailing extents are 1.
shape dims(shape ne) {
    for (auto& n : ne) n = n == 0 ? 1 : n;
    return ne;
}
leaf_spec f32(shape ne, float lo = -1.0f, float hi = 1.0f) { return {dtype::f32, dims(ne), {}, lo, hi}; }
leaf_spec of(dtype t, shape ne) { return {t, dims(ne)}; }
leaf_spec i32(shape ne, std::vector<std::int32_t> v) { return {dtype::i32, dims(ne), std::move(v)}; }

graph_builder binary(op_kind op) {
    return [op](builder& b, ids l) {
        switch (op) {
        case op_kind::add: return b.add(l[0], l[1]);
        case op_kind::sub: return b.sub(l[0], l[1]);
        case op_kind::mul: return b.mul(l[0], l[1]);
        default: return b.div(l[0], l[1]);
        }
    };
}

graph_builder unary(unary_kind u) {
    return [u](builder& b, ids l) { return b.unary(l[0], u); };
}

graph_builder rope(int n_dims, int mode, float ext_factor = 0.0f) {
    return [=](builder& b, ids l) {
        rope_args a;
        a.n_dims = n_dims;
        a.mode = mode;
        a.n_orig_ctx = 512;
        a.ext_factor = ext_factor;
        a.freq_scale = ext_factor != 0.0f ? 0.5f : 1.0f;
        return b.rope(l[0], l[1], a);
    };
}

graph_builder mul_mat() {
    return [](builder& b, ids l) { return b.mul_mat(l[0], l[1]); };
}

leaf_spec i64(shape ne, std::vector<std::int32_t> v) { return {dtype::i64, dims(ne), std::move(v)}; }

graph_builder glu(glu_kind g, bool swapped = false) {
    return [=](builder& b, ids l) { return b.glu(l[0], g, swapped); };
}

// A causal f16 mask of n_kv columns (plus 3 of padding) and n_q rows: diag_mask_inf of a random
// bias in [-1, 0], then cast, so that -inf entries skip keys.
tensor_id causal_mask(builder& b, tensor_id bias, int n_past) { return b.cast(b.diag_mask_inf(bias, n_past), dtype::f16); }

// FLASH_ATTN_EXT of leafs q, k, v (then an f32 mask bias, then sinks, as present).
graph_builder flash_attn(flash_attn_args args, bool mask, bool sinks, int n_past = 0) {
    return [=](builder& b, ids l) mutable {
        std::size_t next = 3;
        std::optional<tensor_id> m;
        if (mask) m = causal_mask(b, l[next++], n_past);
        if (sinks) args.sinks = l[next];
        return b.flash_attn_ext(l[0], l[1], l[2], m, args);
    };
}

const std::vector<op_case>& cases() {
    static const std::vector<op_case> all = {
        {"add same shape", {f32({7, 5, 3, 2}), f32({7, 5, 3, 2})}, binary(op_kind::add), 1e-5},
        {"add one element", {f32({1, 1, 1, 1}), f32({1, 1, 1, 1})}, binary(op_kind::add), 1e-5},
        {"add row broadcast", {f32({16, 4}), f32({16, 1})}, binary(op_kind::add), 1e-5},
        {"add 4-D broadcast", {f32({8, 3, 2, 2}), f32({8, 1, 2, 1})}, binary(op_kind::add), 1e-5},
        {"add repeat along dim 0", {f32({12, 3}), f32({4, 3})}, binary(op_kind::add), 1e-5},
        {"add transposed src0",
         {f32({5, 9}), f32({9, 5})},
         [](builder& b, ids l) { return b.add(b.transpose(l[0]), l[1]); },
         1e-5},
        {"sub", {f32({33, 3}), f32({33, 3})}, binary(op_kind::sub), 1e-5},
        {"mul norm weight", {f32({32, 7}), f32({32, 1})}, binary(op_kind::mul), 1e-5},
        {"mul permuted src0",
         {f32({4, 5, 6}), f32({5, 6, 4})},
         [](builder& b, ids l) { return b.mul(b.permute(l[0], 2, 0, 1, 3), l[1]); },
         1e-5},
        {"div", {f32({17, 2}), f32({17, 2}, 0.5f, 2.0f)}, binary(op_kind::div), 1e-5},
        {"scale", {f32({33, 4}), f32({1})}, [](builder& b, ids l) { return b.scale(l[0], l[1]); }, 1e-5},
        {"scale 4-D", {f32({8, 3, 2, 2}), f32({1})}, [](builder& b, ids l) { return b.scale(l[0], l[1]); }, 1e-5},
        {"add1", {f32({9, 2}), f32({1})}, [](builder& b, ids l) { return b.add1(l[0], l[1]); }, 1e-5},
        {"silu", {f32({17, 3, 2}, -6, 6)}, unary(unary_kind::silu), 1e-5},
        // ggml's CPU GELU goes through its f16 table (rounded to f16, 1e-3), its OpenCL kernel does not.
        {"gelu", {f32({17, 3, 2}, -6, 6)}, unary(unary_kind::gelu), 1e-3},
        {"gelu_quick", {f32({64}, -6, 6)}, unary(unary_kind::gelu_quick), 1e-3},
        {"relu", {f32({31, 2})}, unary(unary_kind::relu), 1e-5},
        {"tanh", {f32({31, 2}, -3, 3)}, unary(unary_kind::tanh), 1e-5},
        {"elu", {f32({31, 2}, -3, 3)}, unary(unary_kind::elu), 1e-5},
        {"abs sgn neg step",
         {f32({10, 3})},
         [](builder& b, ids l) {
             return b.add(b.add(b.unary(l[0], unary_kind::abs), b.unary(l[0], unary_kind::sgn)),
                          b.add(b.unary(l[0], unary_kind::neg), b.unary(l[0], unary_kind::step)));
         },
         1e-5},
        {"silu of transposed",
         {f32({6, 11}, -4, 4)},
         [](builder& b, ids l) { return b.silu(b.transpose(l[0])); },
         1e-5},
        {"sqr sqrt log",
         {f32({21, 2}, 0.1f, 4.0f)},
         [](builder& b, ids l) { return b.add(b.sqr(l[0]), b.add(b.sqrt(l[0]), b.log(l[0]))); },
         1e-5},
        {"rms_norm one element", {f32({1})}, [](builder& b, ids l) { return b.rms_norm(l[0], 1e-6f); }, 1e-4},
        {"rms_norm [7, 3]", {f32({7, 3})}, [](builder& b, ids l) { return b.rms_norm(l[0], 1e-6f); }, 1e-4},
        {"rms_norm [300, 2, 2]", {f32({300, 2, 2})}, [](builder& b, ids l) { return b.rms_norm(l[0], 1e-5f); }, 1e-4},
        {"rms_norm [1000, 3]", {f32({1000, 3}, -3, 3)}, [](builder& b, ids l) { return b.rms_norm(l[0], 1e-5f); }, 1e-4},
        {"norm [64, 5]", {f32({64, 5}, 0, 2)}, [](builder& b, ids l) { return b.norm(l[0], 1e-5f); }, 1e-4},
        {"soft_max one element", {f32({1})}, [](builder& b, ids l) { return b.soft_max(l[0]); }, 1e-4},
        {"soft_max [5, 3]", {f32({5, 3}, -5, 5)}, [](builder& b, ids l) { return b.soft_max(l[0]); }, 1e-4},
        {"soft_max [257, 4, 2]", {f32({257, 4, 2}, -8, 8)}, [](builder& b, ids l) { return b.soft_max(l[0]); }, 1e-4},
        {"soft_max of diag_mask_inf",
         {f32({6, 6, 2}, -3, 3)},
         [](builder& b, ids l) { return b.soft_max(b.diag_mask_inf(l[0], 0)); },
         1e-4},
        {"diag_mask_inf n_past 0", {f32({8, 8, 2})}, [](builder& b, ids l) { return b.diag_mask_inf(l[0], 0); }, 1e-5},
        {"diag_mask_inf n_past 3", {f32({9, 4, 3})}, [](builder& b, ids l) { return b.diag_mask_inf(l[0], 3); }, 1e-5},
        {"diag_mask_zero", {f32({7, 5})}, [](builder& b, ids l) { return b.diag_mask_zero(l[0], 1); }, 1e-5},
        {"rope normal", {f32({8, 2, 3}), i32({3}, {0, 1, 2})}, rope(8, 0), 1e-4},
        {"rope normal partial dims", {f32({16, 4, 5}), i32({5}, {3, 9, 17, 40, 100})}, rope(8, 0), 1e-4},
        {"rope neox", {f32({16, 2, 3}), i32({3}, {5, 6, 7})}, rope(16, 2), 1e-4},
        {"rope yarn", {f32({32, 2, 4}), i32({4}, {0, 50, 700, 1500})}, rope(32, 0, 1.0f), 1e-4},
        {"rope of permuted",
         {f32({8, 3, 2}), i32({3}, {4, 8, 15})},
         [](builder& b, ids l) {
             rope_args a;
             a.n_dims = 8;
             return b.rope(b.permute(l[0], 0, 2, 1, 3), l[1], a);
         },
         1e-4},
        {"rope in place (pairs read before written)",
         {f32({16, 3, 4}), i32({4}, {1, 2, 30, 400})},
         [](builder& b, ids l) {
             rope_args a;
             a.n_dims = 12;
             return b.rope_inplace(b.sqr(l[0]), l[1], a);
         },
         1e-4},
        {"in-place chain: add, scale, diag_mask_inf, soft_max",
         {f32({7, 7, 2}), f32({7, 7, 2}), f32({1})},
         [](builder& b, ids l) {
             const tensor_id s = b.scale_inplace(b.add_inplace(b.sqr(l[0]), l[1]), l[2]);
             return b.soft_max_inplace(b.diag_mask_inf_inplace(s, 1));
         },
         1e-4},
        {"in-place rms_norm and silu",
         {f32({48, 3})},
         [](builder& b, ids l) { return b.unary_inplace(b.rms_norm_inplace(b.sqr(l[0]), 1e-6f), unary_kind::silu); },
         1e-4},
        {"cpy f32 to f16",
         {f32({13, 5}), of(dtype::f16, {13, 5})},
         [](builder& b, ids l) { return b.cpy(l[0], l[1]); },
         1e-3},
        {"cpy f16 to f32",
         {of(dtype::f16, {13, 5}), f32({13, 5})},
         [](builder& b, ids l) { return b.cpy(l[0], l[1]); },
         1e-5},
        {"cpy f32 into another shape",
         {f32({6, 4}), f32({8, 3})},
         [](builder& b, ids l) { return b.cpy(l[0], l[1]); },
         1e-5},
        {"cpy transposed f32 to f16",
         {f32({7, 9}), of(dtype::f16, {9, 7})},
         [](builder& b, ids l) { return b.cpy(b.transpose(l[0]), l[1]); },
         1e-3},
        {"cpy into a view",
         {f32({4, 3}), of(dtype::f16, {8, 5})},
         [](builder& b, ids l) { return b.cpy(l[0], b.view_2d(l[1], 4, 3, 16, 2 * 8 + 4)); },
         1e-3},
        {"cast f32 to f16 (ggml_cast: one source)",
         {f32({13, 5, 2})},
         [](builder& b, ids l) { return b.cast(l[0], dtype::f16); },
         1e-3},
        {"cast transposed f16 to f32",
         {of(dtype::f16, {7, 9})},
         [](builder& b, ids l) { return b.cast(b.transpose(l[0]), dtype::f32); },
         1e-5},
        {"cont permuted",
         {f32({4, 5, 6})},
         [](builder& b, ids l) { return b.cont(b.permute(l[0], 1, 2, 0, 3)); },
         1e-5},
        {"cont transposed f16",
         {of(dtype::f16, {10, 3})},
         [](builder& b, ids l) { return b.cont(b.transpose(l[0])); },
         1e-5},
        {"get_rows f32",
         {f32({16, 10}), i32({5}, {0, 9, 3, 3, 7})},
         [](builder& b, ids l) { return b.get_rows(l[0], l[1]); },
         1e-6},
        {"get_rows f16",
         {of(dtype::f16, {24, 6}), i32({4}, {5, 0, 2, 1})},
         [](builder& b, ids l) { return b.get_rows(l[0], l[1]); },
         1e-6},
        {"get_rows q4_0",
         {of(dtype::q4_0, {64, 7}), i32({3}, {6, 0, 4})},
         [](builder& b, ids l) { return b.get_rows(l[0], l[1]); },
         1e-6},
        {"get_rows q8_0",
         {of(dtype::q8_0, {96, 5}), i32({6}, {1, 4, 4, 0, 2, 3})},
         [](builder& b, ids l) { return b.get_rows(l[0], l[1]); },
         1e-6},
        {"mul_mat f32 [32, 16] x [32, 8]", {f32({32, 16}), f32({32, 8})}, mul_mat(), 1e-4},
        {"mul_mat f32 vector", {f32({64, 33}), f32({64, 1})}, mul_mat(), 1e-4},
        {"mul_mat f32 odd k", {f32({37, 5}), f32({37, 3})}, mul_mat(), 1e-4},
        {"mul_mat f32 one element", {f32({1}), f32({1})}, mul_mat(), 1e-4},
        {"mul_mat f32 large k", {f32({1000, 12}), f32({1000, 9})}, mul_mat(), 1e-4},
        {"mul_mat f32 broadcast",
         {f32({32, 8, 2, 1}), f32({32, 4, 6, 1})},
         mul_mat(),
         1e-4},
        {"mul_mat f32 4-D broadcast",
         {f32({16, 5, 2, 2}), f32({16, 3, 4, 4})},
         mul_mat(),
         1e-4},
        {"mul_mat f32 view src0",
         {f32({48, 10}), f32({32, 4})},
         [](builder& b, ids l) { return b.mul_mat(b.view_2d(l[0], 32, 10, 48 * 4, 8 * 4), l[1]); },
         1e-4},
        {"mul_mat permuted (attention kq)",
         {f32({16, 6, 4}), f32({16, 4, 6})},
         [](builder& b, ids l) { return b.mul_mat(l[0], b.permute(l[1], 0, 2, 1, 3)); },
         1e-4},
        {"mul_mat f16 [128, 20] x [128, 7]", {of(dtype::f16, {128, 20}), f32({128, 7})}, mul_mat(), 1e-4},
        {"mul_mat f16 odd k", {of(dtype::f16, {45, 9}), f32({45, 2})}, mul_mat(), 1e-4},
        {"mul_mat f16 permuted (f16 K cache)",
         {of(dtype::f16, {6, 4, 16}), f32({6, 5, 4})},
         [](builder& b, ids l) { return b.mul_mat(b.permute(l[0], 0, 2, 1, 3), l[1]); },
         1e-4},
        {"mul_mat q4_0 [64, 16] x [64, 5]", {of(dtype::q4_0, {64, 16}), f32({64, 5})}, mul_mat(), 1e-4},
        {"mul_mat q4_0 vector", {of(dtype::q4_0, {256, 11}), f32({256, 1})}, mul_mat(), 1e-4},
        {"mul_mat q8_0 [256, 9] x [256, 3]", {of(dtype::q8_0, {256, 9}), f32({256, 3})}, mul_mat(), 1e-4},
        {"mul_mat q8_0 batched", {of(dtype::q8_0, {32, 4, 2}), f32({32, 3, 4})}, mul_mat(), 1e-4},
        // The ops of ggml 2026's graphs (llama.cpp da46e59c).
        {"scale by op params", {f32({33, 4, 2})}, [](builder& b, ids l) { return b.scale_by(l[0], 0.37f); }, 1e-5},
        {"scale by op params with bias",
         {f32({33, 4})},
         [](builder& b, ids l) { return b.scale_by(l[0], -1.5f, 0.25f); },
         1e-5},
        {"clamp", {f32({40, 3}, -2, 2)}, [](builder& b, ids l) { return b.clamp(l[0], -0.5f, 0.75f); }, 1e-5},
        {"sigmoid", {f32({31, 2}, -8, 8)}, unary(unary_kind::sigmoid), 1e-5},
        {"exp", {f32({31, 2}, -4, 4)}, unary(unary_kind::exp), 1e-5},
        {"softplus", {f32({31, 2}, -30, 30)}, unary(unary_kind::softplus), 1e-5},
        {"gelu_erf", {f32({31, 2}, -5, 5)}, unary(unary_kind::gelu_erf), 1e-5},
        {"soft_max_ext scale, f16 mask broadcast",
         {f32({12, 5, 3}, -4, 4), of(dtype::f16, {12, 7})},
         [](builder& b, ids l) { return b.soft_max_ext(l[0], l[1], {.scale = 0.3f}); },
         1e-4},
        {"soft_max_ext causal mask, ALiBi over 3 heads, sinks",
         {f32({9, 4, 3}, -4, 4), f32({9, 6}, -1, 0), f32({3}, -1, 2)},
         [](builder& b, ids l) {
             return b.soft_max_ext(l[0], causal_mask(b, l[1], 5), {.scale = 0.5f, .max_bias = 8.0f, .sinks = l[2]});
         },
         1e-4},
        {"soft_max_ext f32 mask per plane, no scale",
         {f32({300, 3, 2}, -6, 6), f32({300, 3, 2})},
         [](builder& b, ids l) { return b.soft_max_ext(l[0], l[1]); },
         1e-4},
        {"rope neox with frequency factors",
         {f32({16, 2, 3}), i32({3}, {5, 60, 700}), f32({4}, 1, 8)},
         [](builder& b, ids l) {
             rope_args a;
             a.n_dims = 8;
             a.mode = 2;
             a.freq_factors = l[2];
             return b.rope(l[0], l[1], a);
         },
         1e-4},
        {"set_rows f32 into f16, i64 indices",
         {f32({12, 3}), i64({3}, {4, 0, 2}), of(dtype::f16, {12, 6})},
         [](builder& b, ids l) { return b.set_rows(l[2], l[0], l[1]); },
         1e-3},
        {"set_rows f32, i32 indices broadcast over planes",
         {f32({8, 2, 4}), i32({2, 2}, {1, 3, 0, 2}), f32({8, 4, 4})},
         [](builder& b, ids l) { return b.set_rows(l[2], l[0], l[1]); },
         1e-6},
        {"set_rows into a cache view (the KV cache write)",
         {of(dtype::f16, {16, 3}), i64({3}, {7, 1, 5}), of(dtype::f16, {32, 8})},
         [](builder& b, ids l) { return b.set_rows(b.view_2d(l[2], 16, 8, 64, 32), l[0], l[1]); },
         1e-6},
        {"glu reglu halves", {f32({14, 3}, -3, 3)}, glu(glu_kind::reglu), 1e-5},
        {"glu geglu halves", {f32({14, 3}, -3, 3)}, glu(glu_kind::geglu), 1e-3},
        {"glu swiglu swapped halves", {f32({14, 3, 2}, -3, 3)}, glu(glu_kind::swiglu, true), 1e-5},
        {"glu geglu_erf halves", {f32({20, 2}, -3, 3)}, glu(glu_kind::geglu_erf), 1e-5},
        {"glu geglu_quick halves", {f32({20, 2}, -3, 3)}, glu(glu_kind::geglu_quick), 1e-3},
        {"glu swiglu split", {f32({9, 4}, -3, 3), f32({9, 4}, -3, 3)},
         [](builder& b, ids l) { return b.swiglu_split(l[0], l[1]); }, 1e-5},
        {"glu swiglu_oai split", {f32({9, 4}, -9, 9), f32({9, 4}, -9, 9)},
         [](builder& b, ids l) { return b.swiglu_oai(l[0], l[1], 1.702f, 7.0f); }, 1e-5},
        {"add_id (expert biases)",
         {f32({16, 2, 3}), f32({16, 4}), i32({2, 3}, {3, 0, 1, 1, 2, 3})},
         [](builder& b, ids l) { return b.add_id(l[0], l[1], l[2]); },
         1e-6},
        {"mul_mat_id f32, 2 of 4 experts",
         {f32({32, 6, 4}), f32({32, 1, 3}), i32({2, 3}, {1, 3, 0, 2, 3, 3})},
         [](builder& b, ids l) { return b.mul_mat_id(l[0], l[1], l[2]); },
         1e-4},
        {"mul_mat_id f16, src1 per slot",
         {of(dtype::f16, {40, 5, 3}), f32({40, 2, 4}), i32({2, 4}, {2, 0, 1, 1, 0, 2, 2, 2})},
         [](builder& b, ids l) { return b.mul_mat_id(l[0], l[1], l[2]); },
         1e-4},
        {"argsort ascending",
         {f32({37, 3})},
         [](builder& b, ids l) { return b.argsort(l[0], sort_order::asc); },
         0.0},
        {"argsort descending", {f32({8, 5, 2})}, [](builder& b, ids l) { return b.argsort(l[0], sort_order::desc); }, 0.0},
        {"argsort_top_k (expert choice)", {f32({16, 4})}, [](builder& b, ids l) { return b.argsort_top_k(l[0], 4); }, 0.0},
        {"top_k", {f32({16, 4})}, [](builder& b, ids l) { return b.top_k(l[0], 5); }, 0.0},
        {"flash_attn_ext f16 K/V, GQA 4/2, causal mask",
         {f32({32, 5, 4}), of(dtype::f16, {32, 9, 2}), of(dtype::f16, {32, 9, 2}), f32({12, 7}, -1, 0)},
         flash_attn({.scale = 0.177f, .prec = 10}, true, false, 4),
         2e-3},
        {"flash_attn_ext f32 K/V, dk != dv, softcap, sinks",
         {f32({16, 3, 2}), f32({16, 11, 1}), f32({8, 11, 1}), f32({2}, -1, 2)},
         flash_attn({.scale = 0.5f, .logit_softcap = 3.0f}, false, true),
         1e-4},
        {"flash_attn_ext f32 K/V, ALiBi over 3 heads, mask, decode",
         {f32({64, 1, 3}), f32({64, 300, 3}), f32({64, 300, 3}), f32({300, 1}, -1, 0)},
         flash_attn({.scale = 0.125f, .max_bias = 8.0f}, true, false, 299),
         1e-4},
        {"flash_attn_ext f16 K / f32 V, q permuted",
         {f32({16, 2, 6}), of(dtype::f16, {16, 7, 2}), f32({16, 7, 2})},
         [](builder& b, ids l) { return b.flash_attn_ext(b.permute(l[0], 0, 2, 1, 3), l[1], l[2], std::nullopt, {.scale = 0.25f}); },
         1e-4},
    };
    return all;
}

} // namespace

class TestOpenclOps : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void op_vs_cpu_data();
    void op_vs_cpu();
    void f16_numerics_modes_data();
    void f16_numerics_modes();
};

void TestOpenclOps::initTestCase() {
    auto cl = shared_opencl();
    QVERIFY2(cl.ok(), cl.ok() ? "" : cl.err().message.c_str());
    // ggml's short name; the device is apart (opencl_device_name), e.g. "pthread-… (Portable Computing Language)".
    QCOMPARE(std::string((*cl)->name()), std::string("OpenCL"));
    const std::string device = opencl_device_name(**cl);
    QVERIFY2(device.ends_with(")") && device.find(" (") != std::string::npos, device.c_str());
    QCOMPARE(opencl_device_name(cpu_backend()), std::string());
}

void TestOpenclOps::op_vs_cpu_data() {
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i) QTest::newRow(cases()[i].name) << static_cast<int>(i);
}

void TestOpenclOps::op_vs_cpu() {
    QFETCH(int, index);
    const op_case& c = cases()[static_cast<std::size_t>(index)];
    auto cl = shared_opencl();
    QVERIFY2(cl.ok(), cl.ok() ? "" : cl.err().message.c_str());
    cpu_backend cpu(1);
    // The OpenCL backend multiplies quantised weights dequantised, in both modes, as ggml's OpenCL
    // backend did; the CPU's integer path (ggml's CPU numerics) is test_cpu_qdot's.
    if (std::ranges::any_of(c.leafs, [](const leaf_spec& l) { return block_size(l.type) > 1; }))
        cpu.set_f16_numerics(f16_numerics::exact_f32);
    auto expected = run_on(cpu, c.leafs, c.build);
    QVERIFY2(expected.ok(), expected.ok() ? "" : expected.err().message.c_str());
    auto got = run_on(**cl, c.leafs, c.build);
    QVERIFY2(got.ok(), got.ok() ? "" : got.err().message.c_str());
    QCOMPARE(got->ne, expected->ne);
    const double err = max_rel_error(*got, *expected);
    QVERIFY2(err <= c.tolerance, qPrintable(QStringLiteral("error %1 > tolerance %2").arg(err).arg(c.tolerance)));
}

// f16 weights: in ggml's mode both backends round the activations to f16 (the *_rb kernels, tiled
// and per element), in exact_f32 neither does; the two modes differ by more than the agreement.
void TestOpenclOps::f16_numerics_modes_data() {
    QTest::addColumn<int>("index");
    QTest::addColumn<bool>("exact");
    for (const char* name : {"mul_mat f16 [128, 20] x [128, 7]", "mul_mat f16 odd k", "mul_mat f16 permuted (f16 K cache)"}) {
        const auto it = std::find_if(cases().begin(), cases().end(), [&](const op_case& c) { return std::string(c.name) == name; });
        QVERIFY(it != cases().end());
        for (bool exact : {false, true})
            QTest::addRow("%s, %s", name, exact ? "exact_f32" : "ggml") << static_cast<int>(it - cases().begin()) << exact;
    }
}

void TestOpenclOps::f16_numerics_modes() {
    QFETCH(int, index);
    QFETCH(bool, exact);
    const op_case& c = cases()[static_cast<std::size_t>(index)];
    const f16_numerics mode = exact ? f16_numerics::exact_f32 : f16_numerics::ggml;
    auto cl = make_opencl_backend({{}, mode});
    QVERIFY2(cl.ok(), cl.ok() ? "" : cl.err().message.c_str());
    cpu_backend same(1), other(1);
    same.set_f16_numerics(mode);
    other.set_f16_numerics(exact ? f16_numerics::ggml : f16_numerics::exact_f32);
    auto got = run_on(**cl, c.leafs, c.build);
    auto expected = run_on(same, c.leafs, c.build);
    auto unlike = run_on(other, c.leafs, c.build);
    QVERIFY(got.ok() && expected.ok() && unlike.ok());
    const double agree = max_rel_error(*got, *expected);
    const double differ = max_rel_error(*got, *unlike);
    QVERIFY2(agree <= 1e-5, qPrintable(QStringLiteral("same mode: error %1").arg(agree)));
    QVERIFY2(differ > 1e-5, qPrintable(QStringLiteral("other mode: difference only %1").arg(differ)));
}

QTEST_APPLESS_MAIN(TestOpenclOps)
#include "test_opencl_ops.moc"
