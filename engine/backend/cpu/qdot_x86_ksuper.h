// The K-quants' super-block kernels of qdot_x86_tiles.h (256-bit registers), included by it inside
// its namespace after the block formats' tiles, with the same QDOT_TARGET and QDOT_VNNI. No include
// guard: it is compiled once per instruction set.

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
