// The tile kernels of qdot_x86.h, included by qdot_avx2.cpp and qdot_vnni.cpp inside a namespace
// of their own, with QDOT_TARGET (the target attribute every function here carries) and
// QDOT_VNNI (0 or 1) defined, after <immintrin.h> and <cstring>. No include guard: it is compiled
// once per instruction set.

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

// The K-quants, per 256-value super-block: groups multiplied by vpmaddubsw, each pair sum by its
// group's integer scale (vpmaddwd); the minimums (q2_K, q4_K, q5_K) and the offsets of q3_K and
// q6_K come off through q8_K's sums of 16 activations (vpmaddwd with the minimums or scales).
enum class kfmt { q2_k, q3_k, q4_k, q5_k, q6_k };

// The formats with a minimum per group (subtracted times dmin), and the others' offset (values are
// multiplied unsigned, then offset * scale * the sum of 16 activations comes off): q3_K 4, q6_K 32.
template <kfmt F>
constexpr bool has_mins = F == kfmt::q2_k || F == kfmt::q4_k || F == kfmt::q5_k;
template <kfmt F>
constexpr int offset_shift = F == kfmt::q3_k ? 2 : 5;

// A super-block keeps more values live than a block: smaller tiles. AVX2 takes one weight row at a
// time: two spill (q4_K decode on a Zen 3: 14 -> 34-47 GFLOPS, q6_K 6-8 -> 23-25).
constexpr int ktile_m = QDOT_VNNI ? 4 : 1;
constexpr int ktile_n = 2;

// Sums of each 4 adjacent products of unsigned x and signed y, each pair's sum (16 bits, exact for
// the K-quants' values up to 63) first multiplied by its 16-bit scale: no 32-bit multiply.
QDOT_TARGET inline __m256i scaled_pairs(__m256i x, __m256i y, __m256i scale) {
    return _mm256_madd_epi16(_mm256_maddubs_epi16(x, y), scale);
}

// [s_g x 8 | s_g+1 x 8] from 16 int16 scales, g even (a constant once the loops are unrolled): the
// scales of a 32-value chunk's two groups of 16, for scaled_pairs.
QDOT_TARGET inline __m256i pair_scale(__m256i scales, int g) {
    const __m256i half = g < 8 ? _mm256_permute2x128_si256(scales, scales, 0x00)
                               : _mm256_permute2x128_si256(scales, scales, 0x11);
    const int i = g % 8;
    return _mm256_shuffle_epi8(half, _mm256_set_m128i(_mm_set1_epi16(static_cast<short>(((2 * i + 3) << 8) | (2 * i + 2))),
                                                      _mm_set1_epi16(static_cast<short>(((2 * i + 1) << 8) | (2 * i)))));
}

// s_g in every lane from 8 int16 scales repeated in both halves.
QDOT_TARGET inline __m256i group_scale(__m256i scales, int g) {
    return _mm256_shuffle_epi8(scales, _mm256_set1_epi16(static_cast<short>(((2 * g + 1) << 8) | (2 * g))));
}

// q4_K's and q5_K's eight 6-bit scales (bytes 0-7 of u) and minimums (8-15) from their 12 bytes
// after d and dmin, four at a time (get_scale_min_k4).
QDOT_TARGET inline void scales_mins_k4(const u8* x, std::uint32_t (&u)[4]) {
    std::memcpy(u, x + 4, 12);
    constexpr std::uint32_t six = 0x3f3f3f3f, four = 0x0f0f0f0f, two_bits = 0x03030303;
    u[3] = ((u[2] >> 4) & four) | (((u[1] >> 6) & two_bits) << 4);
    const std::uint32_t mins_low = u[1] & six;
    u[1] = (u[2] & four) | (((u[0] >> 6) & two_bits) << 4);
    u[2] = mins_low;
    u[0] &= six;
}

