// The kernels of gemm_f16.h, included by gemm_f16.cpp twice inside a namespace of its own, with
// F16_TARGET (the target attribute of every function here) and F16_WIDTH (8 or 16 floats a
// register) defined, after <immintrin.h> and <cstring>. No include guard.
namespace {

#if F16_WIDTH == 16
using vf = __m512;
F16_TARGET inline vf zero() { return _mm512_setzero_ps(); }
// The zero-masked forms: GCC 12's plain ones start from an "undefined" register it then warns about.
F16_TARGET inline vf load_halves(const std::byte* p) {
    return _mm512_maskz_cvtph_ps(0xFFFF, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
F16_TARGET inline vf load_b(const float* p) { return _mm512_loadu_ps(p); }
F16_TARGET inline vf load_b(const std::uint16_t* p) { return load_halves(reinterpret_cast<const std::byte*>(p)); }
F16_TARGET inline vf fmadd(vf a, vf b, vf c) { return _mm512_fmadd_ps(a, b, c); }
F16_TARGET inline vf add(vf a, vf b) { return _mm512_add_ps(a, b); }
// Through memory (once per tile): GCC 12's 512-bit extracts warn as above.
F16_TARGET inline __m256 halves_sum(vf v) {
    alignas(64) float t[16];
    _mm512_store_ps(t, v);
    return _mm256_add_ps(_mm256_load_ps(t), _mm256_load_ps(t + 8));
}
#else
using vf = __m256;
F16_TARGET inline vf zero() { return _mm256_setzero_ps(); }
F16_TARGET inline vf load_halves(const std::byte* p) {
    return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}
F16_TARGET inline vf load_b(const float* p) { return _mm256_loadu_ps(p); }
F16_TARGET inline vf load_b(const std::uint16_t* p) { return load_halves(reinterpret_cast<const std::byte*>(p)); }
F16_TARGET inline vf fmadd(vf a, vf b, vf c) { return _mm256_fmadd_ps(a, b, c); }
F16_TARGET inline vf add(vf a, vf b) { return _mm256_add_ps(a, b); }
F16_TARGET inline __m256 halves_sum(vf v) { return v; }
#endif

F16_TARGET inline float hsum(vf v) {
    const __m256 h = halves_sum(v);
    __m128 s = _mm_add_ps(_mm256_castps256_ps128(h), _mm256_extractf128_ps(h, 1));
    s = _mm_add_ps(s, _mm_movehl_ps(s, s));
    s = _mm_add_ss(s, _mm_movehdup_ps(s));
    return _mm_cvtss_f32(s);
}

F16_TARGET inline float half_at(const std::byte* p) {
    std::uint16_t h;
    std::memcpy(&h, p, sizeof h);
    return _cvtsh_ss(h);
}
F16_TARGET inline float b_value(const float* p) { return *p; }
F16_TARGET inline float b_value(const std::uint16_t* p) { return _cvtsh_ss(*p); }

// RM rows of A by RN rows of B (floats or halves): RM * RN accumulators, each A vector widened
// once for RN products.
template <class TB, int RM, int RN>
F16_TARGET inline void tile(const gemm_f16_args& g, const std::byte* a, const TB* b, float* c) {
    vf acc[RM][RN];
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) acc[i][j] = zero();
    std::int64_t p = 0;
    for (; p + F16_WIDTH <= g.k; p += F16_WIDTH) {
        vf av[RM];
#pragma GCC unroll 4
        for (int i = 0; i < RM; ++i) av[i] = load_halves(a + static_cast<std::size_t>(i) * g.lda + 2 * static_cast<std::size_t>(p));
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            const vf bv = load_b(b + static_cast<std::size_t>(j) * g.ldb + static_cast<std::size_t>(p));
#pragma GCC unroll 4
            for (int i = 0; i < RM; ++i) acc[i][j] = fmadd(av[i], bv, acc[i][j]);
        }
    }
#pragma GCC unroll 4
    for (int i = 0; i < RM; ++i)
#pragma GCC unroll 4
        for (int j = 0; j < RN; ++j) {
            float r = hsum(acc[i][j]);
            for (std::int64_t q = p; q < g.k; ++q)
                r += half_at(a + static_cast<std::size_t>(i) * g.lda + 2 * static_cast<std::size_t>(q)) *
                     b_value(b + static_cast<std::size_t>(j) * g.ldb + static_cast<std::size_t>(q));
            c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc] = r;
        }
}

