#include "fill_pattern.h"

#include "backend/cpu/convert.h"
#include "backend/cpu/quantize.h"

#include <cmath>
#include <cstdint>
#include <cstring>

namespace planscope {
namespace {

// Where a K-quant block keeps its f16 super-block scales (ggml-common.h's block_q*_K) and the
// scale that keeps scale x sub-scale x quant near 1 for random sub-scales and quants.
struct k_scales {
    std::size_t d;
    std::size_t dmin; // == d: no minimum
    float value;
};

const k_scales* k_layout(dtype type) {
    static constexpr k_scales q2{80, 82, 1.0f / 64}, q3{108, 108, 1.0f / 64}, q4{0, 2, 1.0f / 512},
        q5{0, 2, 1.0f / 1024}, q6{208, 208, 1.0f / 2048};
    switch (type) {
    case dtype::q2_k: return &q2;
    case dtype::q3_k: return &q3;
    case dtype::q4_k: return &q4;
    case dtype::q5_k: return &q5;
    case dtype::q6_k: return &q6;
    default: return nullptr;
    }
}

void put_f16(std::byte* at, float v) {
    const std::uint16_t h = cpu::f32_to_f16(v);
    std::memcpy(at, &h, 2);
}

void fill_k_blocks(std::vector<std::byte>& bytes, const k_scales& k, std::size_t block, std::size_t salt) {
    std::uint64_t x = 0x9e3779b97f4a7c15ull ^ salt; // xorshift64: the same bytes every run
    for (std::byte& b : bytes) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        b = static_cast<std::byte>(x >> 56);
    }
    for (std::size_t at = 0; at + block <= bytes.size(); at += block) {
        put_f16(bytes.data() + at + k.d, k.value);
        if (k.dmin != k.d) put_f16(bytes.data() + at + k.dmin, k.value / 2);
    }
}

} // namespace

bool has_fill_pattern(dtype type) {
    return cpu::is_float_type(type) || cpu::quantizer(type) != nullptr || k_layout(type) != nullptr;
}

std::vector<std::byte> fill_pattern_bytes(const tensor& t, std::size_t salt) {
    std::vector<std::byte> bytes(nbytes(t));
    if (!is_contiguous(t) || !has_fill_pattern(t.type)) return bytes;
    if (const k_scales* k = k_layout(t.type)) {
        fill_k_blocks(bytes, *k, type_size(t.type), salt);
        return bytes;
    }
    const auto n = static_cast<std::size_t>(nelements(t));
    std::vector<float> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = std::sin(0.37f * static_cast<float>(i + salt)) * 0.5f;
    if (t.type == dtype::f32) {
        std::memcpy(bytes.data(), v.data(), bytes.size());
    } else if (t.type == dtype::f16 || t.type == dtype::bf16) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint16_t h = t.type == dtype::f16 ? cpu::f32_to_f16(v[i]) : cpu::f32_to_bf16(v[i]);
            std::memcpy(bytes.data() + 2 * i, &h, 2);
        }
    } else {
        cpu::quantizer(t.type)(v.data(), bytes.data(), static_cast<std::int64_t>(n));
    }
    return bytes;
}

} // namespace planscope
