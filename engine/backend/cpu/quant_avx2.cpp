#include "quant_avx2.h"

#if PLANSCOPE_X86_SIMD
#include "convert.h"

#include <immintrin.h>

#include <cstring>

namespace planscope::cpu::avx2 {
namespace {

using u8 = std::uint8_t;

__m128i load16(const u8* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }

// The low 8 bytes of `b`, unsigned or signed, as floats after subtracting `offset`.
PLANSCOPE_AVX2 __m256 u8_to_f32(__m128i b, int offset) {
    return _mm256_cvtepi32_ps(_mm256_sub_epi32(_mm256_cvtepu8_epi32(b), _mm256_set1_epi32(offset)));
}
PLANSCOPE_AVX2 __m256 i8_to_f32(__m128i b) { return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(b)); }

// 16 unsigned bytes minus `offset`, scaled: y = d * (q - offset), the plain loops' rounding.
PLANSCOPE_AVX2 void scale16(float* y, __m128i q, int offset, __m256 d) {
    _mm256_storeu_ps(y, _mm256_mul_ps(u8_to_f32(q, offset), d));
    _mm256_storeu_ps(y + 8, _mm256_mul_ps(u8_to_f32(_mm_srli_si128(q, 8), offset), d));
}

// 16 unsigned bytes as d * q - m (q4_K's groups), multiplied and subtracted separately as the plain
// loop is on a CPU without FMA.
PLANSCOPE_AVX2 void affine16(float* y, __m128i q, __m256 d, __m256 m) {
    _mm256_storeu_ps(y, _mm256_sub_ps(_mm256_mul_ps(d, u8_to_f32(q, 0)), m));
    _mm256_storeu_ps(y + 8, _mm256_sub_ps(_mm256_mul_ps(d, u8_to_f32(_mm_srli_si128(q, 8), 0)), m));
}

void scale_min_k4(int j, const u8* q, float& sc, float& m) {
    if (j < 4) {
        sc = static_cast<float>(q[j] & 63);
        m = static_cast<float>(q[j + 4] & 63);
    } else {
        sc = static_cast<float>((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        m = static_cast<float>((q[j + 4] >> 4) | ((q[j] >> 6) << 4));
    }
}

} // namespace

PLANSCOPE_AVX2 void dequantize_q4_0(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    const __m128i low4 = _mm_set1_epi8(0x0F);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 18, y += 32) {
        const __m256 d = _mm256_set1_ps(f16_at(p));
        const __m128i q = load16(p + 2);
        scale16(y, _mm_and_si128(q, low4), 8, d);
        scale16(y + 16, _mm_and_si128(_mm_srli_epi16(q, 4), low4), 8, d);
    }
}

PLANSCOPE_AVX2 void dequantize_q8_0(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 34, y += 32) {
        const __m256 d = _mm256_set1_ps(f16_at(p));
        for (int h = 0; h < 2; ++h) {
            const __m128i q = load16(p + 2 + 16 * h);
            _mm256_storeu_ps(y + 16 * h, _mm256_mul_ps(i8_to_f32(q), d));
            _mm256_storeu_ps(y + 16 * h + 8, _mm256_mul_ps(i8_to_f32(_mm_srli_si128(q, 8)), d));
        }
    }
}

PLANSCOPE_AVX2 void dequantize_q4_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    const __m128i low4 = _mm_set1_epi8(0x0F);
    for (std::int64_t b = 0; b < n / 256; ++b, p += 144) {
        const float d = f16_at(p), dmin = f16_at(p + 2);
        for (int g = 0; g < 8; g += 2, y += 64) {
            float sc1, m1, sc2, m2;
            scale_min_k4(g, p + 4, sc1, m1);
            scale_min_k4(g + 1, p + 4, sc2, m2);
            const __m256 d1 = _mm256_set1_ps(d * sc1), o1 = _mm256_set1_ps(dmin * m1);
            const __m256 d2 = _mm256_set1_ps(d * sc2), o2 = _mm256_set1_ps(dmin * m2);
            for (int h = 0; h < 2; ++h) {
                const __m128i q = load16(p + 16 + 16 * g + 16 * h);
                affine16(y + 16 * h, _mm_and_si128(q, low4), d1, o1);
                affine16(y + 32 + 16 * h, _mm_and_si128(_mm_srli_epi16(q, 4), low4), d2, o2);
            }
        }
    }
}

PLANSCOPE_AVX2 void dequantize_q6_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    const __m128i low4 = _mm_set1_epi8(0x0F), low2 = _mm_set1_epi8(0x03);
    for (std::int64_t b = 0; b < n / 256; ++b, p += 210) {
        const auto* sc = reinterpret_cast<const std::int8_t*>(p + 192);
        const float d = f16_at(p + 208);
        for (int half = 0; half < 2; ++half, y += 128) {
            const u8* ql = p + 64 * half;
            const u8* qh = p + 128 + 32 * half;
            for (int h = 0; h < 2; ++h) { // l in [16h, 16h + 16): one scale per quarter
                const __m128i l0 = load16(ql + 16 * h), l1 = load16(ql + 32 + 16 * h), hb = load16(qh + 16 * h);
                const __m128i q[4] = {
                    _mm_or_si128(_mm_and_si128(l0, low4), _mm_slli_epi16(_mm_and_si128(hb, low2), 4)),
                    _mm_or_si128(_mm_and_si128(l1, low4),
                                 _mm_slli_epi16(_mm_and_si128(_mm_srli_epi16(hb, 2), low2), 4)),
                    _mm_or_si128(_mm_and_si128(_mm_srli_epi16(l0, 4), low4),
                                 _mm_slli_epi16(_mm_and_si128(_mm_srli_epi16(hb, 4), low2), 4)),
                    _mm_or_si128(_mm_and_si128(_mm_srli_epi16(l1, 4), low4),
                                 _mm_slli_epi16(_mm_and_si128(_mm_srli_epi16(hb, 6), low2), 4)),
                };
                for (int k = 0; k < 4; ++k) {
                    const __m256 s = _mm256_set1_ps(d * static_cast<float>(sc[8 * half + h + 2 * k]));
                    scale16(y + 32 * k + 16 * h, q[k], 32, s);
                }
            }
        }
    }
}

PLANSCOPE_AVX2 void f16_to_f32_row(const std::byte* src, float* dst, std::int64_t n) {
    std::int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(src + 2 * i))));
    for (; i < n; ++i) {
        std::uint16_t h;
        std::memcpy(&h, src + 2 * i, sizeof h);
        dst[i] = f16_to_f32(h);
    }
}

PLANSCOPE_AVX2 void f32_to_f16_row(const float* src, std::byte* dst, std::int64_t n) {
    std::int64_t i = 0;
    for (; i + 8 <= n; i += 8)
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + 2 * i),
                         _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC));
    for (; i < n; ++i) {
        const std::uint16_t h = f32_to_f16(src[i]);
        std::memcpy(dst + 2 * i, &h, sizeof h);
    }
}

} // namespace planscope::cpu::avx2
#endif
