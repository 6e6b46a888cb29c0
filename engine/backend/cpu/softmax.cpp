// SOFT_MAX over rows, and DIAG_MASK_INF / DIAG_MASK_ZERO: the causal mask of attention.
#include "kernels.h"
#include "row_io.h"
#include "simd.h"
#include "vmath.h"

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

namespace planscope::cpu {

namespace {

// exp(x - max) into y; returns the sum. -inf inputs give exactly 0, as in ggml. The sum is kept in
// double (ggml_float) in four interleaved parts so that the additions overlap. Compiled for each
// instruction set below: the same operations on every element, so the same values.
[[gnu::always_inline]] inline double exp_row_body(const float* x, float* y, std::int64_t n, float max) {
    constexpr std::uint32_t minus_infinity = 0xff800000u;
    for (std::int64_t i = 0; i < n; ++i) {
        // exp for every element, zeroed for -inf by masking its bits: GCC vectorises integer masks,
        // where a float compare or select (trapping math) would keep the loop scalar.
        const float e = vexp(x[i] - max);
        const std::uint32_t keep = std::bit_cast<std::uint32_t>(x[i]) == minus_infinity ? 0u : ~0u;
        y[i] = std::bit_cast<float>(std::bit_cast<std::uint32_t>(e) & keep);
    }
    double part[4] = {0.0, 0.0, 0.0, 0.0};
    std::int64_t i = 0;
    for (; i + 4 <= n; i += 4)
        for (int k = 0; k < 4; ++k) part[k] += static_cast<double>(y[i + k]);
    for (; i < n; ++i) part[0] += static_cast<double>(y[i]);
    return (part[0] + part[1]) + (part[2] + part[3]);
}

PLANSCOPE_SIMD_CLONES double exp_row_clones(const float* x, float* y, std::int64_t n, float max) {
    return exp_row_body(x, y, n, max);
}

#if PLANSCOPE_X86_SIMD
// 16 lanes where the dispatch allows AVX-512 (simd.h's cap applies, unlike target_clones').
PLANSCOPE_AVX512 double exp_row_avx512(const float* x, float* y, std::int64_t n, float max) {
    return exp_row_body(x, y, n, max);
}
#endif

double exp_row(const float* x, float* y, std::int64_t n, float max) {
#if PLANSCOPE_X86_SIMD
    if (has_avx512()) return exp_row_avx512(x, y, n, max);
#endif
    return exp_row_clones(x, y, n, max);
}

// The largest element, in eight lanes (a vector select: GCC keeps a scalar float max reduction
// scalar under trapping math).
PLANSCOPE_SIMD_CLONES float row_max(const float* x, std::int64_t n) {
    typedef float v8 __attribute__((vector_size(32)));
    constexpr float lowest = -std::numeric_limits<float>::infinity();
    v8 m = {lowest, lowest, lowest, lowest, lowest, lowest, lowest, lowest};
    std::int64_t i = 0;
    for (; i + 8 <= n; i += 8) {
        v8 v;
        std::memcpy(&v, x + i, sizeof v);
        m = v > m ? v : m;
    }
    float max = lowest;
    for (int k = 0; k < 8; ++k) max = m[k] > max ? m[k] : max;
    for (; i < n; ++i) max = x[i] > max ? x[i] : max;
    return max;
}

PLANSCOPE_SIMD_CLONES void scale_row(float* y, std::int64_t n, float scale) {
    for (std::int64_t i = 0; i < n; ++i) y[i] *= scale;
}

} // namespace

// ALiBi's slope of head h (ggml_compute_forward_soft_max_f32 and flash attention of d99724f2):
// 1 without max_bias; else m0^(h+1) for the first n_head_log2 heads, m1^(2(h - n_head_log2) + 1)
// after them.
float alibi_slope(float max_bias, std::int64_t n_head, std::int64_t h) {
    if (max_bias <= 0.0f) return 1.0f;
    const auto n_head_log2 = static_cast<std::int64_t>(1u << static_cast<std::uint32_t>(std::floor(std::log2(static_cast<float>(n_head)))));
    const float m0 = std::pow(2.0f, -max_bias / static_cast<float>(n_head_log2));
    const float m1 = std::pow(2.0f, -(max_bias / 2.0f) / static_cast<float>(n_head_log2));
    return h < n_head_log2 ? std::pow(m0, static_cast<float>(h + 1))
                           : std::pow(m1, static_cast<float>(2 * (h - n_head_log2) + 1));
}

// exp(x*scale + slope*mask - max) / sum, with ggml_soft_max_ext's mask (src1, f16 or f32, row i1
// of plane (i2, i3) modulo its extents) and sinks (src2: one f32 per head i2, a logit the
// normalisation counts but the output leaves out). A plain soft_max (scale 1, nothing else) is
// exp(x - max) / sum. ggml looks exp up in an f16 table; computing it in f32 differs from ggml by
// at most the f16 rounding of the argument.
void run_soft_max(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const std::int64_t ne0 = a.ne[0];
    const float scale = n.params.get_f32(0), max_bias = n.params.get_f32(1);
    const strided_tensor* mask = n.has_src(1) ? &n.src[1] : nullptr;
    const strided_tensor* sinks = n.has_src(2) ? &n.src[2] : nullptr;
    const bool plain = scale == 1.0f && !mask;
    float* sa = kc.scratch(0, 2 * padded(ne0));
    float* sd = sa + padded(ne0);
    const auto [first, last] = kc.share(a.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t i1 = r % a.ne[1], i2 = (r / a.ne[1]) % a.ne[2], i3 = r / (a.ne[1] * a.ne[2]);
        const float* x = read_row(a, a.row(i1, i2, i3), sa);
        std::byte* out = d.row(i1, i2, i3);
        float* y = row_target(d, out, sd);
        const float* logits = x;
        if (!plain) { // y = x*scale (+ slope*mask): x is read, sa free for the mask row
            for (std::int64_t i = 0; i < ne0; ++i) y[i] = x[i] * scale;
            if (mask) {
                const float slope = alibi_slope(max_bias, a.ne[2], i2);
                const float* m = read_row(*mask, mask->row(i1, i2 % mask->ne[2], i3 % mask->ne[3]), sa);
                for (std::int64_t i = 0; i < ne0; ++i) y[i] += slope * m[i];
            }
            logits = y;
        }
        float max = row_max(logits, ne0);
        float sink = 0.0f;
        if (sinks) {
            std::memcpy(&sink, sinks->data + static_cast<std::size_t>(i2) * sinks->nb[0], sizeof sink);
            max = std::max(max, sink);
        }
        double sum = exp_row(logits, y, ne0, max);
        if (sinks) sum += static_cast<double>(std::exp(sink - max));
        scale_row(y, ne0, static_cast<float>(1.0 / sum));
        write_row(d, out, y);
    }
}

// Row i1 keeps columns [0, n_past + i1]; later ones become -inf (or 0).
void run_diag_mask(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    const std::int64_t ne0 = a.ne[0];
    const std::int64_t n_past = n.params.get_i32(0);
    const float value = n.op == op_kind::diag_mask_inf ? -std::numeric_limits<float>::infinity() : 0.0f;
    float* sa = kc.scratch(0, 2 * padded(ne0));
    float* sd = sa + padded(ne0);
    const auto [first, last] = kc.share(a.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const float* x = read_row(a, a.row(r), sa);
        std::byte* out = d.row(r);
        float* y = row_target(d, out, sd);
        const std::int64_t keep = std::clamp<std::int64_t>(n_past + r % a.ne[1] + 1, 0, ne0);
        for (std::int64_t i = 0; i < keep; ++i) y[i] = x[i];
        for (std::int64_t i = keep; i < ne0; ++i) y[i] = value;
        write_row(d, out, y);
    }
}

} // namespace planscope::cpu
