// FLASH_ATTN_EXT (ggml_compute_forward_flash_attn_ext_f16_one_chunk of d99724f2, the scalar
// path): for each query row (token iq1, head iq2, sequence iq3), softmax(scale * q.k + slope *
// mask) . v over the n_kv rows of k and v, by online softmax (one pass, rescaling the running sum
// whenever the maximum grows; arXiv 2112.05682). K and V heads are shared by q.ne[2] / k.ne[2]
// query heads (grouped-query attention); the f16 mask (src3) is broadcast over heads and sequences
// by modulo, a -inf entry skips its key; ALiBi slopes with max_bias > 0; logit_softcap c > 0 makes
// the logit c * tanh(scale * q.k / c); sinks (src4, one f32 per head) count in the normalisation
// as an extra logit without a value. The result, f32, is [v ne[0], q ne[2], q ne[1], q ne[3]]:
// heads and tokens swapped as ggml's permute(0, 2, 1, 3).
//
// In ggml's numerics (f16_numerics::ggml) q is rounded to K's type when K is f16 or bf16, as ggml
// converts it to K's vec_dot_type, and with f16 V the weighted sum of values is kept in f16 (ggml's
// VKQ16), rounded after every step; exact_f32 computes both in f32. Dot products are summed in
// double, in order: they differ from ggml's vectorised f32 sums by f32 rounding.
#include "kernels.h"
#include "row_io.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace planscope::cpu {
namespace {

void fattn_round_to(dtype type, float* x, std::int64_t n) {
    if (type == dtype::f16) {
        for (std::int64_t i = 0; i < n; ++i) x[i] = f16_to_f32(f32_to_f16(x[i]));
    } else if (type == dtype::bf16) {
        for (std::int64_t i = 0; i < n; ++i) x[i] = bf16_to_f32(f32_to_bf16(x[i]));
    }
}

float fattn_dot(const float* a, const float* b, std::int64_t n) {
    double s = 0.0;
    for (std::int64_t i = 0; i < n; ++i) s += static_cast<double>(a[i]) * static_cast<double>(b[i]);
    return static_cast<float>(s);
}

// acc = acc * ms, then acc += v * vs; each rounded to f16 when the sum is kept in f16.
void fattn_accumulate(float* acc, const float* v, std::int64_t n, float ms, float vs, bool in_f16) {
    if (ms != 1.0f) {
        for (std::int64_t i = 0; i < n; ++i) acc[i] *= ms;
        if (in_f16) fattn_round_to(dtype::f16, acc, n);
    }
    for (std::int64_t i = 0; i < n; ++i) acc[i] += v[i] * vs;
    if (in_f16) fattn_round_to(dtype::f16, acc, n);
}

struct fattn_params {
    float scale, max_bias, softcap;
    bool round_q, acc_f16;
};

fattn_params fattn_params_of(const exec_node& n) {
    fattn_params p{};
    p.scale = n.params.get_f32(0);
    p.max_bias = n.params.get_f32(1);
    p.softcap = n.params.get_f32(2);
    if (p.softcap != 0.0f) p.scale /= p.softcap;
    const bool ggml = n.numerics == f16_numerics::ggml;
    const dtype kt = n.src[1].type;
    p.round_q = ggml && (kt == dtype::f16 || kt == dtype::bf16);
    p.acc_f16 = ggml && n.src[2].type == dtype::f16;
    return p;
}

} // namespace

void run_flash_attn_ext(const exec_node& n, const kernel_context& kc) {
    const strided_tensor &q = n.src[0], &k = n.src[1], &v = n.src[2], &d = n.dst;
    const strided_tensor* mask = n.has_src(3) ? &n.src[3] : nullptr;
    const strided_tensor* sinks = n.has_src(4) ? &n.src[4] : nullptr;
    const fattn_params p = fattn_params_of(n);
    const std::int64_t dk = k.ne[0], dv = v.ne[0], n_kv = k.ne[1];
    const std::int64_t rk2 = q.ne[2] / k.ne[2], rk3 = q.ne[3] / k.ne[3];
    const std::int64_t rv2 = q.ne[2] / v.ne[2], rv3 = q.ne[3] / v.ne[3];
    constexpr float minus_infinity = -std::numeric_limits<float>::infinity();
    float* qf = kc.scratch(0, 2 * padded(dk) + 3 * padded(dv));
    float* kf = qf + padded(dk);
    float* vf = kf + padded(dk);
    float* acc = vf + padded(dv);
    float* sd = acc + padded(dv);
    const auto [first, last] = kc.share(q.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t iq1 = r % q.ne[1], iq2 = (r / q.ne[1]) % q.ne[2], iq3 = r / (q.ne[1] * q.ne[2]);
        const float slope = alibi_slope(p.max_bias, q.ne[2], iq2);
        load_f32(q.type, q.row(iq1, iq2, iq3), q.nb[0], qf, dk);
        if (p.round_q) fattn_round_to(k.type, qf, dk);
        const std::byte* mrow = mask ? mask->row(iq1, iq2 % mask->ne[2], iq3 % mask->ne[3]) : nullptr;
        const std::int64_t ik2 = iq2 / rk2, ik3 = iq3 / rk3, iv2 = iq2 / rv2, iv3 = iq3 / rv3;
        std::fill(acc, acc + dv, 0.0f);
        float sum = 0.0f, max = minus_infinity;
        for (std::int64_t ic = 0; ic < n_kv; ++ic) {
            const float mv = mrow ? slope * f16_at(mrow + static_cast<std::size_t>(ic) * mask->nb[0]) : 0.0f;
            if (mv == minus_infinity) continue;
            float s = fattn_dot(qf, read_row(k, k.row(ic, ik2, ik3), kf), dk) * p.scale;
            if (p.softcap != 0.0f) s = p.softcap * std::tanh(s);
            s += mv;
            float ms = 1.0f, vs = 1.0f;
            if (s > max) { // a new maximum: the sum so far shrinks by exp(old - new), this term is 1
                ms = std::exp(max - s);
                max = s;
            } else {
                vs = std::exp(s - max);
            }
            fattn_accumulate(acc, read_row(v, v.row(ic, iv2, iv3), vf), dv, ms, vs, p.acc_f16);
            sum = sum * ms + vs;
        }
        if (sinks) { // ggml adds the sink after the values, in f32
            float s;
            std::memcpy(&s, sinks->data + static_cast<std::size_t>(iq2) * sinks->nb[0], sizeof s);
            float ms = 1.0f, vs = 1.0f;
            if (s > max) {
                ms = std::exp(max - s);
                max = s;
                for (std::int64_t i = 0; i < dv; ++i) acc[i] *= ms;
            } else {
                vs = std::exp(s - max);
            }
            sum = sum * ms + vs;
        }
        const float inv = sum == 0.0f ? 0.0f : 1.0f / sum;
        std::byte* out = d.row(iq2, iq1, iq3);
        float* y = row_target(d, out, sd);
        for (std::int64_t i = 0; i < dv; ++i) y[i] = acc[i] * inv;
        write_row(d, out, y);
    }
}

std::size_t work_flash_attn_ext(const exec_node& n, int nth) {
    return scratch_bytes(2 * padded(n.src[1].ne[0]) + 3 * padded(n.src[2].ne[0]), nth);
}

} // namespace planscope::cpu
