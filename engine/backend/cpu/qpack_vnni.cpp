// The kernels of packed q4_0, q8_0 and q4_K weights (qpack.h) in AVX-512 VNNI: a 512-bit lane per weight
// row of a group of 16, RN activation rows at a time (one for decode, so that the weights stream
// through once; eight, or four for q4_K, in batches, each group's unpacked values used RN times).
#include "qpack.h"
#include "qpack_x86.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>

namespace planscope::cpu::vnni {
namespace {

using u8 = std::uint8_t;

#define PACK_TARGET PLANSCOPE_AVX512_VNNI

PACK_TARGET inline __m512i broadcast4(const std::int8_t* p) {
    std::int32_t v;
    std::memcpy(&v, p, 4);
    return _mm512_set1_epi32(v);
}

PACK_TARGET inline __m512 halves(const u8* p) {
    return _mm512_maskz_cvtph_ps(0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}

// One group of q4_0 by RN activation rows: c[r + j * ldc] for its 16 rows r.
template <int RN>
PACK_TARGET void q4_0_group(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t blocks) {
    const __m512i low = _mm512_set1_epi8(0x0F);
    __m512 acc[RN];
#pragma GCC unroll 8
    for (int j = 0; j < RN; ++j) acc[j] = _mm512_setzero_ps();
    for (std::int64_t blk = 0; blk < blocks; ++blk, w += 288) {
        __m512i q[8];
#pragma GCC unroll 4
        for (int ch = 0; ch < 4; ++ch) {
            const __m512i v = _mm512_loadu_si512(w + 32 + 64 * ch);
            q[2 * ch] = _mm512_and_si512(v, low);
            q[2 * ch + 1] = _mm512_and_si512(_mm512_srli_epi16(v, 4), low);
        }
        const __m512 dx = halves(w);
#pragma GCC unroll 8
        for (int j = 0; j < RN; ++j) {
            const q8_sum_block& y = reinterpret_cast<const q8_sum_block*>(b + static_cast<std::size_t>(j) * ldb)[blk];
            // Two chains of sums, the low nibbles' and the high ones'.
            __m512i s0 = _mm512_set1_epi32(-8 * y.sum), s1 = _mm512_setzero_si512();
#pragma GCC unroll 4
            for (int ch = 0; ch < 4; ++ch) {
                s0 = _mm512_dpbusd_epi32(s0, q[2 * ch], broadcast4(y.qs + 4 * ch));
                s1 = _mm512_dpbusd_epi32(s1, q[2 * ch + 1], broadcast4(y.qs + 16 + 4 * ch));
            }
            const __m512 s = _mm512_maskz_cvtepi32_ps(0xFFFF, _mm512_add_epi32(s0, s1));
            acc[j] = _mm512_fmadd_ps(s, _mm512_mul_ps(dx, _mm512_set1_ps(y.d)), acc[j]);
        }
    }
#pragma GCC unroll 8
    for (int j = 0; j < RN; ++j) _mm512_storeu_ps(c + static_cast<std::size_t>(j) * ldc, acc[j]);
}

// One group of q8_0 by RN activation rows: its bytes are w + 128, so dot(w, y) = dot(w + 128, y) - 128 sum(y).
template <int RN>
PACK_TARGET void q8_0_group(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t blocks) {
    __m512 acc[RN];
#pragma GCC unroll 8
    for (int j = 0; j < RN; ++j) acc[j] = _mm512_setzero_ps();
    for (std::int64_t blk = 0; blk < blocks; ++blk, w += 544) {
        __m512i q[8];
#pragma GCC unroll 8
        for (int ch = 0; ch < 8; ++ch) q[ch] = _mm512_loadu_si512(w + 32 + 64 * ch);
        const __m512 dx = halves(w);
#pragma GCC unroll 8
        for (int j = 0; j < RN; ++j) {
            const q8_sum_block& y = reinterpret_cast<const q8_sum_block*>(b + static_cast<std::size_t>(j) * ldb)[blk];
            __m512i s0 = _mm512_set1_epi32(-128 * y.sum), s1 = _mm512_setzero_si512();
#pragma GCC unroll 4
            for (int ch = 0; ch < 8; ch += 2) {
                s0 = _mm512_dpbusd_epi32(s0, q[ch], broadcast4(y.qs + 4 * ch));
                s1 = _mm512_dpbusd_epi32(s1, q[ch + 1], broadcast4(y.qs + 4 * ch + 4));
            }
            const __m512 s = _mm512_maskz_cvtepi32_ps(0xFFFF, _mm512_add_epi32(s0, s1));
            acc[j] = _mm512_fmadd_ps(s, _mm512_mul_ps(dx, _mm512_set1_ps(y.d)), acc[j]);
        }
    }
#pragma GCC unroll 8
    for (int j = 0; j < RN; ++j) _mm512_storeu_ps(c + static_cast<std::size_t>(j) * ldc, acc[j]);
}

// One group of q4_K by RN activation rows: per super-block, each sub-block's integer sums times
// its scale, the minimums times the activations' sub-block sums (vpmaddwd of the i16 pairs).
template <int RN>
PACK_TARGET void q4_k_group(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t supers) {
    const __m512i low = _mm512_set1_epi8(0x0F);
    __m512 acc[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) acc[j] = _mm512_setzero_ps();
    for (std::int64_t sb = 0; sb < supers; ++sb, w += 2496) {
        const q8k_act_block* y[RN];
        __m512i total[RN], mins[RN];
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            y[j] = reinterpret_cast<const q8k_act_block*>(b + static_cast<std::size_t>(j) * ldb) + sb;
            total[j] = _mm512_setzero_si512();
            mins[j] = _mm512_setzero_si512();
        }
#pragma GCC unroll 1
        for (int p = 0; p < 4; ++p) {
            const u8* qs = w + 448 + 512 * p;
            __m512i q[16];
#pragma GCC unroll 8
            for (int ch = 0; ch < 8; ++ch) {
                const __m512i v = _mm512_loadu_si512(qs + 64 * ch);
                q[ch] = _mm512_and_si512(v, low);
                q[8 + ch] = _mm512_and_si512(_mm512_srli_epi16(v, 4), low);
            }
            const __m512i sc0 = _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + 64 + 32 * p)));
            const __m512i sc1 = _mm512_maskz_cvtepu8_epi32(0xFFFF, _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + 64 + 32 * p + 16)));
            const __m512i m = _mm512_loadu_si512(w + 192 + 64 * p);
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) {
                const std::int8_t* ys = y[j]->qs + 64 * p;
                __m512i s0 = _mm512_setzero_si512(), s1 = _mm512_setzero_si512();
#pragma GCC unroll 8
                for (int ch = 0; ch < 8; ++ch) {
                    s0 = _mm512_dpbusd_epi32(s0, q[ch], broadcast4(ys + 4 * ch));
                    s1 = _mm512_dpbusd_epi32(s1, q[8 + ch], broadcast4(ys + 32 + 4 * ch));
                }
                total[j] = _mm512_add_epi32(total[j], _mm512_add_epi32(_mm512_mullo_epi32(s0, sc0), _mm512_mullo_epi32(s1, sc1)));
                // Sub-blocks 2p and 2p + 1's activation sums as the i16 pair of each lane.
                const std::int16_t* bs = y[j]->bsums + 4 * p;
                const std::uint32_t pair = static_cast<std::uint16_t>(bs[0] + bs[1]) |
                                           static_cast<std::uint32_t>(static_cast<std::uint16_t>(bs[2] + bs[3])) << 16;
                mins[j] = _mm512_add_epi32(mins[j], _mm512_madd_epi16(m, _mm512_set1_epi32(static_cast<int>(pair))));
            }
        }
        const __m512 d = halves(w), dmin = halves(w + 32);
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            const __m512 dy = _mm512_set1_ps(y[j]->d);
            acc[j] = _mm512_fmadd_ps(_mm512_maskz_cvtepi32_ps(0xFFFF, total[j]), _mm512_mul_ps(d, dy), acc[j]);
            acc[j] = _mm512_fnmadd_ps(_mm512_maskz_cvtepi32_ps(0xFFFF, mins[j]), _mm512_mul_ps(dmin, dy), acc[j]);
        }
    }
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) _mm512_storeu_ps(c + static_cast<std::size_t>(j) * ldc, acc[j]);
}

