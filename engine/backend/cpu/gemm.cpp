#include "gemm.h"

#include "simd.h"

#include <algorithm>
#include <cstring>

namespace planscope::cpu {
namespace {

// 8 floats: one AVX register, two SSE ones; 16: one AVX-512 register. GCC lowers the arithmetic
// to whatever the function it is compiled into has.
typedef float v8 __attribute__((vector_size(32)));
typedef float v16 __attribute__((vector_size(64)));

template <class V>
constexpr int lanes = sizeof(V) / sizeof(float);

// k is split so that a tile's A rows stay in L1 and a unit's B rows in L2.
constexpr std::int64_t k_block = 512;

// Vectors travel by reference: passing them by value would depend on the clone's ABI.
template <class V>
[[gnu::always_inline]] inline void load(V& v, const float* p) {
    std::memcpy(&v, p, sizeof v);
}

typedef float v4 __attribute__((vector_size(16)));

// Halves added in registers (element access would send the accumulators through the stack); the
// eight-float order is ((v0 + v4) + (v1 + v5)) + ((v2 + v6) + (v3 + v7)).
template <class H, class V>
[[gnu::always_inline]] inline void add_halves(H& sum, const V& v) {
    H hi;
    std::memcpy(&sum, &v, sizeof sum);
    std::memcpy(&hi, reinterpret_cast<const char*>(&v) + sizeof sum, sizeof hi);
    sum += hi;
}

[[gnu::always_inline]] inline float hsum(const v8& v) {
    v4 s;
    add_halves(s, v);
    return (s[0] + s[1]) + (s[2] + s[3]);
}

[[gnu::always_inline]] inline float hsum(const v16& v) {
    v8 s;
    add_halves(s, v);
    return hsum(s);
}

// C (+)= A[MR rows] . B[NR rows] over k values starting at column p0: MR * NR independent FMA
// chains (enough to hide FMA latency), MR + NR loads per MR * NR FMAs.
template <class V, int MR, int NR>
[[gnu::always_inline]] inline void tile(const gemm_args& g, const float* a, const float* b, float* c, std::int64_t k,
                                        bool accumulate) {
    constexpr int L = lanes<V>;
    V acc[MR][NR] = {};
    std::int64_t p = 0;
    // Unrolled so that the tile lives in registers, not in a stack array.
    for (; p + L <= k; p += L) {
        V av[MR];
#pragma GCC unroll 8
        for (int i = 0; i < MR; ++i) load(av[i], a + static_cast<std::size_t>(i) * g.lda + p);
#pragma GCC unroll 8
        for (int j = 0; j < NR; ++j) {
            V bv;
            load(bv, b + static_cast<std::size_t>(j) * g.ldb + p);
#pragma GCC unroll 8
            for (int i = 0; i < MR; ++i) acc[i][j] += av[i] * bv;
        }
    }
#pragma GCC unroll 8
    for (int i = 0; i < MR; ++i) {
#pragma GCC unroll 8
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

// The tile for the last, partial rows and columns: MR <= TM rows, NR <= TN columns.
template <class V, int MR, int NR>
[[gnu::always_inline]] inline void tile_n(const gemm_args& g, const float* a, const float* b, float* c, std::int64_t k,
                                          bool accumulate, std::int64_t nr) {
    if constexpr (NR > 1)
        if (nr < NR) return tile_n<V, MR, NR - 1>(g, a, b, c, k, accumulate, nr);
    tile<V, MR, NR>(g, a, b, c, k, accumulate);
}

template <class V, int MR, int NR>
[[gnu::always_inline]] inline void tile_mn(const gemm_args& g, const float* a, const float* b, float* c,
                                           std::int64_t k, bool accumulate, std::int64_t mr, std::int64_t nr) {
    if constexpr (MR > 1)
        if (mr < MR) return tile_mn<V, MR - 1, NR>(g, a, b, c, k, accumulate, mr, nr);
    tile_n<V, MR, NR>(g, a, b, c, k, accumulate, nr);
}

template <class V, int TM, int TN>
[[gnu::always_inline]] inline void gemm(const gemm_args& g) {
    for (std::int64_t p0 = 0; p0 < g.k; p0 += k_block) {
        const std::int64_t k = std::min(k_block, g.k - p0);
        const bool accumulate = p0 > 0;
        for (std::int64_t i = 0; i < g.m; i += TM) {
            const std::int64_t mr = std::min<std::int64_t>(TM, g.m - i);
            const float* a = g.a + static_cast<std::size_t>(i) * g.lda + p0;
            for (std::int64_t j = 0; j < g.n; j += TN) {
                const std::int64_t nr = std::min<std::int64_t>(TN, g.n - j);
                const float* b = g.b + static_cast<std::size_t>(j) * g.ldb + p0;
                float* c = g.c + static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc;
                tile_mn<V, TM, TN>(g, a, b, c, k, accumulate, mr, nr);
            }
        }
    }
}

// 4 x 3 tiles of 8 floats: twelve accumulators and four A vectors fill AVX2's sixteen registers.
PLANSCOPE_SIMD_CLONES void gemm_v8(const gemm_args& g) { gemm<v8, 4, 3>(g); }

#if PLANSCOPE_X86_SIMD
// 4 x 6 tiles of 16 floats: 24 accumulators of AVX-512's 32 registers, ten loads per 24 FMAs.
PLANSCOPE_AVX512 void gemm_v16(const gemm_args& g) { gemm<v16, 4, 6>(g); }
#endif

} // namespace

void gemm_nt(const gemm_args& g) {
#if PLANSCOPE_X86_SIMD
    if (has_avx512()) return gemm_v16(g);
#endif
    gemm_v8(g);
}

std::vector<gemm_fn> gemm_kernels() {
    std::vector<gemm_fn> all{gemm_v8};
#if PLANSCOPE_X86_SIMD
    if (has_avx512()) all.push_back(gemm_v16);
#endif
    return all;
}

} // namespace planscope::cpu
