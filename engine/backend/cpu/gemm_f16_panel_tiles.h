// The panel kernel of gemm_f16.h, included by gemm_f16_panel.cpp twice inside a namespace of its
// own, with PANEL_TARGET (the target attribute of every function here), PANEL_WIDTH (8 or 16
// floats a register), PANEL_ROWS (weight rows of a tile) and PANEL_VECTORS (vectors of columns of
// a tile) defined, after <immintrin.h>, <algorithm> and <cstring>. A tile is 32 columns: AVX-512
// 8 rows by 2 vectors (16 of its 32 registers as accumulators), AVX2 3 rows by 4 (12 of 16; the
// column vectors are read from L1 by the FMAs themselves: 6 x 16 tiles, which held them in
// registers, widened each weight twice as often and ran at 0.99-1.01 x ggml, 3 x 32 at 1.11).
// No include guard.
namespace {

// Weight rows are widened panel_k halves at a time into a buffer that stays in L1 while the
// products broadcast from it.
constexpr std::int64_t panel_k = 256;

#if PANEL_WIDTH == 16
using vf = __m512;
using lane_mask = __mmask16;
// The lanes of a vector whose columns lie below n (valid of them).
PANEL_TARGET inline lane_mask lanes(std::int64_t valid) { return static_cast<__mmask16>((1u << valid) - 1u); }
PANEL_TARGET inline vf zero() { return _mm512_setzero_ps(); }
PANEL_TARGET inline vf load(const float* p) { return _mm512_loadu_ps(p); }
PANEL_TARGET inline vf load(const float* p, lane_mask m) { return _mm512_maskz_loadu_ps(m, p); }
PANEL_TARGET inline vf broadcast(const float* p) { return _mm512_set1_ps(*p); }
PANEL_TARGET inline vf fmadd(vf a, vf b, vf c) { return _mm512_fmadd_ps(a, b, c); }
PANEL_TARGET inline void store(float* p, vf v) { _mm512_store_ps(p, v); }
// The zero-masked form: GCC 12's plain one starts from an "undefined" register it then warns about.
PANEL_TARGET inline void widen(const std::byte* h, float* f) {
    _mm512_store_ps(f, _mm512_maskz_cvtph_ps(0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(h))));
}
#else
using vf = __m256;
using lane_mask = __m256i;
PANEL_TARGET inline lane_mask lanes(std::int64_t valid) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(static_cast<int>(valid)), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}
PANEL_TARGET inline vf zero() { return _mm256_setzero_ps(); }
PANEL_TARGET inline vf load(const float* p) { return _mm256_loadu_ps(p); }
PANEL_TARGET inline vf load(const float* p, lane_mask m) { return _mm256_maskload_ps(p, m); }
PANEL_TARGET inline vf broadcast(const float* p) { return _mm256_broadcast_ss(p); }
PANEL_TARGET inline vf fmadd(vf a, vf b, vf c) { return _mm256_fmadd_ps(a, b, c); }
PANEL_TARGET inline void store(float* p, vf v) { _mm256_store_ps(p, v); }
PANEL_TARGET inline void widen(const std::byte* h, float* f) {
    _mm256_store_ps(f, _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(h))));
}
#endif

// Columns of vector v of a tile starting at column j that lie below n.
inline std::int64_t valid_columns(std::int64_t n, std::int64_t j, int v) {
    return std::clamp<std::int64_t>(n - j - PANEL_WIDTH * v, 0, PANEL_WIDTH);
}

// Prefetches never fault, so the address may lie past the weights (the last tile's "next" rows);
// it is formed as an integer, not as a pointer past its object.
PANEL_TARGET inline void prefetch(const std::byte* base, std::size_t offset) {
    _mm_prefetch(reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(base) + offset), _MM_HINT_T0);
}

