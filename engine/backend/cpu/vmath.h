#pragma once
// exp(x) without a libm call, so that loops over it vectorise (SOFT_MAX, SILU): Cephes' expf
// polynomial, within 2 ulp of std::exp where the result is a normal float.
#include <algorithm>
#include <bit>
#include <cstdint>

namespace planscope::cpu {

inline float vexp(float x) {
    // |x| is clamped so that the result stays a normal float (x below -87.3 gives FLT_MIN, above
    // 88.4 FLT_MAX's neighbourhood), comparing bit patterns: integer compares, unlike float ones
    // under GCC's default trapping math, leave the loop vectorisable. NaN stays NaN.
    const auto u = std::bit_cast<std::uint32_t>(x);
    const std::uint32_t magnitude = u & 0x7fffffffu;
    const std::uint32_t limit = (u >> 31) != 0 ? 0x42aeac50u /* 87.3365478515625 */ : 0x42b0c0a5u /* 88.3762626647949 */;
    const std::uint32_t clamped = magnitude > 0x7f800000u ? magnitude : std::min(magnitude, limit);
    x = std::bit_cast<float>((u & 0x80000000u) | clamped);
    // n = round(x / ln 2), by the 1.5 * 2^23 trick (exact for |x / ln 2| < 2^22).
    const float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;
    const float r = (x - n * 0.693359375f) - n * -2.12194440e-4f; // x - n ln 2 in two parts
    const float r2 = r * r;
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    const float e = p * r2 + r + 1.0f;
    const auto bits = static_cast<std::uint32_t>(static_cast<std::int32_t>(n) + 127) << 23;
    return e * std::bit_cast<float>(bits);
}

} // namespace planscope::cpu
