#include "gemm_f16.h"

#include "simd.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace planscope::cpu {
namespace {

// Weight rows are widened panel_k halves at a time into a buffer that stays in L1 while the
// products broadcast from it.
constexpr std::int64_t panel_k = 256;
// A tile: panel_rows weight rows by up to 32 activation columns (two 512-bit vectors), 16 of the
// 32 registers as accumulators.
constexpr int panel_rows = 8;

// The lanes of vector v of a tile starting at column j that hold columns below n.
PLANSCOPE_AVX512 inline __mmask16 lanes(std::int64_t n, std::int64_t j, int v) {
    const std::int64_t valid = std::clamp<std::int64_t>(n - j - 16 * v, 0, 16);
    return static_cast<__mmask16>((1u << valid) - 1u);
}

// Prefetches never fault, so the address may lie past the weights (the last tile's "next" rows);
// it is formed as an integer, not as a pointer past its object.
PLANSCOPE_AVX512 inline void prefetch(const std::byte* base, std::size_t offset) {
    _mm_prefetch(reinterpret_cast<const char*>(reinterpret_cast<std::uintptr_t>(base) + offset), _MM_HINT_T0);
}

// RM weight rows from `a` by the columns j .. j + 16 * NV of Bt, masked past n when Masked (masked
// loads cost a Zen 5 more than half the speed: only the last columns take them). Each weight
// block is widened once into `wide`, and while it is multiplied the next one (or the next tile's
// rows) is prefetched, a line every fourth step: the widening would otherwise wait on memory
// (8 x 32 tiles on a Zen 5: 123 -> 172 GFLOPS).
template <int RM, int NV, bool Masked>
PLANSCOPE_AVX512 void panel_tile(const gemm_f16_panel_args& g, const std::byte* a, std::int64_t j, float* c) {
    alignas(64) float wide[RM * panel_k];
    __mmask16 mask[NV];
    __m512 acc[RM][NV];
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) mask[v] = lanes(g.n, j, v);
#pragma GCC unroll 8
    for (int r = 0; r < RM; ++r)
#pragma GCC unroll 2
        for (int v = 0; v < NV; ++v) acc[r][v] = _mm512_setzero_ps();
    constexpr int lines = panel_k * 2 / 64; // per row of a weight block
    for (std::int64_t kb = 0; kb < g.k; kb += panel_k) {
        const std::int64_t kc = std::min(panel_k, g.k - kb);
        for (int r = 0; r < RM; ++r) {
            // Rows need not be 2-byte aligned: bytes, loaded unaligned or copied.
            const std::byte* row = a + static_cast<std::size_t>(r) * g.lda + 2 * static_cast<std::size_t>(kb);
            std::int64_t p = 0;
            for (; p + 16 <= kc; p += 16)
                _mm512_store_ps(wide + r * panel_k + p, _mm512_maskz_cvtph_ps(0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(row + 2 * p))));
            for (; p < kc; ++p) {
                std::uint16_t h;
                std::memcpy(&h, row + 2 * p, sizeof h);
                wide[r * panel_k + p] = _cvtsh_ss(h);
            }
        }
        const bool last = kb + panel_k >= g.k;
        const std::size_t next = last ? RM * g.lda : 2 * static_cast<std::size_t>(kb + panel_k);
        const float* bt = g.bt + static_cast<std::size_t>(kb) * g.ldbt + static_cast<std::size_t>(j);
        for (std::int64_t p = 0; p < kc; ++p) {
            if ((p & 3) == 0) {
                const int line = static_cast<int>(p >> 2);
                prefetch(a, next + static_cast<std::size_t>(line / lines % RM) * g.lda + static_cast<std::size_t>(line % lines) * 64);
            }
            __m512 b[NV];
#pragma GCC unroll 2
            for (int v = 0; v < NV; ++v) {
                const float* at = bt + static_cast<std::size_t>(p) * g.ldbt + 16 * v;
                b[v] = Masked ? _mm512_maskz_loadu_ps(mask[v], at) : _mm512_loadu_ps(at);
            }
#pragma GCC unroll 8
            for (int r = 0; r < RM; ++r) {
                const __m512 w = _mm512_set1_ps(wide[r * panel_k + p]);
#pragma GCC unroll 2
                for (int v = 0; v < NV; ++v) acc[r][v] = _mm512_fmadd_ps(w, b[v], acc[r][v]);
            }
        }
    }
#pragma GCC unroll 8
    for (int r = 0; r < RM; ++r)
#pragma GCC unroll 2
        for (int v = 0; v < NV; ++v) {
            alignas(64) float lane[16];
            _mm512_store_ps(lane, acc[r][v]);
            const int valid = __builtin_popcount(mask[v]);
            for (int l = 0; l < valid; ++l) c[static_cast<std::size_t>(r) + static_cast<std::size_t>(j + 16 * v + l) * g.ldc] = lane[l];
        }
}

template <int RM>
PLANSCOPE_AVX512 void panel_rows_of(const gemm_f16_panel_args& g, const std::byte* a, float* c) {
    std::int64_t j = 0;
    for (; g.n - j >= 32; j += 32) panel_tile<RM, 2, false>(g, a, j, c);
    if (g.n - j == 16) panel_tile<RM, 1, false>(g, a, j, c);
    else if (g.n - j > 16) panel_tile<RM, 2, true>(g, a, j, c);
    else if (g.n > j) panel_tile<RM, 1, true>(g, a, j, c);
}

PLANSCOPE_AVX512 void gemm_panel(const gemm_f16_panel_args& g) {
    std::int64_t i = 0;
    const auto rows = [&](std::int64_t r) {
        const std::byte* a = g.a + static_cast<std::size_t>(i) * g.lda;
        float* c = g.c + i;
        if (r == panel_rows) panel_rows_of<panel_rows>(g, a, c);
        else if (r == 4) panel_rows_of<4>(g, a, c);
        else if (r == 2) panel_rows_of<2>(g, a, c);
        else panel_rows_of<1>(g, a, c);
        i += r;
    };
    while (g.m - i >= panel_rows) rows(panel_rows);
    for (std::int64_t r : {4, 2, 1})
        if (g.m - i >= r) rows(r);
}

} // namespace

gemm_f16_panel_fn gemm_f16_panel_kernel() { return has_avx512() ? gemm_panel : nullptr; }

} // namespace planscope::cpu

#else

namespace planscope::cpu {
gemm_f16_panel_fn gemm_f16_panel_kernel() { return nullptr; }
} // namespace planscope::cpu

#endif
