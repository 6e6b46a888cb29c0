#include "dot_f16.h"

#include "convert.h"
#include "simd.h"

#include <array>
#include <atomic>
#include <bit>
#include <cstring>
#include <vector>

// The AVX512-FP16 kernel needs GCC 12 (the intrinsics and __builtin_cpu_supports("avx512fp16"));
// clang 14, which builds the fuzzers, has neither: there the portable kernel stands in.
#if PLANSCOPE_X86_SIMD && !defined(__clang__) && __GNUC__ >= 12
#define PLANSCOPE_DOT16_NATIVE 1
#include <immintrin.h>
#else
#define PLANSCOPE_DOT16_NATIVE 0
#endif

namespace planscope::cpu {
namespace {

constexpr int dot16_lanes = 32, dot16_acc = 4, dot16_step = dot16_lanes * dot16_acc;

// The f16 nearest to d, ties to even: d rounded to float by round-to-odd (an inexact result gets an
// odd last bit), which then rounds to f16 as d itself would (float has more than 2 extra bits).
std::uint16_t dot16_round(double d) {
    float f = static_cast<float>(d);
    if (static_cast<double>(f) != d && (std::bit_cast<std::uint32_t>(f) & 1u) == 0) {
        const bool away = std::abs(d) > std::abs(static_cast<double>(f));
        f = std::bit_cast<float>(std::bit_cast<std::uint32_t>(f) + (away ? 1u : 0xFFFFFFFFu));
    }
    return f32_to_f16(f);
}

// One f16 fused multiply-add, a * b + c rounded once: the product of two halves is exact in
// double, and the sum is either exact or too far below c's last bit to reach a midpoint.
std::uint16_t dot16_fma(std::uint16_t a, std::uint16_t b, std::uint16_t c) {
    return dot16_round(static_cast<double>(f16_to_f32(a)) * f16_to_f32(b) + f16_to_f32(c));
}

std::uint16_t dot16_add(std::uint16_t a, std::uint16_t b) {
    return dot16_round(static_cast<double>(f16_to_f32(a)) + f16_to_f32(b));
}

double dot16_tail(const std::uint16_t* a, const std::uint16_t* x, std::int64_t from, std::int64_t k, double sum) {
    for (std::int64_t i = from; i < k; ++i) sum += static_cast<double>(f16_to_f32(a[i]) * f16_to_f32(x[i]));
    return sum;
}

float dot16_portable_row(const std::uint16_t* a, const std::uint16_t* x, std::int64_t k) {
    const std::int64_t np = k / dot16_step * dot16_step;
    std::array<std::array<std::uint16_t, dot16_lanes>, dot16_acc> acc{};
    for (std::int64_t i = 0; i < np; i += dot16_step)
        for (int j = 0; j < dot16_acc; ++j)
            for (int l = 0; l < dot16_lanes; ++l) {
                const std::int64_t p = i + j * dot16_lanes + l;
                acc[j][l] = dot16_fma(a[p], x[p], acc[j][l]);
            }
    // GGML_F16x32_REDUCE: acc 0 += 2, 1 += 3, 0 += 1; then _mm512_reduce_add_ph's halving tree.
    std::array<std::uint16_t, dot16_lanes> v{};
    for (int l = 0; l < dot16_lanes; ++l) v[l] = dot16_add(dot16_add(acc[0][l], acc[2][l]), dot16_add(acc[1][l], acc[3][l]));
    for (int l = 0; l < 16; ++l) v[l] = dot16_add(v[l], v[l + 16]);
    for (int l = 0; l < 8; ++l) v[l] = dot16_add(v[l], v[l + 8]);
    for (int l = 0; l < 4; ++l) v[l] = dot16_add(v[l], v[l + 4]);
    for (int l = 0; l < 2; ++l) v[l] = dot16_add(v[l], v[l + 2]);
    const double sum = f16_to_f32(dot16_add(v[0], v[1]));
    return static_cast<float>(dot16_tail(a, x, np, k, sum));
}

void dot16_portable(const std::byte* a, std::size_t lda, const std::uint16_t* x, float* c, std::int64_t m, std::int64_t k) {
    // Rows may be unaligned: each is copied before it is read as halves.
    std::vector<std::uint16_t> row(static_cast<std::size_t>(k));
    for (std::int64_t i = 0; i < m; ++i) {
        std::memcpy(row.data(), a + static_cast<std::size_t>(i) * lda, static_cast<std::size_t>(k) * 2);
        c[i] = dot16_portable_row(row.data(), x, k);
    }
}

#if PLANSCOPE_DOT16_NATIVE
#define PLANSCOPE_AVX512_FP16 __attribute__((target("avx2,fma,f16c,avx512f,avx512vl,avx512bw,avx512dq,avx512fp16")))

bool dot16_has_fp16() {
    static const bool yes = has_avx512() && __builtin_cpu_supports("avx512fp16");
    return yes;
}

PLANSCOPE_AVX512_FP16 void dot16_native(const std::byte* a, std::size_t lda, const std::uint16_t* x, float* c, std::int64_t m,
                                        std::int64_t k) {
    const std::int64_t np = k / dot16_step * dot16_step;
    for (std::int64_t i = 0; i < m; ++i) {
        const auto* r = reinterpret_cast<const std::uint16_t*>(a + static_cast<std::size_t>(i) * lda);
        __m512h acc[dot16_acc] = {_mm512_setzero_ph(), _mm512_setzero_ph(), _mm512_setzero_ph(), _mm512_setzero_ph()};
        for (std::int64_t p = 0; p < np; p += dot16_step)
            for (int j = 0; j < dot16_acc; ++j)
                acc[j] = _mm512_fmadd_ph(_mm512_loadu_ph(r + p + j * dot16_lanes), _mm512_loadu_ph(x + p + j * dot16_lanes), acc[j]);
        double sum = 0.0;
        if (np > 0) {
            acc[0] = _mm512_add_ph(acc[0], acc[2]);
            acc[1] = _mm512_add_ph(acc[1], acc[3]);
            acc[0] = _mm512_add_ph(acc[0], acc[1]);
            sum = static_cast<double>(_mm512_reduce_add_ph(acc[0]));
        }
        // dot16_tail's loop (all of a short row: an attention head's 64 or 128 values), the
        // conversions and products 16 at a time: a product of two halves is exact in float, and
        // the sums stay in order, in double.
        alignas(64) float products[dot16_step];
        const std::int64_t rest = k - np;
        for (std::int64_t p = 0; p < rest; p += 16) {
            const auto mask = static_cast<__mmask16>(rest - p >= 16 ? 0xFFFF : (1u << (rest - p)) - 1);
            const __m512 ra = _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, r + np + p));
            const __m512 xa = _mm512_cvtph_ps(_mm256_maskz_loadu_epi16(mask, x + np + p));
            _mm512_store_ps(products + p, _mm512_mul_ps(ra, xa));
        }
        for (std::int64_t p = 0; p < rest; ++p) sum += static_cast<double>(products[p]);
        c[i] = static_cast<float>(sum);
    }
}
#endif

} // namespace

dot_f16_rows_fn dot_f16_rows_kernel() {
#if PLANSCOPE_DOT16_NATIVE
    if (dot16_has_fp16()) return dot16_native;
#endif
    return dot16_portable;
}

dot_f16_rows_fn dot_f16_rows_portable() { return dot16_portable; }

namespace {
std::atomic<f16_dot_build> g_f16_dot_build{f16_dot_build::this_cpu};
} // namespace

void set_f16_dot_build(f16_dot_build b) { g_f16_dot_build.store(b, std::memory_order_relaxed); }

bool f16_dot_adds_in_f16() {
    if (g_f16_dot_build.load(std::memory_order_relaxed) == f16_dot_build::avx512fp16) return true;
#if PLANSCOPE_DOT16_NATIVE
    return dot16_has_fp16();
#else
    return false;
#endif
}

} // namespace planscope::cpu
