#include "qdot.h"

#include "convert.h"

#include <cstring>
#include <utility>

namespace planscope::cpu {
namespace {

using u8 = std::uint8_t;

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
        sum += static_cast<float>(sumi) * (f16_at(x) * y->d);
        if constexpr (L.has_min) sum += f16_at(x + L.min_at) * y->s;
    }
    return sum;
}

float dot_q8_0(const u8* x, const q8_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 32; ++b, x += 34, ++y) {
        int sumi = 0;
        for (int j = 0; j < 32; ++j) sumi += static_cast<std::int8_t>(x[2 + j]) * y->qs[j];
        sum += static_cast<float>(sumi) * (f16_at(x) * y->d);
    }
    return sum;
}

// block_q4_K {half d; half dmin; u8 scales[12]; u8 qs[128]}: per super-block
// d_y * (d * sum_j scale_j * sum(q * y) - dmin * sum_j min_j * sum(y of group j)). block_q5_K
// {half d; half dmin; u8 scales[12]; u8 qh[32]; u8 qs[128]} adds a fifth bit: bit j of qh[l].
template <bool Five>
float dot_q45_k(const u8* x, const q8k_act_block* y, std::int64_t k) {
    constexpr std::size_t bytes = Five ? 176 : 144, qs_at = Five ? 48 : 16;
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 256; ++b, x += bytes, ++y) {
        int sumi = 0, sum_mins = 0;
        for (int g = 0; g < 8; ++g) {
            const auto [sc, m] = scale_min_k4(g, x + 4);
            const u8* q = x + qs_at + 32 * (g / 2);
            int dot = 0;
            for (int l = 0; l < 32; ++l) {
                const int high = Five ? ((x[16 + l] >> g) & 1) << 4 : 0;
                dot += ((g % 2 ? q[l] >> 4 : q[l] & 0xF) | high) * y->qs[32 * g + l];
            }
            sumi += sc * dot;
            sum_mins += m * (y->bsums[2 * g] + y->bsums[2 * g + 1]);
        }
        sum += y->d * f16_at(x) * static_cast<float>(sumi) - y->d * f16_at(x + 2) * static_cast<float>(sum_mins);
    }
    return sum;
}

// block_q6_K {u8 ql[128]; u8 qh[64]; i8 scales[16]; half d}: values (4 low bits in ql, 2 high in
// qh) minus 32, a signed scale per 16; per super-block d_y * d * sum_j scale_j * sum(q * y).
float dot_q6_k(const u8* x, const q8k_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 256; ++b, x += 210, ++y) {
        int sumi = 0;
        for (int i = 0; i < 256; i += 16) {
            int dot = 0;
            for (int e = i; e < i + 16; ++e) {
                const int half = e / 128, c = (e % 128) / 32, l = e % 32;
                const u8 ql = x[64 * half + 32 * (c % 2) + l], qh = x[128 + 32 * half + l];
                const int q = ((c < 2 ? ql & 0xF : ql >> 4) | (((qh >> (2 * c)) & 3) << 4)) - 32;
                dot += q * y->qs[e];
            }
            sumi += static_cast<std::int8_t>(x[192 + i / 16]) * dot;
        }
        sum += y->d * f16_at(x + 208) * static_cast<float>(sumi);
    }
    return sum;
}

// block_q2_K {u8 scales[16]; u8 qs[64]; half d; half dmin}: 16 groups of 16 2-bit values with a
// 4-bit scale (low nibble) and minimum (high nibble) each. Value i is bits 2j of qs[32h + l]
// (i = 128h + 32j + l).
float dot_q2_k(const u8* x, const q8k_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 256; ++b, x += 84, ++y) {
        int sumi = 0, sum_mins = 0;
        for (int g = 0; g < 16; ++g) {
            int dot = 0;
            for (int i = 16 * g; i < 16 * g + 16; ++i)
                dot += ((x[16 + 32 * (i / 128) + i % 32] >> (2 * ((i % 128) / 32))) & 3) * y->qs[i];
            sumi += (x[g] & 0xF) * dot;
            sum_mins += (x[g] >> 4) * y->bsums[g];
        }
        sum += y->d * f16_at(x + 80) * static_cast<float>(sumi) - y->d * f16_at(x + 82) * static_cast<float>(sum_mins);
    }
    return sum;
}