// One group of q6_K by RN activation rows. Per half of a super-block and chunk c of 4 values a row,
// ql's bytes 4c and 32 + 4c with qh's 4c give values 32k + 4c.. for k = 0..3 (low nibbles and
// bits 0-1, 2-3; high nibbles and bits 4-5, 6-7), as q6_K's dequantisation reads them, unsigned
// (q + 32): each 16-value sub-block's sum starts at -32 times the activations' sum of it.
template <int RN>
PACK_TARGET void q6_k_group(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t supers) {
    const __m512i low = _mm512_set1_epi8(0x0F), bits45 = _mm512_set1_epi8(0x30);
    __m512 acc[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) acc[j] = _mm512_setzero_ps();
    for (std::int64_t sb = 0; sb < supers; ++sb, w += 3360) {
        const q8k_act_block* y[RN];
        __m512i total[RN];
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            y[j] = reinterpret_cast<const q8k_act_block*>(b + static_cast<std::size_t>(j) * ldb) + sb;
            total[j] = _mm512_setzero_si512();
        }
#pragma GCC unroll 1
        for (int h = 0; h < 2; ++h) {
            __m512i sums[RN][8]; // sub-block 8h + 2k + c / 4 at [2k + c / 4]
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j)
#pragma GCC unroll 8
                for (int s = 0; s < 8; ++s) sums[j][s] = _mm512_set1_epi32(-32 * y[j]->bsums[8 * h + s]);
#pragma GCC unroll 8
            for (int ch = 0; ch < 8; ++ch) {
                const __m512i a = _mm512_loadu_si512(w + 288 + 64 * (16 * h + ch));
                const __m512i bq = _mm512_loadu_si512(w + 288 + 64 * (16 * h + 8 + ch));
                const __m512i hb = _mm512_loadu_si512(w + 2336 + 64 * (8 * h + ch));
                const __m512i q[4] = {
                    _mm512_or_si512(_mm512_and_si512(a, low), _mm512_and_si512(_mm512_slli_epi16(hb, 4), bits45)),
                    _mm512_or_si512(_mm512_and_si512(bq, low), _mm512_and_si512(_mm512_slli_epi16(hb, 2), bits45)),
                    _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(a, 4), low), _mm512_and_si512(hb, bits45)),
                    _mm512_or_si512(_mm512_and_si512(_mm512_srli_epi16(bq, 4), low),
                                    _mm512_and_si512(_mm512_srli_epi16(hb, 2), bits45))};
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j)
#pragma GCC unroll 4
                    for (int kk = 0; kk < 4; ++kk)
                        sums[j][2 * kk + ch / 4] = _mm512_dpbusd_epi32(sums[j][2 * kk + ch / 4], q[kk],
                                                                       broadcast4(y[j]->qs + 128 * h + 32 * kk + 4 * ch));
            }
