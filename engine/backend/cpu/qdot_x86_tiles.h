// The tile kernels of qdot_x86.h, included by qdot_avx2.cpp and qdot_vnni.cpp inside a namespace
// of their own, with QDOT_TARGET (the target attribute every function here carries), QDOT_VNNI
// (0 or 1: vpdpbusd) and QDOT_WIDE (0 or 1: 512-bit registers, VNNI only) defined, after
// <immintrin.h> and <cstring>. No include guard: it is compiled once per instruction set. The
// block formats' tiles are here, the K-quants' super-blocks in qdot_x86_ksuper.h, the 512-bit VNNI
// forms of both in qdot_x86_wide.h.

namespace {

using u8 = std::uint8_t;

enum class wfmt { q4_0, q4_1, q5_0, q5_1, q8_0 };

// Where a weight block keeps its minimum, fifth bits and values (the scale is always first).
struct block_layout {
    std::size_t bytes, min_at, qh_at, qs_at;
    bool has_min, has_qh;
};

template <wfmt F>
constexpr block_layout layout_of = F == wfmt::q4_0   ? block_layout{18, 0, 0, 2, false, false}
                                   : F == wfmt::q4_1 ? block_layout{20, 2, 0, 4, true, false}
                                   : F == wfmt::q5_0 ? block_layout{22, 0, 2, 6, false, true}
                                   : F == wfmt::q5_1 ? block_layout{24, 2, 4, 8, true, true}
                                                     : block_layout{34, 0, 0, 2, false, false};

// Weights are multiplied as unsigned bytes: q4_0 and q5_0 values carry an offset of 8 and 16,
// q8_0's signed bytes are flipped to x + 128 where vpdpbusd's 32-bit sums cannot overflow.
// vpmaddubsw's 16-bit pair sums can (255 * 127 * 2), so AVX2 multiplies q8_0 by sign instead.
template <wfmt F>
constexpr bool signed_weights = F == wfmt::q8_0 && !QDOT_VNNI;
template <wfmt F>
constexpr int offset_of = F == wfmt::q4_0 ? 8 : F == wfmt::q5_0 ? 16 : F == wfmt::q8_0 && QDOT_VNNI ? 128 : 0;

// Register tiles: tile_m weight rows by tile_n activation rows of accumulators (16 of the 32
// AVX-512 registers; 8 of AVX2's 16, which also hold the activations and their offsets).
constexpr int tile_m = 4;
constexpr int tile_n = QDOT_VNNI ? 4 : 2;

QDOT_TARGET inline float half_at(const u8* p) {
    std::uint16_t h;
    std::memcpy(&h, p, sizeof h);
    return _cvtsh_ss(h);
}

// Bit j of the 32-bit word at p as 0x10 in byte j.
QDOT_TARGET inline __m256i fifth_bits(const u8* p) {
    std::uint32_t qh;
    std::memcpy(&qh, p, sizeof qh);
    const __m256i spread = _mm256_shuffle_epi8(
        _mm256_set1_epi32(static_cast<int>(qh)),
        _mm256_set_epi64x(0x0303030303030303, 0x0202020202020202, 0x0101010101010101, 0));
    const __m256i bit = _mm256_set1_epi64x(static_cast<long long>(0x8040201008040201ull));
    return _mm256_and_si256(_mm256_cmpeq_epi8(_mm256_and_si256(spread, bit), bit), _mm256_set1_epi8(0x10));
}

// A block's 32 values in element order, as bytes to multiply (see signed_weights / offset_of).
template <wfmt F>
QDOT_TARGET inline __m256i unpack(const u8* p) {
    constexpr block_layout l = layout_of<F>;
    if constexpr (F == wfmt::q8_0) {
        const __m256i q = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + l.qs_at));
        return signed_weights<F> ? q : _mm256_xor_si256(q, _mm256_set1_epi8(static_cast<char>(0x80)));
    } else {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + l.qs_at));
        const __m128i low = _mm_set1_epi8(0x0F);
        __m256i q = _mm256_set_m128i(_mm_and_si128(_mm_srli_epi16(b, 4), low), _mm_and_si128(b, low));
        if constexpr (l.has_qh) q = _mm256_or_si256(q, fifth_bits(p + l.qh_at));
        return q;
    }
}

// acc + the sums of each 4 adjacent products of unsigned x and signed y, in eight 32-bit lanes.
QDOT_TARGET inline __m256i dot_u8_s8(__m256i acc, __m256i x, __m256i y) {
#if QDOT_VNNI
    return _mm256_dpbusd_epi32(acc, x, y);
#else
    return _mm256_add_epi32(acc, _mm256_madd_epi16(_mm256_maddubs_epi16(x, y), _mm256_set1_epi16(1)));
#endif
}