// block_q3_K {u8 hmask[32]; u8 qs[64]; u8 scales[12]; half d}: q2_K's value bits, minus 4 where
// bit 4h + j of hmask[l] is clear, and 16 signed 6-bit scales (minus 32) packed in 12 bytes.
float dot_q3_k(const u8* x, const q8k_act_block* y, std::int64_t k) {
    float sum = 0.0f;
    for (std::int64_t b = 0; b < k / 256; ++b, x += 110, ++y) {
        std::int8_t sc[16];
        q3k_scales(x + 96, sc);
        int sumi = 0;
        for (int g = 0; g < 16; ++g) {
            int dot = 0;
            for (int i = 16 * g; i < 16 * g + 16; ++i) {
                const int h = i / 128, j = (i % 128) / 32, l = i % 32;
                const int q = ((x[32 + 32 * h + l] >> (2 * j)) & 3) - ((x[l] >> (4 * h + j)) & 1 ? 0 : 4);
                dot += q * y->qs[i];
            }
            sumi += sc[g] * dot;
        }
        sum += y->d * f16_at(x + 108) * static_cast<float>(sumi);
    }
    return sum;
}

template <class Act, float (*Dot)(const u8*, const Act*, std::int64_t)>
void plain(const qgemm_args& g) {
    for (std::int64_t j = 0; j < g.n; ++j)
        for (std::int64_t i = 0; i < g.m; ++i)
            g.c[static_cast<std::size_t>(i) + static_cast<std::size_t>(j) * g.ldc] =
                Dot(reinterpret_cast<const u8*>(g.a) + static_cast<std::size_t>(i) * g.lda,
                    reinterpret_cast<const Act*>(g.b + static_cast<std::size_t>(j) * g.ldb), g.k);
}

bool k_quant(dtype type) {
    return type == dtype::q2_k || type == dtype::q3_k || type == dtype::q4_k || type == dtype::q5_k || type == dtype::q6_k;
}

} // namespace

qgemm_fn plain_qgemm(dtype type) {
    switch (type) {
    case dtype::q4_0: return plain<q8_act_block, dot_nibbles<q4_0>>;
    case dtype::q4_1: return plain<q8_act_block, dot_nibbles<q4_1>>;
    case dtype::q5_0: return plain<q8_act_block, dot_nibbles<q5_0>>;
    case dtype::q5_1: return plain<q8_act_block, dot_nibbles<q5_1>>;
    case dtype::q8_0: return plain<q8_act_block, dot_q8_0>;
    case dtype::q2_k: return plain<q8k_act_block, dot_q2_k>;
    case dtype::q3_k: return plain<q8k_act_block, dot_q3_k>;
    case dtype::q4_k: return plain<q8k_act_block, dot_q45_k<false>>;
    case dtype::q5_k: return plain<q8k_act_block, dot_q45_k<true>>;
    case dtype::q6_k: return plain<q8k_act_block, dot_q6_k>;
    default: return nullptr;
    }
}

std::size_t activation_row_bytes(dtype type, std::int64_t k) {
    return k_quant(type) ? static_cast<std::size_t>(k / 256) * sizeof(q8k_act_block)
                         : static_cast<std::size_t>(k / 32) * sizeof(q8_act_block);
}

void quantize_activations(dtype type, const float* x, std::byte* dst, std::int64_t k) {
    if (k_quant(type)) return quantizer(dtype::q8_k)(x, dst, k);
    quantize_q8_act(x, reinterpret_cast<q8_act_block*>(dst), k);
}

} // namespace planscope::cpu
