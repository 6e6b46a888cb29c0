#include "quant.h"

#include "convert.h"
#include "quant_avx2.h"

#include <array>
#include <cstring>

namespace planscope::cpu {
namespace {

using u8 = std::uint8_t;
constexpr int qk_k = 256;

// A block's bytes copied to a local array: loops reading it then writing floats vectorise, where
// reading through a char pointer (which may alias the floats) would not.
template <int N, class T = u8>
std::array<T, N> local(const u8* p) {
    std::array<T, N> a;
    std::memcpy(a.data(), p, N);
    return a;
}

// block_q4_0 {half d; u8 qs[16]}: low nibbles are elements 0..15, high nibbles 16..31, minus 8.
void dq_q4_0(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 18, y += 32) {
        const float d = f16_at(p);
        const auto qs = local<16>(p + 2);
        for (int j = 0; j < 16; ++j) y[j] = static_cast<float>((qs[j] & 0x0F) - 8) * d;
        for (int j = 0; j < 16; ++j) y[j + 16] = static_cast<float>((qs[j] >> 4) - 8) * d;
    }
}

// block_q4_1 {half d; half m; u8 qs[16]}: q * d + m.
void dq_q4_1(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 20, y += 32) {
        const float d = f16_at(p), m = f16_at(p + 2);
        const auto qs = local<16>(p + 4);
        for (int j = 0; j < 16; ++j) y[j] = static_cast<float>(qs[j] & 0x0F) * d + m;
        for (int j = 0; j < 16; ++j) y[j + 16] = static_cast<float>(qs[j] >> 4) * d + m;
    }
}

// block_q5_0 {half d; u8 qh[4]; u8 qs[16]}: bit j of qh is the fifth bit of element j; minus 16.
void dq_q5_0(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 22, y += 32) {
        const float d = f16_at(p);
        std::uint32_t qh;
        std::memcpy(&qh, p + 2, sizeof qh);
        const auto qs = local<16>(p + 6);
        for (int j = 0; j < 16; ++j) {
            const int h0 = static_cast<int>(((qh >> j) << 4) & 0x10);
            y[j] = static_cast<float>(((qs[j] & 0x0F) | h0) - 16) * d;
        }
        for (int j = 0; j < 16; ++j) {
            const int h1 = static_cast<int>((qh >> (j + 12)) & 0x10);
            y[j + 16] = static_cast<float>(((qs[j] >> 4) | h1) - 16) * d;
        }
    }
}

// block_q5_1 {half d; half m; u8 qh[4]; u8 qs[16]}: as q5_0 without the offset, plus m.
void dq_q5_1(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 24, y += 32) {
        const float d = f16_at(p), m = f16_at(p + 2);
        std::uint32_t qh;
        std::memcpy(&qh, p + 4, sizeof qh);
        const auto qs = local<16>(p + 8);
        for (int j = 0; j < 16; ++j) {
            const unsigned h0 = ((qh >> j) << 4) & 0x10;
            y[j] = static_cast<float>((qs[j] & 0x0Fu) | h0) * d + m;
        }
        for (int j = 0; j < 16; ++j) {
            const unsigned h1 = (qh >> (j + 12)) & 0x10;
            y[j + 16] = static_cast<float>((qs[j] >> 4) | h1) * d + m;
        }
    }
}

// block_q8_0 {half d; i8 qs[32]}.
void dq_q8_0(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / 32; ++b, p += 34, y += 32) {
        const float d = f16_at(p);
        const auto qs = local<32, std::int8_t>(p + 2);
        for (int j = 0; j < 32; ++j) y[j] = static_cast<float>(qs[j]) * d;
    }
}

// block_q2_K {u8 scales[16]; u8 qs[64]; half d; half dmin}: 16 groups of 16, each with a 4-bit
// scale (low nibble) and min (high nibble); 2-bit values.
void dq_q2_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 84) {
        const u8* scales = p;
        const u8* q = p + 16;
        const float d = f16_at(p + 80), dmin = f16_at(p + 82);
        int is = 0;
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2) {
                for (int part = 0; part < 2; ++part) {
                    const u8 sc = scales[is++];
                    const float dl = d * static_cast<float>(sc & 0xF), ml = dmin * static_cast<float>(sc >> 4);
                    for (int l = 0; l < 16; ++l)
                        *y++ = dl * static_cast<float>((q[l + 16 * part] >> shift) & 3) - ml;
                }
            }
        }
    }
}