// Each minimum of scales_mins_k4 twice as int16: it multiplies the sums of both 16-value halves
// of its group.
QDOT_TARGET inline __m256i mins_twice(const std::uint32_t (&u)[4]) {
    const __m128i m = _mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(u + 2)));
    return _mm256_set_m128i(_mm_unpackhi_epi16(m, m), _mm_unpacklo_epi16(m, m));
}

// A super-block's integer sums (sumi) and its minimums or offsets (offset_sums times q8_K's sums
// of 16) into the float accumulators.
template <kfmt F, int RN>
QDOT_TARGET inline void add_super(const q8k_act_block* const* y, const __m256i* sumi, __m256i offset_sums, float dx,
                                  float dmin, __m256* acc, __m256* acc_min) {
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) {
        const __m256i bsums = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[j]->bsums));
        const __m256i offsets = _mm256_madd_epi16(bsums, offset_sums);
        if constexpr (has_mins<F>) {
            // The minimums in accumulators of their own, as ggml keeps them: two independent chains.
            acc[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sumi[j]), _mm256_set1_ps(dx * y[j]->d), acc[j]);
            acc_min[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(offsets), _mm256_set1_ps(dmin * y[j]->d), acc_min[j]);
        } else {
            const __m256i exact = _mm256_sub_epi32(sumi[j], _mm256_slli_epi32(offsets, offset_shift<F>));
            acc[j] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(exact), _mm256_set1_ps(dx * y[j]->d), acc[j]);
        }
    }
}

template <kfmt F, int RN>
QDOT_TARGET inline void ksuper(const u8* x, const q8k_act_block* const* y, __m256* acc, __m256* acc_min) {
    const __m256i zero = _mm256_setzero_si256(), low = _mm256_set1_epi8(0x0F);
    __m256i sumi[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) sumi[j] = zero;
    __m256i offset_sums; // 16 int16 factors for the activations' sums of 16 (minimums, scales)
    float dx, dmin = 0.0f;
    if constexpr (F == kfmt::q2_k || F == kfmt::q3_k) {
        // 16 groups of 16: bits 2j of 32 bytes per 128 values (q3_K: plus 4 where bit 4h + j of
        // hmask is set, values then offset by 4).
        __m256i scales;
        if constexpr (F == kfmt::q2_k) {
            const __m128i packed = _mm_loadu_si128(reinterpret_cast<const __m128i*>(x));
            const __m128i nibble = _mm_set1_epi8(0x0F);
            scales = _mm256_cvtepu8_epi16(_mm_and_si128(packed, nibble));
            offset_sums = _mm256_cvtepu8_epi16(_mm_and_si128(_mm_srli_epi16(packed, 4), nibble));
            dx = half_at(x + 80);
            dmin = half_at(x + 82);
        } else {
            alignas(16) std::int8_t sc[16];
            q3k_scales(x + 96, sc);
            scales = offset_sums = _mm256_cvtepi8_epi16(_mm_load_si128(reinterpret_cast<const __m128i*>(sc)));
            dx = half_at(x + 108);
        }
        constexpr std::size_t qs_at = F == kfmt::q2_k ? 16 : 32;
        const __m256i three = _mm256_set1_epi8(3), one = _mm256_set1_epi8(1);
#pragma GCC unroll 2
        for (int h = 0; h < 2; ++h) {
            const __m256i q = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + qs_at + 32 * h));
#pragma GCC unroll 4
            for (int jj = 0; jj < 4; ++jj) {
                __m256i chunk = _mm256_and_si256(_mm256_srli_epi16(q, 2 * jj), three);
                if constexpr (F == kfmt::q3_k) {
                    const __m256i hm = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x));
                    chunk = _mm256_or_si256(chunk, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(hm, 4 * h + jj), one), 2));
                }
                const __m256i scale = pair_scale(scales, 8 * h + 2 * jj);
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) {
                    const auto* yq = reinterpret_cast<const __m256i*>(y[j]->qs + 128 * h + 32 * jj);
                    sumi[j] = _mm256_add_epi32(sumi[j], scaled_pairs(chunk, _mm256_loadu_si256(yq), scale));
                }
            }
        }
    } else if constexpr (F != kfmt::q6_k) {
        std::uint32_t u[4];
        scales_mins_k4(x, u);
        const __m256i scales = _mm256_broadcastsi128_si256(_mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(u))));
        offset_sums = mins_twice(u);
        dx = half_at(x);
        dmin = half_at(x + 2);
        constexpr std::size_t qs_at = F == kfmt::q5_k ? 48 : 16;
