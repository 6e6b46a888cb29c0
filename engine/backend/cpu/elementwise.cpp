// ADD, SUB, MUL, DIV (src1 repeated over src0 as ggml_can_repeat allows), ADD1, SCALE (2023's
// one-element src1, or ggml d99724f2's x*s + b from the op params), ADD_ID, the one-input maps:
// SQR, SQRT, LOG, CLAMP and the UNARY kinds, and FILL, all computed in f32 row by row.
//
// GELU and GELU_QUICK in ggml's numerics go through its f16 tables (GGML_GELU_FP16 and
// GGML_GELU_QUICK_FP16 of ggml-cpu/vec.h): the input rounded to f16, the function's value rounded
// to f16; GELU is 0 at or below -10 and x at or above 10. exact_f32 computes them in f32.
#include "kernels.h"
#include "row_io.h"
#include "vmath.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

namespace planscope::cpu {
namespace {

// ggml.c's constants for GELU and GELU_QUICK.
constexpr float gelu_coef_a = 0.044715f;
constexpr float sqrt_2_over_pi = 0.79788456080286535587989211986876f;
constexpr float gelu_quick_coef = -1.702f;
constexpr float sqrt_2_inv = 0.70710678118654752440084436210484f;

template <class Op>
void binary_rows(const exec_node& n, const kernel_context& kc, Op op) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    const std::int64_t ne0 = d.ne[0], nb0 = b.ne[0];
    float* sa = kc.scratch(0, 3 * padded(ne0));
    float* sb = sa + padded(ne0);
    float* sd = sb + padded(ne0);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % d.ne[1], i2 = (r / d.ne[1]) % d.ne[2], i3 = r / (d.ne[1] * d.ne[2]);
        const float* x = read_row(a, a.row(i1, i2, i3), sa);
        const float* y = read_row(b, b.row(i1 % b.ne[1], i2 % b.ne[2], i3 % b.ne[3]), sb);
        std::byte* out = d.row(i1, i2, i3);
        float* z = row_target(d, out, sd);
        if (nb0 == 1) {
            const float s = y[0];
            for (std::int64_t i = 0; i < ne0; ++i) z[i] = op(x[i], s);
        } else {
            for (std::int64_t k = 0; k < ne0; k += nb0)
                for (std::int64_t i = 0; i < nb0; ++i) z[k + i] = op(x[k + i], y[i]);
        }
        write_row(d, out, z);
    }
}

// The value of ggml_table_gelu_f16 (or _quick) at x's f16 neighbour.
template <class F>
float through_f16_table(F f, float x) {
    return f16_to_f32(f32_to_f16(f(f16_to_f32(f32_to_f16(x)))));
}

float gelu_tanh(float x) { return 0.5f * x * (1.0f + std::tanh(sqrt_2_over_pi * x * (1.0f + gelu_coef_a * x * x))); }
float gelu_quick(float x) { return x * (1.0f / (1.0f + std::exp(gelu_quick_coef * x))); }

template <class F>
void map_rows(const exec_node& n, const kernel_context& kc, F f) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const std::int64_t ne0 = d.ne[0];
    float* sa = kc.scratch(0, 3 * padded(ne0));
    float* sd = sa + padded(ne0);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % d.ne[1], i2 = (r / d.ne[1]) % d.ne[2], i3 = r / (d.ne[1] * d.ne[2]);
        const float* x = read_row(a, a.row(i1, i2, i3), sa);
        std::byte* out = d.row(i1, i2, i3);
        float* z = row_target(d, out, sd);
        for (std::int64_t i = 0; i < ne0; ++i) z[i] = f(x[i]);
        write_row(d, out, z);
    }
}

void run_unary_kind(const exec_node& n, const kernel_context& kc, unary_kind u) {
    switch (u) {
    case unary_kind::abs: return map_rows(n, kc, [](float x) { return std::fabs(x); });
    case unary_kind::sgn: return map_rows(n, kc, [](float x) { return x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f); });
    case unary_kind::neg: return map_rows(n, kc, [](float x) { return -x; });
    case unary_kind::step: return map_rows(n, kc, [](float x) { return x > 0.0f ? 1.0f : 0.0f; });
    case unary_kind::tanh: return map_rows(n, kc, [](float x) { return std::tanh(x); });
    case unary_kind::elu: return map_rows(n, kc, [](float x) { return x > 0.0f ? x : std::expm1(x); });
    case unary_kind::relu: return map_rows(n, kc, [](float x) { return x > 0.0f ? x : 0.0f; });
    case unary_kind::gelu:
        if (n.numerics == f16_numerics::exact_f32) return map_rows(n, kc, gelu_tanh);
        return map_rows(n, kc, [](float x) {
            return x <= -10.0f ? 0.0f : x >= 10.0f ? x : through_f16_table(gelu_tanh, x);
        });
    case unary_kind::gelu_quick:
        if (n.numerics == f16_numerics::exact_f32) return map_rows(n, kc, gelu_quick);
        return map_rows(n, kc, [](float x) { return through_f16_table(gelu_quick, x); });
    case unary_kind::silu: return map_rows(n, kc, [](float x) { return x / (1.0f + vexp(-x)); });
    // ggml-cpu/unary-ops.cpp and vec.h of d99724f2.
    case unary_kind::sigmoid: return map_rows(n, kc, [](float x) { return 1.0f / (1.0f + std::exp(-x)); });
    case unary_kind::exp: return map_rows(n, kc, [](float x) { return std::exp(x); });
    case unary_kind::softplus:
        return map_rows(n, kc, [](float x) { return x > 20.0f ? x : std::log(1.0f + std::exp(x)); });
    case unary_kind::gelu_erf:
        return map_rows(n, kc, [](float x) { return 0.5f * x * (1.0f + std::erf(x * sqrt_2_inv)); });
    }
}

} // namespace

