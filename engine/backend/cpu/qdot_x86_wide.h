// The AVX-512 VNNI tiles of qdot_x86_tiles.h, included by it (inside its namespace) when QDOT_WIDE:
// two blocks (or two groups of a super-block) at once in 512-bit registers, [block b | block b + 1]
// in lanes 0-7 and 8-15. Half the
// instructions per block of the 256-bit tiles, which are bound by their count (a Zen 5 runs
// 512-bit operations at the rate of 256-bit ones). No include guard.

// Two halves in one register: [lo | hi].
QDOT_TARGET inline __m512i join(__m256i lo, __m256i hi) {
    // The zero-masked forms: GCC 12's plain ones start from an "undefined" register it warns about.
    return _mm512_maskz_inserti64x4(0xFF, _mm512_castsi256_si512(lo), hi, 1);
}
QDOT_TARGET inline __m512 join(float lo, float hi) {
    return _mm512_castpd_ps(_mm512_maskz_insertf64x4(0xFF, _mm512_castps_pd(_mm512_set1_ps(lo)),
                                                     _mm256_castps_pd(_mm256_set1_ps(hi)), 1));
}
// The two halves' sum (through memory, for the warning above).
QDOT_TARGET inline __m256 fold_halves(__m512 v) {
    alignas(64) float lanes[16];
    _mm512_store_ps(lanes, v);
    return _mm256_add_ps(_mm256_load_ps(lanes), _mm256_load_ps(lanes + 8));
}

// Blocks blk and blk + 1 of RM weight rows by RN activation rows, as tile_block does one. Weights
// are always multiplied unsigned here (AVX-512 has no vpsignb): q4_0 and q5_0 by their offsets.
template <wfmt F, int RM, int RN>
QDOT_TARGET inline void pair_block(const qgemm_args& g, const u8* a, const std::byte* b, std::int64_t blk,
                                   __m512 (&sum)[RM][RN], float (&mins)[RM][RN]) {
    constexpr block_layout l = layout_of<F>;
    constexpr int offset = offset_of<F>;
    const __m512i zero = _mm512_setzero_si512();
    __m512i y[RN], base[RN];
    __m512 dy[RN];
    const q8_act_block* yb[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) {
        yb[j] = reinterpret_cast<const q8_act_block*>(b + static_cast<std::size_t>(j) * g.ldb) + blk;
        y[j] = join(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(yb[j][0].qs)),
                    _mm256_loadu_si256(reinterpret_cast<const __m256i*>(yb[j][1].qs)));
        dy[j] = join(yb[j][0].d, yb[j][1].d);
        base[j] = offset ? _mm512_sub_epi32(zero, _mm512_dpbusd_epi32(zero, _mm512_set1_epi8(static_cast<char>(offset)), y[j])) : zero;
    }
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i) {
        const u8* x = a + static_cast<std::size_t>(i) * g.lda + static_cast<std::size_t>(blk) * l.bytes;
        const __m512i q = join(unpack<F>(x), unpack<F>(x + l.bytes));
        const __m512 dx = join(half_at(x), half_at(x + l.bytes));
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            const __m512i s = _mm512_dpbusd_epi32(base[j], q, y[j]);
            sum[i][j] = _mm512_fmadd_ps(_mm512_maskz_cvtepi32_ps(0xFFFF, s), _mm512_mul_ps(dx, dy[j]), sum[i][j]);
            if constexpr (l.has_min)
                mins[i][j] += half_at(x + l.min_at) * yb[j][0].s + half_at(x + l.bytes + l.min_at) * yb[j][1].s;
        }
    }
}

// Steps of tile(): two blocks in 512-bit registers.
struct pairs {
    using vec = __m512;
    static constexpr int blocks = 2;
    QDOT_TARGET static vec zero() { return _mm512_setzero_ps(); }
    QDOT_TARGET static vec add(vec x, vec y) { return _mm512_add_ps(x, y); }
    QDOT_TARGET static __m256 fold(vec v) { return fold_halves(v); }
};
struct block_pairs : pairs {
    template <wfmt F, int RM, int RN>
    QDOT_TARGET static void step(const qgemm_args& g, const u8* a, const std::byte* b, std::int64_t blk,
                                 vec (&sum)[RM][RN], float (&mins)[RM][RN]) {
        pair_block<F, RM, RN>(g, a, b, blk, sum, mins);
    }
};

// q4_0 decode: the weights' nibbles of two blocks split by one shuffle, [lo0 hi0 lo1 hi1], against
// two activation blocks; dot(q - 8, y) as dot(q, y) - dot(8, y); the scales multiplied as floats.
// 4096 x 4096 on a Zen 5: 44-51 GFLOPS in 256-bit one-row tiles, 64-65 here (ggml 46-50).
QDOT_TARGET inline void q4_0_pair(const u8* x, const q8_act_block* y, __m512& sum) {
    constexpr block_layout l = layout_of<wfmt::q4_0>;
    const __m512i zero = _mm512_setzero_si512();
    const __m256i both = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i*>(x + l.qs_at))),
        _mm_loadu_si128(reinterpret_cast<const __m128i*>(x + l.bytes + l.qs_at)), 1);
    // [q0 q1 q0>>4 q1>>4] -> [q0 q0>>4 q1 q1>>4], low nibbles: the blocks' values in element order.
    const __m512i halves = join(both, _mm256_srli_epi16(both, 4));
    const __m512i q = _mm512_and_si512(_mm512_maskz_shuffle_i64x2(0xFF, halves, halves, _MM_SHUFFLE(3, 1, 2, 0)),
                                       _mm512_set1_epi8(0x0F));
    const __m512i yq = join(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[0].qs)),
                            _mm256_loadu_si256(reinterpret_cast<const __m256i*>(y[1].qs)));
    const __m512i dot = _mm512_sub_epi32(_mm512_dpbusd_epi32(zero, q, yq), _mm512_dpbusd_epi32(zero, _mm512_set1_epi8(8), yq));
    sum = _mm512_fmadd_ps(_mm512_maskz_cvtepi32_ps(0xFFFF, dot), join(half_at(x) * y[0].d, half_at(x + l.bytes) * y[1].d), sum);
}