QDOT_TARGET inline float hsum(__m256 v) {
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

// A lone weight row shares no activation offset sums: its q4_0 / q5_0 values are made signed
// instead (ggml's way; the same exact integer sums, two multiplies fewer per block).
template <wfmt F, int RM>
constexpr bool by_sign = signed_weights<F> || (RM == 1 && (F == wfmt::q4_0 || F == wfmt::q5_0));

// Block blk of RM weight rows at a by RN activation rows at b: each pair's exact integer sum,
// scaled by d_x * d_y, into sum's eight float lanes (the minimums' terms into mins).
template <wfmt F, int RM, int RN>
QDOT_TARGET inline void tile_block(const qgemm_args& g, const u8* a, const std::byte* b, std::int64_t blk,
                                   __m256 (&sum)[RM][RN], float (&mins)[RM][RN]) {
    constexpr block_layout l = layout_of<F>;
    constexpr bool sign = by_sign<F, RM>;
    constexpr int offset = sign ? 0 : offset_of<F>;
    const __m256i zero = _mm256_setzero_si256();
    __m256i y[RN], base[RN];
    __m256 dy[RN];
    float sy[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) {
        const q8_act_block& yb = reinterpret_cast<const q8_act_block*>(b + static_cast<std::size_t>(j) * g.ldb)[blk];
        y[j] = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(yb.qs));
        dy[j] = _mm256_set1_ps(yb.d);
        sy[j] = yb.s;
        // -offset * sum(y), spread over the lanes as the products will be: the sums start there.
        base[j] = offset ? _mm256_sub_epi32(zero, dot_u8_s8(zero, _mm256_set1_epi8(static_cast<char>(offset)), y[j])) : zero;
    }
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i) {
        const u8* x = a + static_cast<std::size_t>(i) * g.lda + static_cast<std::size_t>(blk) * l.bytes;
        const __m256i q = sign && offset_of<F> ? _mm256_sub_epi8(unpack<F>(x), _mm256_set1_epi8(offset_of<F>)) : unpack<F>(x);
        const __m256i q_abs = sign ? _mm256_sign_epi8(q, q) : q;
        const __m256 dx = _mm256_set1_ps(half_at(x));
        const float mx = l.has_min ? half_at(x + l.min_at) : 0.0f;
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            const __m256i yj = sign ? _mm256_sign_epi8(y[j], q) : y[j];
            const __m256i s = dot_u8_s8(base[j], q_abs, yj);
            sum[i][j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s), _mm256_mul_ps(dx, dy[j]), sum[i][j]);
            if constexpr (l.has_min) mins[i][j] += mx * sy[j];
        }
    }
}

// tile_block as a step of tile() below: one block at a time in 256-bit registers.
struct single_blocks {
    using vec = __m256;
    static constexpr int blocks = 1;
    QDOT_TARGET static vec zero() { return _mm256_setzero_ps(); }
    QDOT_TARGET static vec add(vec x, vec y) { return _mm256_add_ps(x, y); }
    QDOT_TARGET static __m256 fold(vec v) { return v; }
    template <wfmt F, int RM, int RN>
    QDOT_TARGET static void step(const qgemm_args& g, const u8* a, const std::byte* b, std::int64_t blk,
                                 vec (&sum)[RM][RN], float (&mins)[RM][RN]) {
        tile_block<F, RM, RN>(g, a, b, blk, sum, mins);
    }
};

// C (RM x RN at c) = weight rows a.. times activation rows b.., S::blocks blocks a step, the last
// ones through tile_block. A lone pair (decode, one weight row) keeps two sets of accumulators,
// even and odd steps: one chain of multiply-adds would wait on its own latency.
template <class S, wfmt F, int RM, int RN>
QDOT_TARGET inline void tile(const qgemm_args& g, const u8* a, const std::byte* b, float* c) {
    constexpr int sets = RM * RN == 1 ? 2 : 1;
    constexpr std::int64_t stride = S::blocks * sets;
    typename S::vec acc[sets][RM][RN];
    float mins[RM][RN];
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
#pragma GCC unroll 2
            for (int s = 0; s < sets; ++s) acc[s][i][j] = S::zero();
            mins[i][j] = 0.0f;
        }
    const std::int64_t blocks = g.k / 32;
    std::int64_t blk = 0;
    for (; blk + stride <= blocks; blk += stride)
#pragma GCC unroll 2
        for (int s = 0; s < sets; ++s)
            S::template step<F, RM, RN>(g, a, b, blk + static_cast<std::int64_t>(s) * S::blocks, acc[s], mins);
    __m256 last[RM][RN];
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
#pragma GCC unroll 2
            for (int s = 1; s < sets; ++s) acc[0][i][j] = S::add(acc[0][i][j], acc[s][i][j]);
            last[i][j] = S::fold(acc[0][i][j]);
        }
    for (; blk < blocks; ++blk) tile_block<F, RM, RN>(g, a, b, blk, last, mins);
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j)
            c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc] = hsum(last[i][j]) + mins[i][j];
}

#include "qdot_x86_ksuper.h"

#if QDOT_WIDE
#include "qdot_x86_wide.h"
#endif

// One super-block of one weight row: q4_K and q5_K in 512-bit registers where there are VNNI.
template <kfmt F, int RN>
QDOT_TARGET inline void super_block(const u8* x, const q8k_act_block* const* y, __m256* acc, __m256* acc_min) {
#if QDOT_WIDE
    if constexpr (F == kfmt::q4_k || F == kfmt::q5_k) return k4_super_wide<F, RN>(x, y, acc, acc_min);
#endif
    ksuper<F, RN>(x, y, acc, acc_min);
}

