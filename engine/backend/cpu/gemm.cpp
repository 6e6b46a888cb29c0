#include "gemm.h"

#include "simd.h"

#include <algorithm>
#include <cstring>

namespace planscope::cpu {
namespace {

// 8 floats: one AVX register, two SSE ones; GCC lowers the arithmetic to whichever the clone has.
typedef float v8 __attribute__((vector_size(32)));

// A tile of mr rows of A and nr rows of B keeps mr * nr accumulators in registers: 4 x 3 is twelve
// independent FMA chains (enough to hide FMA latency), seven loads per twelve FMAs, and with the
// four A vectors it fills AVX2's sixteen registers.
constexpr int tile_m = 4;
constexpr int tile_n = 3;
// k is split so that a tile's A rows stay in L1 and a unit's B rows in L2.
constexpr std::int64_t k_block = 512;

// Vectors travel by reference: passing them by value would depend on the clone's ABI.
[[gnu::always_inline]] inline void load8(v8& v, const float* p) { std::memcpy(&v, p, sizeof v); }

[[gnu::always_inline]] inline float hsum(const v8& v) {
    return ((v[0] + v[4]) + (v[1] + v[5])) + ((v[2] + v[6]) + (v[3] + v[7]));
}

// C (+)= A[mr rows] . B[nr rows] over k values starting at column p0.
template <int MR, int NR>
[[gnu::always_inline]] inline void tile(const gemm_args& g, const float* a, const float* b, float* c,
                                        std::int64_t k, bool accumulate) {
    v8 acc[MR][NR] = {};
    std::int64_t p = 0;
    // Unrolled so that the tile lives in registers, not in a stack array.
    for (; p + 8 <= k; p += 8) {
        v8 av[MR];
#pragma GCC unroll 4
        for (int i = 0; i < MR; ++i) load8(av[i], a + static_cast<std::size_t>(i) * g.lda + p);
#pragma GCC unroll 3
        for (int j = 0; j < NR; ++j) {
            v8 bv;
            load8(bv, b + static_cast<std::size_t>(j) * g.ldb + p);
#pragma GCC unroll 4
            for (int i = 0; i < MR; ++i) acc[i][j] += av[i] * bv;
        }
    }
    for (int i = 0; i < MR; ++i) {
        for (int j = 0; j < NR; ++j) {
            float r = hsum(acc[i][j]);
            const float* ai = a + static_cast<std::size_t>(i) * g.lda;
            const float* bj = b + static_cast<std::size_t>(j) * g.ldb;
            for (std::int64_t q = p; q < k; ++q) r += ai[q] * bj[q];
            float& out = c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc];
            out = accumulate ? out + r : r;
        }
    }
}

template <int MR>
[[gnu::always_inline]] inline void tile_rows(const gemm_args& g, const float* a, const float* b, float* c,
                                             std::int64_t k, bool accumulate, std::int64_t nr) {
    if (nr == 3) return tile<MR, 3>(g, a, b, c, k, accumulate);
    if (nr == 2) return tile<MR, 2>(g, a, b, c, k, accumulate);
    tile<MR, 1>(g, a, b, c, k, accumulate);
}

} // namespace

PLANSCOPE_SIMD_CLONES void gemm_nt(const gemm_args& g) {
    for (std::int64_t p0 = 0; p0 < g.k; p0 += k_block) {
        const std::int64_t k = std::min(k_block, g.k - p0);
        const bool accumulate = p0 > 0;
        for (std::int64_t i = 0; i < g.m; i += tile_m) {
            const std::int64_t mr = std::min<std::int64_t>(tile_m, g.m - i);
            const float* a = g.a + static_cast<std::size_t>(i) * g.lda + p0;
            for (std::int64_t j = 0; j < g.n; j += tile_n) {
                const std::int64_t nr = std::min<std::int64_t>(tile_n, g.n - j);
                const float* b = g.b + static_cast<std::size_t>(j) * g.ldb + p0;
                float* c = g.c + static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc;
                switch (mr) {
                case 4: tile_rows<4>(g, a, b, c, k, accumulate, nr); break;
                case 3: tile_rows<3>(g, a, b, c, k, accumulate, nr); break;
                case 2: tile_rows<2>(g, a, b, c, k, accumulate, nr); break;
                default: tile_rows<1>(g, a, b, c, k, accumulate, nr); break;
                }
            }
        }
    }
}

} // namespace planscope::cpu
