#pragma once
// Element conversions to and from f32 — the type every CPU kernel computes in — written with bit
// operations only, so loops over them vectorise and results do not depend on the CPU.
#include "core/types.h"

#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace planscope::cpu {

// IEEE half to float, exact (ggml_compute_fp16_to_fp32 without F16C).
inline float f16_to_f32(std::uint16_t h) {
    const std::uint32_t w = static_cast<std::uint32_t>(h) << 16;
    const std::uint32_t sign = w & 0x80000000u;
    const std::uint32_t two_w = w + w;
    const float normalized = std::bit_cast<float>((two_w >> 4) + (0xE0u << 23)) * 0x1.0p-112f;
    const float denormalized = std::bit_cast<float>((two_w >> 17) | (126u << 23)) - 0.5f;
    const std::uint32_t bits = two_w < (1u << 27) ? std::bit_cast<std::uint32_t>(denormalized)
                                                  : std::bit_cast<std::uint32_t>(normalized);
    return std::bit_cast<float>(sign | bits);
}

// Float to IEEE half, rounding to nearest even (ggml_compute_fp32_to_fp16 without F16C).
inline std::uint16_t f32_to_f16(float f) {
    float base = (std::fabs(f) * 0x1.0p+112f) * 0x1.0p-110f;
    const std::uint32_t w = std::bit_cast<std::uint32_t>(f);
    const std::uint32_t shl1_w = w + w;
    const std::uint32_t sign = w & 0x80000000u;
    std::uint32_t bias = shl1_w & 0xFF000000u;
    if (bias < 0x71000000u) bias = 0x71000000u;
    base = std::bit_cast<float>((bias >> 1) + 0x07800000u) + base;
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(base);
    const std::uint32_t exp_bits = (bits >> 13) & 0x00007C00u;
    const std::uint32_t mantissa_bits = bits & 0x00000FFFu;
    const std::uint32_t nonsign = exp_bits + mantissa_bits;
    return static_cast<std::uint16_t>((sign >> 16) | (shl1_w > 0xFF000000u ? 0x7E00u : nonsign));
}

// The half stored at p (any alignment), as f32: a block's scale.
inline float f16_at(const void* p) {
    std::uint16_t h;
    std::memcpy(&h, p, sizeof h);
    return f16_to_f32(h);
}

inline float bf16_to_f32(std::uint16_t h) { return std::bit_cast<float>(static_cast<std::uint32_t>(h) << 16); }

// Rounds to nearest even; NaNs stay quiet NaNs (ggml_compute_fp32_to_bf16).
inline std::uint16_t f32_to_bf16(float f) {
    const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return static_cast<std::uint16_t>((u >> 16) | 64u);
    return static_cast<std::uint16_t>((u + (0x7fffu + ((u >> 16) & 1u))) >> 16);
}

// f32, f16 and bf16: the types elementwise kernels read and write.
inline bool is_float_type(dtype t) { return t == dtype::f32 || t == dtype::f16 || t == dtype::bf16; }

// n float-typed elements `stride` bytes apart, as f32.
void load_f32(dtype type, const std::byte* src, std::size_t stride, float* dst, std::int64_t n);
// n f32 values stored as float-typed elements `stride` bytes apart.
void store_f32(dtype type, const float* src, std::byte* dst, std::size_t stride, std::int64_t n);

} // namespace planscope::cpu
