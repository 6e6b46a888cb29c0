// The kernels of packed q4_0, q8_0 and q4_K weights (qpack.h) in AVX2, for CPUs without AVX-512 VNNI: a
// group's 16 rows as two 256-bit halves of 8 rows. vpmaddubsw multiplies the unsigned nibbles by
// the activations into 16-bit pair sums, which a block's (or a sub-block's) 8 chunks add up in 16
// bits without overflow (8 x 2 x 15 x 127 = 30,480); one vpmaddwd then widens them, by ones (q4_0)
// or by the sub-block's scale in both halves of each lane (q4_K), so the sums stay exact integers.
// One activation row (decode) takes both halves in one pass over the weights; more rows, a half at
// a time, so that its unpacked values stay in the 16 registers for all of them.
#include "qpack.h"
#include "qpack_x86.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>

namespace planscope::cpu::avx2 {
namespace {

using u8 = std::uint8_t;

#define PACK_TARGET PLANSCOPE_AVX2

PACK_TARGET inline __m256i broadcast4(const std::int8_t* p) {
    std::int32_t v;
    std::memcpy(&v, p, 4);
    return _mm256_set1_epi32(v);
}

PACK_TARGET inline __m256 halves8(const u8* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// Lane-pair sums of nibbles x activations, added to s (16-bit).
PACK_TARGET inline __m256i madd_nibbles(__m256i s, __m256i q, __m256i y) { return _mm256_add_epi16(s, _mm256_maddubs_epi16(q, y)); }

// Rows [8 h0, 8 (h0 + NH)) of a q4_0 group by RN activation rows.
template <int RN, int NH>
PACK_TARGET void q4_0_halves(const u8* w, int h0, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc,
                             std::int64_t blocks) {
    const __m256i low = _mm256_set1_epi8(0x0F), ones = _mm256_set1_epi16(1);
    __m256 acc[NH][RN];
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) acc[h][j] = _mm256_setzero_ps();
    for (std::int64_t blk = 0; blk < blocks; ++blk, w += 288) {
        __m256i q[NH][8];
        __m256 dx[NH];
#pragma GCC unroll 2
        for (int h = 0; h < NH; ++h) {
#pragma GCC unroll 4
            for (int ch = 0; ch < 4; ++ch) {
                const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 + 64 * ch + 32 * (h0 + h)));
                q[h][2 * ch] = _mm256_and_si256(v, low);
                q[h][2 * ch + 1] = _mm256_and_si256(_mm256_srli_epi16(v, 4), low);
            }
            dx[h] = halves8(w + 16 * (h0 + h));
        }
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            const q8_sum_block& y = reinterpret_cast<const q8_sum_block*>(b + static_cast<std::size_t>(j) * ldb)[blk];
            const __m256 dy = _mm256_set1_ps(y.d);
#pragma GCC unroll 2
            for (int h = 0; h < NH; ++h) {
                __m256i s = _mm256_setzero_si256();
#pragma GCC unroll 4
                for (int ch = 0; ch < 4; ++ch) {
                    s = madd_nibbles(s, q[h][2 * ch], broadcast4(y.qs + 4 * ch));
                    s = madd_nibbles(s, q[h][2 * ch + 1], broadcast4(y.qs + 16 + 4 * ch));
                }
                const __m256i sum = _mm256_sub_epi32(_mm256_madd_epi16(s, ones), _mm256_set1_epi32(8 * y.sum));
                acc[h][j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sum), _mm256_mul_ps(dx[h], dy), acc[h][j]);
            }
        }
    }
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) _mm256_storeu_ps(c + 8 * (h0 + h) + static_cast<std::size_t>(j) * ldc, acc[h][j]);
}

// Rows [8 h0, 8 (h0 + NH)) of a q8_0 group by RN activation rows: vpmaddubsw's pair sums of |w|
// and y with w's sign fit 16 bits only once (2 x 128 x 127), so each chunk is widened by itself.
template <int RN, int NH>
PACK_TARGET void q8_0_halves(const u8* w, int h0, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc,
                             std::int64_t blocks) {
    const __m256i flip = _mm256_set1_epi8(static_cast<char>(0x80)), ones = _mm256_set1_epi16(1);
    __m256 acc[NH][RN];
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) acc[h][j] = _mm256_setzero_ps();
    for (std::int64_t blk = 0; blk < blocks; ++blk, w += 544) {
#pragma GCC unroll 2
        for (int h = 0; h < NH; ++h) {
            const __m256 dx = halves8(w + 16 * (h0 + h));
            __m256i sum[RN];
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) sum[j] = _mm256_setzero_si256();
#pragma GCC unroll 8
            for (int ch = 0; ch < 8; ++ch) {
                const __m256i x = _mm256_xor_si256(
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 32 + 64 * ch + 32 * (h0 + h))), flip);
                const __m256i x_abs = _mm256_abs_epi8(x);
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) {
                    const q8_sum_block& y = reinterpret_cast<const q8_sum_block*>(b + static_cast<std::size_t>(j) * ldb)[blk];
                    const __m256i p = _mm256_maddubs_epi16(x_abs, _mm256_sign_epi8(broadcast4(y.qs + 4 * ch), x));
                    sum[j] = _mm256_add_epi32(sum[j], _mm256_madd_epi16(p, ones));
                }
            }
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) {
                const float dy = reinterpret_cast<const q8_sum_block*>(b + static_cast<std::size_t>(j) * ldb)[blk].d;
                acc[h][j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sum[j]), _mm256_mul_ps(dx, _mm256_set1_ps(dy)), acc[h][j]);
            }
        }
    }
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) _mm256_storeu_ps(c + 8 * (h0 + h) + static_cast<std::size_t>(j) * ldc, acc[h][j]);
}

