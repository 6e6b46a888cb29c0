#include "qdot.h"

#include "convert.h"
#include "qdot_x86.h"

#include <cstring>

namespace planscope::cpu {
namespace {

using u8 = std::uint8_t;

float half_at(const u8* p) {
    std::uint16_t h;
    std::memcpy(&h, p, sizeof h);
    return f16_to_f32(h);
}

// Weight block layouts: where the scale, minimum, fifth bits and nibbles are; values are
// nibble | fifth bit << 4, minus `offset` for the formats without a minimum.
struct layout {
    std::size_t bytes, min_at, qh_at, qs_at;
    int offset;
    bool has_min, has_qh;
};
constexpr layout q4_0{18, 0, 0, 2, 8, false, false};
constexpr layout q4_1{20, 2, 0, 4, 0, true, false};
constexpr layout q5_0{22, 0, 2, 6, 16, false, true};
constexpr layout q5_1{24, 2, 4, 8, 0, true, true};

// sum over blocks of d_x * d_y * sum(x * y) (+ m_x * s_y), per block in that order as ggml's
// generic loops add them.
template <const layout& L>
float dot_nibbles(const u8* x, const q8_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 32; ++b, x += L.bytes, ++y) {
        std::uint32_t qh = 0;
        if constexpr (L.has_qh) std::memcpy(&qh, x + L.qh_at, sizeof qh);
        int sumi = 0;
        for (int j = 0; j < 16; ++j) {
            const int lo = (x[L.qs_at + j] & 0x0F) | static_cast<int>(((qh >> j) & 1) << 4);
            const int hi = (x[L.qs_at + j] >> 4) | static_cast<int>(((qh >> (j + 16)) & 1) << 4);
            sumi += (lo - L.offset) * y->qs[j] + (hi - L.offset) * y->qs[j + 16];
        }
        sum += static_cast<float>(sumi) * (half_at(x) * y->d);
        if constexpr (L.has_min) sum += half_at(x + L.min_at) * y->s;
    }
    return sum;
}

float dot_q8_0(const u8* x, const q8_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 32; ++b, x += 34, ++y) {
        int sumi = 0;
        for (int j = 0; j < 32; ++j) sumi += static_cast<std::int8_t>(x[2 + j]) * y->qs[j];
        sum += static_cast<float>(sumi) * (half_at(x) * y->d);
    }
    return sum;
}

template <float (*Dot)(const u8*, const q8_act_block*, std::int64_t)>
void plain(const qgemm_args& g) {
    for (std::int64_t j = 0; j < g.n; ++j)
        for (std::int64_t i = 0; i < g.m; ++i)
            g.c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc] =
                Dot(reinterpret_cast<const u8*>(g.a) + static_cast<std::size_t>(i) * g.lda,
                    g.b + static_cast<std::size_t>(j) * g.ldb, g.k);
}

} // namespace

qgemm_fn plain_qgemm(dtype type) {
    switch (type) {
    case dtype::q4_0: return plain<dot_nibbles<q4_0>>;
    case dtype::q4_1: return plain<dot_nibbles<q4_1>>;
    case dtype::q5_0: return plain<dot_nibbles<q5_0>>;
    case dtype::q5_1: return plain<dot_nibbles<q5_1>>;
    case dtype::q8_0: return plain<dot_q8_0>;
    default: return nullptr;
    }
}

qgemm_fn qgemm(dtype type) {
#if PLANSCOPE_X86_SIMD
    if (has_avx512_vnni())
        if (const qgemm_fn f = vnni::qgemm(type)) return f;
    if (has_avx2())
        if (const qgemm_fn f = avx2::qgemm(type)) return f;
#endif
    return plain_qgemm(type);
}

} // namespace planscope::cpu