// q4_0_pair as a step of tile(), for one weight row by one activation row.
struct q4_0_pairs : pairs {
    template <wfmt F, int RM, int RN>
    QDOT_TARGET static void step(const qgemm_args&, const u8* a, const std::byte* b, std::int64_t blk,
                                 vec (&sum)[1][1], float (&)[1][1]) {
        static_assert(F == wfmt::q4_0 && RM == 1 && RN == 1);
        q4_0_pair(a + static_cast<std::size_t>(blk) * layout_of<F>.bytes, reinterpret_cast<const q8_act_block*>(b) + blk, sum[0][0]);
    }
};

// 64-bit lanes of a constant 512-bit register: lo in the low half's four, hi in the high half's.
constexpr long long bytes_of(unsigned b) { return static_cast<long long>(0x0101010101010101ull * b); }
constexpr long long words_of(unsigned w) { return static_cast<long long>(0x0001000100010001ull * w); }
QDOT_TARGET inline __m512i halves_of(long long lo, long long hi) {
    return _mm512_set_epi64(hi, hi, hi, hi, lo, lo, lo, lo);
}

// q4_K and q5_K, a super-block of one weight row: 32 bytes of values hold group 2p in their low
// nibbles and 2p + 1 in their high ones, so [low | high] are 64 values in q8_K's order, one
// 512-bit load of activations. Each group's pair sums times its scale (vpermw of the eight)
// accumulate in one vpdpwssd. q4_K on a Zen 5, GFLOPS from 256-bit ksuper to here: 4096 x 4096
// decode 82 -> 91 (ggml 83-87), 11008 x 4096 by 32 rows 112 -> 134.
template <kfmt F, int RN>
QDOT_TARGET inline void k4_super_wide(const u8* x, const q8k_act_block* const* y, __m256* acc, __m256* acc_min) {
    std::uint32_t u[4];
    scales_mins_k4(x, u);
    const __m512i scales = _mm512_zextsi128_si512(_mm_cvtepu8_epi16(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(u))));
    const __m512i low = _mm512_set1_epi8(0x0F);
    constexpr std::size_t qs_at = F == kfmt::q5_k ? 48 : 16;
    __m512i sumi[RN][2];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) sumi[j][0] = sumi[j][1] = _mm512_setzero_si512();
#pragma GCC unroll 2
    for (int h = 0; h < 2; ++h) {
        // Groups [4h | 4h + 2] in the low nibbles, [4h + 1 | 4h + 3] in the high ones.
        const __m512i qs = _mm512_loadu_si512(x + qs_at + 64 * h);
        __m512i lo = _mm512_and_si512(qs, low), hi = _mm512_and_si512(_mm512_srli_epi16(qs, 4), low);
        if constexpr (F == kfmt::q5_k) {
            // q5_K's fifth bits: bit g of qh[l] for group g.
            const __m512i qh = _mm512_maskz_broadcast_i64x4(0xFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(x + 16)));
            const __m512i sixteen = _mm512_set1_epi8(0x10);
            const __mmask64 lo_set = _mm512_test_epi8_mask(qh, halves_of(bytes_of(1u << 4 * h), bytes_of(1u << (4 * h + 2))));
            const __mmask64 hi_set = _mm512_test_epi8_mask(qh, halves_of(bytes_of(1u << (4 * h + 1)), bytes_of(1u << (4 * h + 3))));
            lo = _mm512_mask_add_epi8(lo, lo_set, lo, sixteen);
            hi = _mm512_mask_add_epi8(hi, hi_set, hi, sixteen);
        }
        const __m512i pair[2] = {_mm512_maskz_shuffle_i64x2(0xFF, lo, hi, _MM_SHUFFLE(1, 0, 1, 0)),
                                 _mm512_maskz_shuffle_i64x2(0xFF, lo, hi, _MM_SHUFFLE(3, 2, 3, 2))};
#pragma GCC unroll 2
        for (int c = 0; c < 2; ++c) {
            const int g = 4 * h + 2 * c;
            const __m512i scale = _mm512_permutexvar_epi16(halves_of(words_of(g), words_of(g + 1)), scales);
#pragma GCC unroll 4
            for (int j = 0; j < RN; ++j) {
                const __m512i yq = _mm512_loadu_si512(y[j]->qs + 32 * g);
                sumi[j][c] = _mm512_dpwssd_epi32(sumi[j][c], _mm512_maddubs_epi16(pair[c], yq), scale);
            }
        }
    }
    __m256i sums[RN];
#pragma GCC unroll 4
    for (int j = 0; j < RN; ++j) {
        const __m512i s = _mm512_add_epi32(sumi[j][0], sumi[j][1]);
        sums[j] = _mm256_add_epi32(_mm512_maskz_extracti64x4_epi64(0xF, s, 0), _mm512_maskz_extracti64x4_epi64(0xF, s, 1));
    }
    add_super<F, RN>(y, sums, mins_twice(u), half_at(x), half_at(x + 2), acc, acc_min);
}