// block_q3_K {u8 hmask[32]; u8 qs[64]; u8 scales[12]; half d}: 6-bit signed scales packed in 12
// bytes; 2 low bits in qs, the third in hmask (a clear bit subtracts 4).
void dq_q3_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 110) {
        const u8* hm = p;
        const u8* q = p + 32;
        const float d_all = f16_at(p + 108);
        std::uint32_t aux[4];
        std::memcpy(aux, p + 96, 12);
        const std::uint32_t tmp = aux[2];
        constexpr std::uint32_t kmask1 = 0x03030303, kmask2 = 0x0f0f0f0f;
        aux[2] = ((aux[0] >> 4) & kmask2) | (((tmp >> 4) & kmask1) << 4);
        aux[3] = ((aux[1] >> 4) & kmask2) | (((tmp >> 6) & kmask1) << 4);
        aux[0] = (aux[0] & kmask2) | (((tmp >> 0) & kmask1) << 4);
        aux[1] = (aux[1] & kmask2) | (((tmp >> 2) & kmask1) << 4);
        std::int8_t scales[16];
        std::memcpy(scales, aux, sizeof scales);
        int is = 0;
        u8 m = 1;
        for (int half = 0; half < 2; ++half, q += 32) {
            for (int shift = 0; shift < 8; shift += 2, m = static_cast<u8>(m << 1)) {
                for (int part = 0; part < 2; ++part) {
                    const float dl = d_all * static_cast<float>(scales[is++] - 32);
                    for (int l = 16 * part; l < 16 * part + 16; ++l)
                        *y++ = dl * static_cast<float>(((q[l] >> shift) & 3) - ((hm[l] & m) ? 0 : 4));
                }
            }
        }
    }
}

// get_scale_min_k4: the 6-bit scale and min of group j of a q4_K / q5_K super-block.
void scale_min_k4(int j, const u8* q, float& sc, float& m) {
    if (j < 4) {
        sc = static_cast<float>(q[j] & 63);
        m = static_cast<float>(q[j + 4] & 63);
    } else {
        sc = static_cast<float>((q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4));
        m = static_cast<float>((q[j + 4] >> 4) | ((q[j] >> 6) << 4));
    }
}

// block_q4_K {half d; half dmin; u8 scales[12]; u8 qs[128]}: 8 groups of 32 with 6-bit scales and
// mins; each 32 bytes of qs hold two groups (low then high nibbles).
void dq_q4_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 144) {
        const float d = f16_at(p), dmin = f16_at(p + 2);
        const u8* scales = p + 4;
        for (int g = 0; g < 8; g += 2, y += 64) {
            float sc1, m1, sc2, m2;
            scale_min_k4(g, scales, sc1, m1);
            scale_min_k4(g + 1, scales, sc2, m2);
            const float d1 = d * sc1, o1 = dmin * m1, d2 = d * sc2, o2 = dmin * m2;
            const auto q = local<32>(p + 16 + 16 * g);
            for (int l = 0; l < 32; ++l) y[l] = d1 * static_cast<float>(q[l] & 0xF) - o1;
            for (int l = 0; l < 32; ++l) y[l + 32] = d2 * static_cast<float>(q[l] >> 4) - o2;
        }
    }
}

// block_q5_K {half d; half dmin; u8 scales[12]; u8 qh[32]; u8 qs[128]}: q4_K plus a fifth bit.
void dq_q5_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 176) {
        const float d = f16_at(p), dmin = f16_at(p + 2);
        const u8* scales = p + 4;
        const auto qh = local<32>(p + 16);
        for (int g = 0; g < 8; g += 2, y += 64) {
            float sc1, m1, sc2, m2;
            scale_min_k4(g, scales, sc1, m1);
            scale_min_k4(g + 1, scales, sc2, m2);
            const float d1 = d * sc1, o1 = dmin * m1, d2 = d * sc2, o2 = dmin * m2;
            const auto ql = local<32>(p + 48 + 16 * g);
            for (int l = 0; l < 32; ++l) {
                const int h = (qh[l] >> g) & 1;
                y[l] = d1 * static_cast<float>((ql[l] & 0xF) + 16 * h) - o1;
            }
            for (int l = 0; l < 32; ++l) {
                const int h = (qh[l] >> (g + 1)) & 1;
                y[l + 32] = d2 * static_cast<float>((ql[l] >> 4) + 16 * h) - o2;
            }
        }
    }
}