// Rows [8 h0, 8 (h0 + NH)) of a q4_K group by RN activation rows.
template <int RN, int NH>
PACK_TARGET void q4_k_halves(const u8* w, int h0, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc,
                             std::int64_t supers) {
    const __m256i low = _mm256_set1_epi8(0x0F);
    __m256 acc[NH][RN];
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) acc[h][j] = _mm256_setzero_ps();
    for (std::int64_t sb = 0; sb < supers; ++sb, w += 2496) {
        const q8k_act_block* y[RN];
        __m256i total[NH][RN], mins[NH][RN];
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) y[j] = reinterpret_cast<const q8k_act_block*>(b + static_cast<std::size_t>(j) * ldb) + sb;
#pragma GCC unroll 2
        for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) total[h][j] = mins[h][j] = _mm256_setzero_si256();
#pragma GCC unroll 1
        for (int sub = 0; sub < 8; ++sub) {
#pragma GCC unroll 2
            for (int h = 0; h < NH; ++h) {
                // Sub-block 2p in the low nibbles of pair p's chunks, 2p + 1 in the high ones.
                const u8* qs = w + 448 + 512 * (sub / 2) + 32 * (h0 + h);
                __m256i q[8];
#pragma GCC unroll 8
                for (int ch = 0; ch < 8; ++ch) {
                    const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(qs + 64 * ch));
                    q[ch] = _mm256_and_si256(sub % 2 ? _mm256_srli_epi16(v, 4) : v, low);
                }
                std::int64_t scales;
                std::memcpy(&scales, w + 64 + 16 * sub + 8 * (h0 + h), 8);
                const __m256i sc = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128(scales));
                const __m256i sc_pair = _mm256_or_si256(sc, _mm256_slli_epi32(sc, 16));
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) {
                    const std::int8_t* ys = y[j]->qs + 32 * sub;
                    __m256i s = _mm256_setzero_si256();
#pragma GCC unroll 8
                    for (int ch = 0; ch < 8; ++ch) s = madd_nibbles(s, q[ch], broadcast4(ys + 4 * ch));
                    total[h][j] = _mm256_add_epi32(total[h][j], _mm256_madd_epi16(s, sc_pair));
                }
            }
        }
#pragma GCC unroll 2
        for (int h = 0; h < NH; ++h) {
#pragma GCC unroll 4
            for (int p = 0; p < 4; ++p) {
                const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(w + 192 + 64 * p + 32 * (h0 + h)));
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) {
                    const std::int16_t* bs = y[j]->bsums + 4 * p;
                    const std::uint32_t pair = static_cast<std::uint16_t>(bs[0] + bs[1]) |
                                               static_cast<std::uint32_t>(static_cast<std::uint16_t>(bs[2] + bs[3])) << 16;
                    mins[h][j] = _mm256_add_epi32(mins[h][j], _mm256_madd_epi16(m, _mm256_set1_epi32(static_cast<int>(pair))));
                }
            }
            const __m256 d = halves8(w + 16 * (h0 + h)), dmin = halves8(w + 32 + 16 * (h0 + h));
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) {
                const __m256 dy = _mm256_set1_ps(y[j]->d);
                acc[h][j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(total[h][j]), _mm256_mul_ps(d, dy), acc[h][j]);
                acc[h][j] = _mm256_fnmadd_ps(_mm256_cvtepi32_ps(mins[h][j]), _mm256_mul_ps(dmin, dy), acc[h][j]);
            }
        }
    }
#pragma GCC unroll 2
    for (int h = 0; h < NH; ++h)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) _mm256_storeu_ps(c + 8 * (h0 + h) + static_cast<std::size_t>(j) * ldc, acc[h][j]);
}

struct q4_0_groups {
    static constexpr std::int64_t values = 32;
    static constexpr int tile = 4;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        if constexpr (RN == 1) {
            q4_0_halves<1, 2>(w, 0, b, ldb, c, ldc, n);
        } else {
            q4_0_halves<RN, 1>(w, 0, b, ldb, c, ldc, n);
            q4_0_halves<RN, 1>(w, 1, b, ldb, c, ldc, n);
        }
    }
};
struct q8_0_groups {
    static constexpr std::int64_t values = 32;
    static constexpr int tile = 4;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        if constexpr (RN == 1) {
            q8_0_halves<1, 2>(w, 0, b, ldb, c, ldc, n);
        } else {
            q8_0_halves<RN, 1>(w, 0, b, ldb, c, ldc, n);
            q8_0_halves<RN, 1>(w, 1, b, ldb, c, ldc, n);
        }
    }
};
struct q4_k_groups {
    static constexpr std::int64_t values = 256;
    static constexpr int tile = 2;
    template <int RN>
    PACK_TARGET static void run(const u8* w, const std::byte* b, std::size_t ldb, float* c, std::size_t ldc, std::int64_t n) {
        if constexpr (RN == 1) {
            q4_k_halves<1, 2>(w, 0, b, ldb, c, ldc, n);
        } else {
            q4_k_halves<RN, 1>(w, 0, b, ldb, c, ldc, n);
            q4_k_halves<RN, 1>(w, 1, b, ldb, c, ldc, n);
        }
    }
};

#include "qpack_x86_gemm.h"

} // namespace

qgemm_fn packed_qgemm(dtype type) {
    if (type == dtype::q4_0) return gemm<q4_0_groups>;
    if (type == dtype::q8_0) return gemm<q8_0_groups>;
    if (type == dtype::q4_k) return gemm<q4_k_groups>;
    return nullptr;
}

} // namespace planscope::cpu::avx2
#endif
