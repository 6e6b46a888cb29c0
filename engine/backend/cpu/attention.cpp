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
// In ggml's numerics (f16_numerics::ggml) q is converted to K's vec_dot_type: rounded to K's type
// when K is f16 or bf16, quantised to 8 bits per 32 values (q8_0) when K is q8_0, q4_0 or another
// block format, whose q.k is then the integer block dot product MUL_MAT uses (qgemm, ggml's
// ggml_vec_dot_q8_0_q8_0 and siblings); with f16 V the weighted sum of values is kept in f16
// (ggml's VKQ16), rounded after every step; a quantised V is dequantised row by row and summed in
// f32, as ggml's to_float + ggml_vec_mad_f32. exact_f32 computes in f32 over the dequantised K and
// V. Float dot products are summed in double, in order: they differ from ggml's vectorised f32
// sums by f32 rounding.
#include "kernels.h"
#include "qdot.h"
#include "quant.h"
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

// A row of K or V as contiguous f32: in place, converted, or dequantised (whole blocks).
const float* fattn_row(const strided_tensor& t, const std::byte* row, float* scratch) {
    if (t.f32_rows()) return reinterpret_cast<const float*>(row);
    row_to_f32(t.type, row, t.nb[0], scratch, t.ne[0]);
    return scratch;
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
    qgemm_fn kq; // q.k by integer block dot products (quantised K in ggml's numerics), else nullptr
};

// Scratch floats per thread: q, a K row, a V row, the sum, the output row; with kq also q
// quantised and the logits of every key.
std::size_t fattn_scratch_floats(const exec_node& n, const fattn_params& p) {
    const std::int64_t dk = n.src[1].ne[0], dv = n.src[2].ne[0];
    std::size_t floats = 2 * padded(dk) + 3 * padded(dv);
    if (p.kq) floats += padded(static_cast<std::int64_t>(activation_row_bytes(n.src[1].type, dk) / sizeof(float))) +
                        padded(n.src[1].ne[1]);
    return floats;
}

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
    p.kq = ggml && block_size(kt) > 1 ? qgemm(kt) : nullptr;
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
    float* qf = kc.scratch(0, fattn_scratch_floats(n, p));
    float* kf = qf + padded(dk);
    float* vf = kf + padded(dk);
    float* acc = vf + padded(dv);
    float* sd = acc + padded(dv);
    const std::size_t q8_bytes = p.kq ? activation_row_bytes(k.type, dk) : 0;
    std::byte* q8 = reinterpret_cast<std::byte*>(sd + padded(dv));
    float* logits = sd + padded(dv) + padded(static_cast<std::int64_t>(q8_bytes / sizeof(float)));
    const auto [first, last] = kc.share(q.rows());
    for (std::int64_t r = first; r < last; ++r) {
        const std::int64_t iq1 = r % q.ne[1], iq2 = (r / q.ne[1]) % q.ne[2], iq3 = r / (q.ne[1] * q.ne[2]);
        const float slope = alibi_slope(p.max_bias, q.ne[2], iq2);
        load_f32(q.type, q.row(iq1, iq2, iq3), q.nb[0], qf, dk);
        if (p.round_q) fattn_round_to(k.type, qf, dk);
        const std::byte* mrow = mask ? mask->row(iq1, iq2 % mask->ne[2], iq3 % mask->ne[3]) : nullptr;
        const std::int64_t ik2 = iq2 / rk2, ik3 = iq3 / rk3, iv2 = iq2 / rv2, iv3 = iq3 / rv3;
        if (p.kq) { // q quantised once, then the logits of all keys, one K row after another
            quantize_activations(k.type, qf, q8, dk);
            p.kq(qgemm_args{.a = k.row(0, ik2, ik3), .lda = k.nb[1], .b = q8, .ldb = q8_bytes, .c = logits,
                            .ldc = static_cast<std::size_t>(n_kv), .m = n_kv, .n = 1, .k = dk});
        }
        std::fill(acc, acc + dv, 0.0f);
        float sum = 0.0f, max = minus_infinity;
        for (std::int64_t ic = 0; ic < n_kv; ++ic) {
            const float mv = mrow ? slope * f16_at(mrow + static_cast<std::size_t>(ic) * mask->nb[0]) : 0.0f;
            if (mv == minus_infinity) continue;
            float s = (p.kq ? logits[ic] : fattn_dot(qf, fattn_row(k, k.row(ic, ik2, ik3), kf), dk)) * p.scale;
            if (p.softcap != 0.0f) s = p.softcap * std::tanh(s);
            s += mv;
            float ms = 1.0f, vs = 1.0f;
            if (s > max) { // a new maximum: the sum so far shrinks by exp(old - new), this term is 1
                ms = std::exp(max - s);
                max = s;
            } else {
                vs = std::exp(s - max);
            }
            fattn_accumulate(acc, fattn_row(v, v.row(ic, iv2, iv3), vf), dv, ms, vs, p.acc_f16);
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
    return scratch_bytes(fattn_scratch_floats(n, fattn_params_of(n)), nth);
}

} // namespace planscope::cpu