template <kfmt F, int RM, int RN>
QDOT_TARGET inline void ktile(const qgemm_args& g, const u8* a, const std::byte* b, float* c) {
    constexpr std::size_t bytes = F == kfmt::q2_k   ? 84
                                  : F == kfmt::q3_k ? 110
                                  : F == kfmt::q4_k ? 144
                                  : F == kfmt::q5_k ? 176
                                                    : 210;
    __m256 acc[RM][RN], acc_min[RM][RN];
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) acc[i][j] = acc_min[i][j] = _mm256_setzero_ps();
    for (std::int64_t sb = 0; sb < g.k / 256; ++sb) {
        const q8k_act_block* y[RN];
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j)
            y[j] = reinterpret_cast<const q8k_act_block*>(b + static_cast<std::size_t>(j) * g.ldb) + sb;
#pragma GCC unroll 4
        for (int i = 0; i < RM; ++i)
            super_block<F, RN>(a + static_cast<std::size_t>(i) * g.lda + static_cast<std::size_t>(sb) * bytes, y, acc[i], acc_min[i]);
    }
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j)
            c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc] =
                has_mins<F> ? hsum(acc[i][j]) - hsum(acc_min[i][j]) : hsum(acc[i][j]);
}

// The formats' tiles behind one interface for the driver below.
template <wfmt F>
struct block_kernel {
    static constexpr int tm = tile_m, tn = tile_n;
    template <int RM, int RN>
    QDOT_TARGET static void run(const qgemm_args& g, const u8* a, const std::byte* b, float* c) {
#if QDOT_WIDE
        if constexpr (F == wfmt::q4_0 && RM == 1 && RN == 1) return tile<q4_0_pairs, F, 1, 1>(g, a, b, c);
        tile<block_pairs, F, RM, RN>(g, a, b, c);
#else
        tile<single_blocks, F, RM, RN>(g, a, b, c);
#endif
    }
};
template <kfmt F>
struct super_kernel {
    static constexpr int tm = ktile_m, tn = ktile_n;
    template <int RM, int RN>
    QDOT_TARGET static void run(const qgemm_args& g, const u8* a, const std::byte* b, float* c) {
        ktile<F, RM, RN>(g, a, b, c);
    }
};

// Whole tiles, then the last rows and columns one at a time.
template <class K, int TM>
QDOT_TARGET void gemm_tiles(const qgemm_args& g) {
    const u8* a = reinterpret_cast<const u8*>(g.a);
    for (std::int64_t i = 0; i < g.m;) {
        const bool full_m = g.m - i >= TM;
        const u8* ai = a + static_cast<std::size_t>(i) * g.lda;
        for (std::int64_t j = 0; j < g.n;) {
            const bool full_n = g.n - j >= K::tn;
            const std::byte* bj = g.b + static_cast<std::size_t>(j) * g.ldb;
            float* c = g.c + static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc;
            if (full_m && full_n) K::template run<TM, K::tn>(g, ai, bj, c);
            else if (full_m) K::template run<TM, 1>(g, ai, bj, c);
            else if (full_n) K::template run<1, K::tn>(g, ai, bj, c);
            else K::template run<1, 1>(g, ai, bj, c);
            j += full_n ? K::tn : 1;
        }
        i += full_m ? TM : 1;
    }
}

// One activation row (decode): one weight row at a time, so that the weights are read as a single
// sequential stream, which the prefetchers follow best. 4096 x 4096 on a Zen 5, GFLOPS from 4-row
// tiles to one row: q8_0 30-37 -> 55 (AVX2 kernels 40 -> 65), q6_K 39-55 -> 78; ggml 45-52 and
// 60-69 (its vec_dot, one row). q4_0 on the Zen 3 earlier: 0.77 -> 1.02 x ggml.
template <class K>
QDOT_TARGET void gemm(const qgemm_args& g) {
    if (g.n == 1) return gemm_tiles<K, 1>(g);
    gemm_tiles<K, K::tm>(g);
}

} // namespace

qgemm_fn qgemm(dtype type) {
    switch (type) {
    case dtype::q4_0: return gemm<block_kernel<wfmt::q4_0>>;
    case dtype::q4_1: return gemm<block_kernel<wfmt::q4_1>>;
    case dtype::q5_0: return gemm<block_kernel<wfmt::q5_0>>;
    case dtype::q5_1: return gemm<block_kernel<wfmt::q5_1>>;
    case dtype::q8_0: return gemm<block_kernel<wfmt::q8_0>>;
    case dtype::q2_k: return gemm<super_kernel<kfmt::q2_k>>;
    case dtype::q3_k: return gemm<super_kernel<kfmt::q3_k>>;
    case dtype::q4_k: return gemm<super_kernel<kfmt::q4_k>>;
    case dtype::q5_k: return gemm<super_kernel<kfmt::q5_k>>;
    case dtype::q6_k: return gemm<super_kernel<kfmt::q6_k>>;
    default: return nullptr;
    }
}