void run_binary(const exec_node& n, const kernel_context& kc) {
    switch (n.op) {
    case op_kind::add: return binary_rows(n, kc, [](float x, float y) { return x + y; });
    case op_kind::sub: return binary_rows(n, kc, [](float x, float y) { return x - y; });
    case op_kind::mul: return binary_rows(n, kc, [](float x, float y) { return x * y; });
    case op_kind::div: return binary_rows(n, kc, [](float x, float y) { return x / y; });
    default: return;
    }
}

void run_scalar(const exec_node& n, const kernel_context& kc) {
    if (!n.has_src(1)) { // ggml_scale_impl of d99724f2: ggml_vec_scale_f32 without a bias, else mad1
        const float s = n.params.get_f32(0), b = n.params.get_f32(1);
        if (b == 0.0f) return map_rows(n, kc, [s](float x) { return x * s; });
        return map_rows(n, kc, [s, b](float x) { return x * s + b; });
    }
    const float s = first_value(n.src[1]);
    if (n.op == op_kind::add1) return map_rows(n, kc, [s](float x) { return x + s; });
    map_rows(n, kc, [s](float x) { return x * s; });
}

// ADD_ID (ggml_compute_forward_add_id_f32): row (i1, i2, i3) of src0 plus the row of src1 (an
// expert's bias) that the i32 src2 names at (i1, i2).
void run_add_id(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &ids = n.src[2], &d = n.dst;
    const std::int64_t ne0 = d.ne[0];
    float* sa = kc.scratch(0, 3 * padded(ne0));
    float* sb = sa + padded(ne0);
    float* sd = sb + padded(ne0);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % d.ne[1], i2 = (r / d.ne[1]) % d.ne[2], i3 = r / (d.ne[1] * d.ne[2]);
        std::int32_t id;
        std::memcpy(&id, ids.data + static_cast<std::size_t>(i1) * ids.nb[0] + static_cast<std::size_t>(i2) * ids.nb[1],
                    sizeof id);
        std::byte* out = d.row(i1, i2, i3);
        float* z = row_target(d, out, sd);
        const float* x = read_row(a, a.row(i1, i2, i3), sa);
        if (id < 0 || id >= b.ne[1]) {
            kc.errors->report("ADD_ID '" + n.name + "': id " + std::to_string(id) + " at (" + std::to_string(i1) + ", " +
                              std::to_string(i2) + ") is outside [0, " + std::to_string(b.ne[1]) + ")");
            for (std::int64_t i = 0; i < ne0; ++i) z[i] = x[i];
        } else {
            const float* y = read_row(b, b.row(id, 0, 0), sb);
            for (std::int64_t i = 0; i < ne0; ++i) z[i] = x[i] + y[i];
        }
        write_row(d, out, z);
    }
}

void run_unary(const exec_node& n, const kernel_context& kc) {
    switch (n.op) {
    case op_kind::sqr: return map_rows(n, kc, [](float x) { return x * x; });
    case op_kind::sqrt: return map_rows(n, kc, [](float x) { return std::sqrt(x); });
    case op_kind::log: return map_rows(n, kc, [](float x) { return std::log(x); });
    case op_kind::clamp: { // MAX(MIN(x, max), min) as ggml's macros: NaN becomes max
        const float lo = n.params.get_f32(0), hi = n.params.get_f32(1);
        return map_rows(n, kc, [lo, hi](float x) {
            const float m = x < hi ? x : hi;
            return m > lo ? m : lo;
        });
    }
    default: return run_unary_kind(n, kc, static_cast<unary_kind>(n.params.get_i32(0)));
    }
}

// FILL (ggml_compute_forward_fill): every element c, rounded once to the destination's type.
void run_fill(const exec_node& n, const kernel_context& kc) {
    const strided_tensor& d = n.dst;
    const float c = n.params.get_f32(0);
    float* row = kc.scratch(0, padded(d.ne[0]));
    std::fill(row, row + d.ne[0], c);
    const auto [first, last] = kc.share(d.rows());
    for (std::int64_t r = first; r < last; ++r) store_f32(d.type, row, d.row(r), d.nb[0], d.ne[0]);
}

std::size_t work_rows1(const exec_node& n, int nth) { return scratch_bytes(padded(n.dst.ne[0]), nth); }

std::size_t work_rows3(const exec_node& n, int nth) { return scratch_bytes(3 * padded(n.dst.ne[0]), nth); }

} // namespace planscope::cpu