#pragma GCC unroll 4
        for (int p = 0; p < 4; ++p) {
            const __m256i qs = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + qs_at + 32 * p));
            __m256i lo = _mm256_and_si256(qs, low), hi = _mm256_and_si256(_mm256_srli_epi16(qs, 4), low);
            if constexpr (F == kfmt::q5_k) {
                // q5_K's fifth bits: bit g of qh[l] for group g, as 16.
                const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 16));
                const __m256i one = _mm256_set1_epi8(1);
                lo = _mm256_or_si256(lo, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * p), one), 4));
                hi = _mm256_or_si256(hi, _mm256_slli_epi16(_mm256_and_si256(_mm256_srli_epi16(qh, 2 * p + 1), one), 4));
            }
            const __m256i s_lo = group_scale(scales, 2 * p), s_hi = group_scale(scales, 2 * p + 1);
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) {
                const auto* yq = reinterpret_cast<const __m256i*>(y[j]->qs + 64 * p);
                const __m256i d_lo = scaled_pairs(lo, _mm256_loadu_si256(yq), s_lo);
                const __m256i d_hi = scaled_pairs(hi, _mm256_loadu_si256(yq + 1), s_hi);
                sumi[j] = _mm256_add_epi32(sumi[j], _mm256_add_epi32(d_lo, d_hi));
            }
        }
    } else {
        offset_sums = _mm256_cvtepi8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + 192)));
        dx = half_at(x + 208);
        const __m256i two = _mm256_set1_epi8(0x30);
#pragma GCC unroll 2
        for (int h = 0; h < 2; ++h) {
            const __m256i ql_a = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 64 * h));
            const __m256i ql_b = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 64 * h + 32));
            const __m256i qh = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 128 + 32 * h));
            // The four 32-value chunks of this half: low or high nibbles, and two bits of qh each.
            const __m256i chunk[4] = {
                _mm256_or_si256(_mm256_and_si256(ql_a, low), _mm256_and_si256(_mm256_slli_epi16(qh, 4), two)),
                _mm256_or_si256(_mm256_and_si256(ql_b, low), _mm256_and_si256(_mm256_slli_epi16(qh, 2), two)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql_a, 4), low), _mm256_and_si256(qh, two)),
                _mm256_or_si256(_mm256_and_si256(_mm256_srli_epi16(ql_b, 4), low),
                                _mm256_and_si256(_mm256_srli_epi16(qh, 2), two))};
#pragma GCC unroll 4
            for (int c = 0; c < 4; ++c) {
                const __m256i scale = pair_scale(offset_sums, 8 * h + 2 * c);
#pragma GCC unroll 4
                for (int j = 0; j < RN; ++j) {
                    const auto* yq = reinterpret_cast<const __m256i*>(y[j]->qs + 128 * h + 32 * c);
                    sumi[j] = _mm256_add_epi32(sumi[j], scaled_pairs(chunk[c], _mm256_loadu_si256(yq), scale));
                }
            }
        }
    }
    add_super<F, RN>(y, sumi, offset_sums, dx, dmin, acc, acc_min);
}

#if QDOT_VNNI
#include "qdot_x86_wide.h"
#endif

// One super-block of one weight row: q4_K and q5_K in 512-bit registers where there are VNNI.
template <kfmt F, int RN>
QDOT_TARGET inline void super_block(const u8* x, const q8k_act_block* const* y, __m256* acc, __m256* acc_min) {
#if QDOT_VNNI
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
#if QDOT_VNNI
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
