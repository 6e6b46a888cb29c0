#include "quantize.h"

#include "convert.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace planscope::cpu {
namespace {

using u8 = std::uint8_t;

void put_half(u8* p, float v) {
    const std::uint16_t h = f32_to_f16(v);
    std::memcpy(p, &h, sizeof h);
}

float f16_round(float v) { return f16_to_f32(f32_to_f16(v)); }

// static_cast<int> with the out-of-range and NaN cases defined (ggml leaves them undefined; every
// value a finite block gives is within the range).
int to_int(float v) {
    if (v > -1024.0f && v < 1024.0f) return static_cast<int>(v);
    return v >= 1024.0f ? 1024 : -1024;
}

// The element of largest magnitude, signed (the first of equal magnitudes).
float signed_absmax(const float* x, int n) {
    float amax = 0.0f, max = 0.0f;
    for (int j = 0; j < n; ++j)
        if (amax < std::fabs(x[j])) {
            amax = std::fabs(x[j]);
            max = x[j];
        }
    return max;
}

// q4_0 / q5_0 (quantize_row_q4_0_ref, _q5_0_ref): d = max / -2^(bits-1), values x / d + offset
// truncated after adding one half, at most 2^bits - 1.
template <int Bits>
void quantize_symmetric(const float* x, std::byte* dst, std::int64_t n) {
    constexpr int offset = 1 << (Bits - 1), top = (1 << Bits) - 1;
    constexpr std::size_t head = Bits == 4 ? 2 : 6, bytes = head + 16;
    u8* p = reinterpret_cast<u8*>(dst);
    for (std::int64_t b = 0; b < n / 32; ++b, x += 32, p += bytes) {
        const float d = signed_absmax(x, 32) / -static_cast<float>(offset);
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        put_half(p, d);
        std::uint32_t qh = 0;
        for (int j = 0; j < 16; ++j) {
            const int q0 = std::min(top, static_cast<int>(static_cast<std::int8_t>(to_int(x[j] * id + (offset + 0.5f)))));
            const int q1 = std::min(top, static_cast<int>(static_cast<std::int8_t>(to_int(x[j + 16] * id + (offset + 0.5f)))));
            p[head + j] = static_cast<u8>((q0 & 0x0F) | ((q1 & 0x0F) << 4));
            qh |= static_cast<std::uint32_t>((q0 >> 4) & 1) << j;
            qh |= static_cast<std::uint32_t>((q1 >> 4) & 1) << (j + 16);
        }
        if constexpr (Bits == 5) std::memcpy(p + 2, &qh, sizeof qh);
    }
}

// q4_1 / q5_1 (quantize_row_q4_1_ref, _q5_1_ref): d = (max - min) / (2^bits - 1), m = min,
// values (x - min) / d rounded half up; q4_1 caps at 15, q5_1 (whose values cannot exceed 31) not.
template <int Bits>
void quantize_affine(const float* x, std::byte* dst, std::int64_t n) {
    constexpr int top = (1 << Bits) - 1;
    constexpr std::size_t head = Bits == 4 ? 4 : 8, bytes = head + 16;
    u8* p = reinterpret_cast<u8*>(dst);
    for (std::int64_t b = 0; b < n / 32; ++b, x += 32, p += bytes) {
        float min = x[0], max = x[0];
        for (int j = 1; j < 32; ++j) {
            min = std::min(min, x[j]);
            max = std::max(max, x[j]);
        }
        const float d = (max - min) / static_cast<float>(top);
        const float id = d != 0.0f ? 1.0f / d : 0.0f;
        put_half(p, d);
        put_half(p + 2, min);
        std::uint32_t qh = 0;
        for (int j = 0; j < 16; ++j) {
            int q0 = to_int((x[j] - min) * id + 0.5f), q1 = to_int((x[j + 16] - min) * id + 0.5f);
            if constexpr (Bits == 4) {
                q0 = std::min(top, static_cast<int>(static_cast<std::int8_t>(q0)));
                q1 = std::min(top, static_cast<int>(static_cast<std::int8_t>(q1)));
            }
            p[head + j] = static_cast<u8>((q0 & 0x0F) | ((q1 & 0x0F) << 4));
            qh |= static_cast<std::uint32_t>((q0 >> 4) & 1) << j;
            qh |= static_cast<std::uint32_t>((q1 >> 4) & 1) << (j + 16);
        }
        if constexpr (Bits == 5) std::memcpy(p + 4, &qh, sizeof qh);
    }
}

// One q8 block: the scale ggml stores (f16) and the values, rounded to nearest even.
float quantize_q8_block(const float* x, std::int8_t* qs) {
    float amax = 0.0f;
    for (int j = 0; j < 32; ++j) amax = std::max(amax, std::fabs(x[j]));
    const float id = amax != 0.0f ? 127.0f / amax : 0.0f;
    for (int j = 0; j < 32; ++j) qs[j] = static_cast<std::int8_t>(to_int(std::nearbyint(x[j] * id)));
    return amax / 127.0f;
}

void quantize_q8_0(const float* x, std::byte* dst, std::int64_t n) {
    u8* p = reinterpret_cast<u8*>(dst);
    for (std::int64_t b = 0; b < n / 32; ++b, x += 32, p += 34) {
        std::int8_t qs[32];
        put_half(p, quantize_q8_block(x, qs));
        std::memcpy(p + 2, qs, sizeof qs);
    }
}

// quantize_row_q8_K_ref: one f32 scale per 256 values, d = max / -127 of the signed extreme,
// values rounded to nearest even and capped at 127; bsums are the sums of each 16 values.
void quantize_q8_k(const float* x, std::byte* dst, std::int64_t n) {
    u8* p = reinterpret_cast<u8*>(dst);
    for (std::int64_t b = 0; b < n / 256; ++b, x += 256, p += 292) {
        std::int8_t qs[256] = {};
        std::int16_t bsums[16] = {};
        float d = 0.0f;
        if (const float max = signed_absmax(x, 256); max != 0.0f) {
            const float iscale = -127.0f / max;
            for (int j = 0; j < 256; ++j)
                qs[j] = static_cast<std::int8_t>(std::min(127, to_int(std::nearbyint(iscale * x[j]))));
            for (int j = 0; j < 256; ++j) bsums[j / 16] = static_cast<std::int16_t>(bsums[j / 16] + qs[j]);
            d = 1.0f / iscale;
        }
        std::memcpy(p, &d, sizeof d);
        std::memcpy(p + 4, qs, sizeof qs);
        std::memcpy(p + 260, bsums, sizeof bsums);
    }
}

} // namespace

quantize_fn quantizer(dtype type) {
    switch (type) {
    case dtype::q4_0: return quantize_symmetric<4>;
    case dtype::q5_0: return quantize_symmetric<5>;
    case dtype::q4_1: return quantize_affine<4>;
    case dtype::q5_1: return quantize_affine<5>;
    case dtype::q8_0: return quantize_q8_0;
    case dtype::q8_k: return quantize_q8_k;
    default: return nullptr;
    }
}

void quantize_q8_act(const float* x, q8_act_block* y, std::int64_t n) {
    for (std::int64_t b = 0; b < n / 32; ++b, x += 32, ++y) {
        const float d = quantize_q8_block(x, y->qs);
        int sum = 0;
        for (const std::int8_t q : y->qs) sum += q;
        y->d = f16_round(d);
        y->s = f16_round(d * static_cast<float>(sum)); // the unrounded d, as ggml's q8_1 sum
    }
}

} // namespace planscope::cpu