#pragma GCC unroll 8
            for (int s = 0; s < 8; ++s) {
                const __m512i sc = _mm512_maskz_cvtepi8_epi32(
                    0xFFFF, _mm_loadu_si128(reinterpret_cast<const __m128i*>(w + 32 + 16 * (8 * h + s))));
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) total[j] = _mm512_add_epi32(total[j], _mm512_mullo_epi32(sums[j][s], sc));
            }
        }
        const __m512 d = halves(w);
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j)
            acc[j] = _mm512_fmadd_ps(_mm512_maskz_cvtepi32_ps(0xFFFF, total[j]), _mm512_mul_ps(d, _mm512_set1_ps(y[j]->d)), acc[j]);
    }
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) _mm512_storeu_ps(c + static_cast<std::size_t>(j) * ldc, acc[j]);
}

#include "qpack_x86_gemm.h"

struct q4_0_groups {
    static constexpr std::int64_t values = 32;
    static constexpr int tile = 8;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        q4_0_group<RN>(w, b, ldb, c, ldc, n);
    }
};
struct q8_0_groups {
    static constexpr std::int64_t values = 32;
    static constexpr int tile = 8;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        q8_0_group<RN>(w, b, ldb, c, ldc, n);
    }
};
struct q4_k_groups {
    static constexpr std::int64_t values = 256;
    static constexpr int tile = 4;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        q4_k_group<RN>(w, b, ldb, c, ldc, n);
    }
};

struct q6_k_groups {
    static constexpr std::int64_t values = 256;
    static constexpr int tile = 2;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        q6_k_group<RN>(w, b, ldb, c, ldc, n);
    }
};

} // namespace

qgemm_fn packed_qgemm(dtype type) {
    if (type == dtype::q4_0) return gemm<q4_0_groups>;
    if (type == dtype::q8_0) return gemm<q8_0_groups>;
    if (type == dtype::q4_k) return gemm<q4_k_groups>;
    if (type == dtype::q6_k) return gemm<q6_k_groups>;
    return nullptr;
}

} // namespace planscope::cpu::vnni
#endif