// One row of A by one row of B (decode), with row_lanes accumulators along k so that the products
// do not wait for each other. Rows are taken one at a time: the weights are then read as one
// sequential stream, which the prefetchers follow best (f16 4096 x 4096 on a Zen 5, from memory:
// 19-25 GB/s in 4-row tiles, 33-38 one row at a time; ggml's one-row vec_dot 28-33). A step reads
// two cache lines of weights in either width.
constexpr int row_lanes = 64 / F16_WIDTH;

template <class TB>
F16_TARGET inline float row_dot(std::int64_t k, const std::byte* a, const TB* b) {
    constexpr std::int64_t step = row_lanes * F16_WIDTH;
    vf acc[row_lanes];
#pragma GCC unroll 8
    for (int u = 0; u < row_lanes; ++u) acc[u] = zero();
    std::int64_t p = 0;
    for (; p + step <= k; p += step)
#pragma GCC unroll 8
        for (int u = 0; u < row_lanes; ++u) {
            const std::int64_t q = p + u * F16_WIDTH;
            acc[u] = fmadd(load_halves(a + 2 * static_cast<std::size_t>(q)), load_b(b + q), acc[u]);
        }
    for (; p + F16_WIDTH <= k; p += F16_WIDTH) acc[0] = fmadd(load_halves(a + 2 * static_cast<std::size_t>(p)), load_b(b + p), acc[0]);
#pragma GCC unroll 8
    for (int u = 1; u < row_lanes; ++u) acc[0] = add(acc[0], acc[u]);
    float r = hsum(acc[0]);
    for (; p < k; ++p) r += half_at(a + 2 * static_cast<std::size_t>(p)) * b_value(b + p);
    return r;
}

// Tiles that leave registers for the A vectors and one B vector: AVX2 has 16, AVX-512 32. Half B
// rows cost a conversion per vector, so a wider tile pays for them with more products per load.
template <class TB>
constexpr int tile_m = F16_WIDTH == 8 && std::is_same_v<TB, std::uint16_t> ? 3 : 4;
template <class TB>
constexpr int tile_n = F16_WIDTH == 16 || std::is_same_v<TB, std::uint16_t> ? 4 : 2;

template <class TB>
F16_TARGET void gemm_typed(const gemm_f16_args& g) {
    constexpr int tm = tile_m<TB>, tn = tile_n<TB>;
    const TB* b = static_cast<const TB*>(g.b);
    if (g.n == 1) {
        for (std::int64_t i = 0; i < g.m; ++i)
            g.c[i] = row_dot(g.k, g.a + static_cast<std::size_t>(i) * g.lda, b);
        return;
    }
    for (std::int64_t i = 0; i < g.m;) {
        const bool full_m = g.m - i >= tm;
        const std::byte* ai = g.a + static_cast<std::size_t>(i) * g.lda;
        for (std::int64_t j = 0; j < g.n;) {
            const bool full_n = g.n - j >= tn;
            const TB* bj = b + static_cast<std::size_t>(j) * g.ldb;
            float* c = g.c + static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc;
            if (full_m && full_n) tile<TB, tm, tn>(g, ai, bj, c);
            else if (full_m) tile<TB, tm, 1>(g, ai, bj, c);
            else if (full_n) tile<TB, 1, tn>(g, ai, bj, c);
            else tile<TB, 1, 1>(g, ai, bj, c);
            j += full_n ? tn : 1;
        }
        i += full_m ? tm : 1;
    }
}

F16_TARGET void gemm(const gemm_f16_args& g) {
    if (g.b_halves) gemm_typed<std::uint16_t>(g);
    else gemm_typed<float>(g);
}

} // namespace