// block_q6_K {u8 ql[128]; u8 qh[64]; i8 scales[16]; half d}: 6-bit values (4 low bits in ql, 2
// high in qh) minus 32, 16 groups of 16 with signed 8-bit scales.
void dq_q6_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 210) {
        const auto sc = local<16, std::int8_t>(p + 192);
        const float d = f16_at(p + 208);
        for (int half = 0; half < 2; ++half, y += 128) {
            const auto ql = local<64>(p + 64 * half);
            const auto qh = local<32>(p + 128 + 32 * half);
            // 32 values per quarter; each 16 of them share a scale.
            for (int l = 0; l < 32; ++l) {
                const float s = d * static_cast<float>(sc[8 * half + l / 16]);
                y[l] = s * static_cast<float>(((ql[l] & 0xF) | (((qh[l] >> 0) & 3) << 4)) - 32);
            }
            for (int l = 0; l < 32; ++l) {
                const float s = d * static_cast<float>(sc[8 * half + l / 16 + 2]);
                y[l + 32] = s * static_cast<float>(((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32);
            }
            for (int l = 0; l < 32; ++l) {
                const float s = d * static_cast<float>(sc[8 * half + l / 16 + 4]);
                y[l + 64] = s * static_cast<float>(((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32);
            }
            for (int l = 0; l < 32; ++l) {
                const float s = d * static_cast<float>(sc[8 * half + l / 16 + 6]);
                y[l + 96] = s * static_cast<float>(((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32);
            }
        }
    }
}

// block_q8_K {float d; i8 qs[256]; i16 bsums[16]}.
void dq_q8_k(const std::byte* src, float* y, std::int64_t n) {
    const u8* p = reinterpret_cast<const u8*>(src);
    for (std::int64_t b = 0; b < n / qk_k; ++b, p += 292, y += qk_k) {
        float d;
        std::memcpy(&d, p, sizeof d);
        const auto qs = local<qk_k, std::int8_t>(p + 4);
        for (int j = 0; j < qk_k; ++j) y[j] = d * static_cast<float>(qs[j]);
    }
}

} // namespace

dequantize_fn dequantizer(dtype type) {
#if PLANSCOPE_X86_SIMD
    if (has_avx2()) {
        switch (type) {
        case dtype::q4_0: return avx2::dequantize_q4_0;
        case dtype::q8_0: return avx2::dequantize_q8_0;
        case dtype::q4_k: return avx2::dequantize_q4_k;
        case dtype::q6_k: return avx2::dequantize_q6_k;
        default: break;
        }
    }
#endif
    return plain_dequantizer(type);
}

dequantize_fn plain_dequantizer(dtype type) {
    switch (type) {
    case dtype::q4_0: return dq_q4_0;
    case dtype::q4_1: return dq_q4_1;
    case dtype::q5_0: return dq_q5_0;
    case dtype::q5_1: return dq_q5_1;
    case dtype::q8_0: return dq_q8_0;
    case dtype::q2_k: return dq_q2_k;
    case dtype::q3_k: return dq_q3_k;
    case dtype::q4_k: return dq_q4_k;
    case dtype::q5_k: return dq_q5_k;
    case dtype::q6_k: return dq_q6_k;
    case dtype::q8_k: return dq_q8_k;
    default: return nullptr;
    }
}

bool readable_as_f32(dtype type) { return is_float_type(type) || dequantizer(type) != nullptr; }

void row_to_f32(dtype type, const std::byte* src, std::size_t stride, float* dst, std::int64_t n) {
    if (const dequantize_fn dq = dequantizer(type)) return dq(src, dst, n);
    load_f32(type, src, stride, dst, n);
}

} // namespace planscope::cpu