// RM weight rows from `a` by the columns j .. j + PANEL_WIDTH * NV of Bt, masked past n when
// Masked (masked loads cost a Zen 5 more than half the speed: only the last columns take them).
// Each weight block is widened once into `wide`, and while it is multiplied the next one (or the
// next tile's rows) is prefetched, a line every fourth step: the widening would otherwise wait
// on memory (8 x 32 tiles on a Zen 5: 123 -> 172 GFLOPS).
template <int RM, int NV, bool Masked>
PANEL_TARGET void panel_tile(const gemm_f16_panel_args& g, const std::byte* a, std::int64_t j, float* c) {
    alignas(64) float wide[RM * panel_k];
    lane_mask mask[NV];
    vf acc[RM][NV];
#pragma GCC unroll 4
    for (int v = 0; v < NV; ++v) mask[v] = lanes(valid_columns(g.n, j, v));
#pragma GCC unroll 8
    for (int r = 0; r < RM; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) acc[r][v] = zero();
    constexpr int lines = panel_k * 2 / 64; // per row of a weight block
    const std::size_t lda = g.lda, ldbt = g.ldbt;
    const std::int64_t k = g.k;
    for (std::int64_t kb = 0; kb < k; kb += panel_k) {
        const std::int64_t kc = std::min(panel_k, k - kb);
        for (int r = 0; r < RM; ++r) {
            // Rows need not be 2-byte aligned: bytes, loaded unaligned or copied.
            const std::byte* row = a + static_cast<std::size_t>(r) * lda + 2 * static_cast<std::size_t>(kb);
            std::int64_t p = 0;
            for (; p + PANEL_WIDTH <= kc; p += PANEL_WIDTH) widen(row + 2 * p, wide + r * panel_k + p);
            for (; p < kc; ++p) {
                std::uint16_t h;
                std::memcpy(&h, row + 2 * p, sizeof h);
                wide[r * panel_k + p] = _cvtsh_ss(h);
            }
        }
        const bool last = kb + panel_k >= k;
        const std::size_t next = last ? RM * lda : 2 * static_cast<std::size_t>(kb + panel_k);
        // The column vectors' row pointer steps by ldbt (held in a register: the compiler reloads
        // g's members, which the stores to `wide` may alias).
        const float* bt = g.bt + static_cast<std::size_t>(kb) * ldbt + static_cast<std::size_t>(j);
        for (std::int64_t p = 0; p < kc; ++p, bt += ldbt) {
            if ((p & 3) == 0) {
                const int line = static_cast<int>(p >> 2);
                prefetch(a, next + static_cast<std::size_t>(line / lines % RM) * lda + static_cast<std::size_t>(line % lines) * 64);
            }
            vf b[NV];
#pragma GCC unroll 4
            for (int v = 0; v < NV; ++v) b[v] = Masked ? load(bt + PANEL_WIDTH * v, mask[v]) : load(bt + PANEL_WIDTH * v);
#pragma GCC unroll 8
            for (int r = 0; r < RM; ++r) {
                const vf w = broadcast(wide + r * panel_k + p);
#pragma GCC unroll 4
                for (int v = 0; v < NV; ++v) acc[r][v] = fmadd(w, b[v], acc[r][v]);
            }
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < RM; ++r)
#pragma GCC unroll 4
        for (int v = 0; v < NV; ++v) {
            alignas(64) float lane[PANEL_WIDTH];
            store(lane, acc[r][v]);
            const std::int64_t valid = valid_columns(g.n, j, v);
            for (std::int64_t l = 0; l < valid; ++l)
                c[static_cast<std::size_t>(r) + static_cast<std::size_t>(j + PANEL_WIDTH * v + l) * g.ldc] = lane[l];
        }
}

template <int RM>
PANEL_TARGET void panel_rows_of(const gemm_f16_panel_args& g, const std::byte* a, float* c) {
    constexpr std::int64_t tile_cols = PANEL_VECTORS * PANEL_WIDTH;
    std::int64_t j = 0;
    for (; g.n - j >= tile_cols; j += tile_cols) panel_tile<RM, PANEL_VECTORS, false>(g, a, j, c);
    for (; g.n - j >= PANEL_WIDTH; j += PANEL_WIDTH) panel_tile<RM, 1, false>(g, a, j, c);
    if (g.n > j) panel_tile<RM, 1, true>(g, a, j, c);
}

PANEL_TARGET void gemm_panel(const gemm_f16_panel_args& g) {
    std::int64_t i = 0;
    const auto rows = [&](std::int64_t r) {
        const std::byte* a = g.a + static_cast<std::size_t>(i) * g.lda;
        float* c = g.c + i;
        if (r == PANEL_ROWS) panel_rows_of<PANEL_ROWS>(g, a, c);
        else if (r == 4) panel_rows_of<4>(g, a, c);
        else if (r == 2) panel_rows_of<2>(g, a, c);
        else panel_rows_of<1>(g, a, c);
        i += r;
    };
    while (g.m - i >= PANEL_ROWS) rows(PANEL_ROWS);
    for (std::int64_t r : {4, 2, 1})
        if (g.m - i >= r) rows(r);
}

} // namespace
