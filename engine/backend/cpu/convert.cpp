#include "convert.h"

#include "quant_avx2.h"

#include <cstring>

namespace planscope::cpu {
namespace {

std::uint16_t read_u16(const std::byte* p) {
    std::uint16_t v;
    std::memcpy(&v, p, sizeof v);
    return v;
}

void write_u16(std::byte* p, std::uint16_t v) { std::memcpy(p, &v, sizeof v); }

// One loop per (type, contiguous or not), so the contiguous ones vectorise.
template <class Load>
void load_loop(const std::byte* src, std::size_t stride, float* dst, std::int64_t n, Load load) {
    for (std::int64_t i = 0; i < n; ++i) dst[i] = load(src + static_cast<std::size_t>(i) * stride);
}

template <class Store>
void store_loop(const float* src, std::byte* dst, std::size_t stride, std::int64_t n, Store store) {
    for (std::int64_t i = 0; i < n; ++i) store(dst + static_cast<std::size_t>(i) * stride, src[i]);
}

} // namespace

void load_f32(dtype type, const std::byte* src, std::size_t stride, float* dst, std::int64_t n) {
    switch (type) {
    case dtype::f32:
        if (stride == sizeof(float)) {
            std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(float));
            return;
        }
        load_loop(src, stride, dst, n, [](const std::byte* p) {
            float v;
            std::memcpy(&v, p, sizeof v);
            return v;
        });
        return;
    case dtype::f16:
#if PLANSCOPE_X86_SIMD
        if (stride == 2 && has_avx2()) return avx2::f16_to_f32_row(src, dst, n);
#endif
        if (stride == 2) return load_loop(src, 2, dst, n, [](const std::byte* p) { return f16_to_f32(read_u16(p)); });
        return load_loop(src, stride, dst, n, [](const std::byte* p) { return f16_to_f32(read_u16(p)); });
    case dtype::bf16:
        return load_loop(src, stride, dst, n, [](const std::byte* p) { return bf16_to_f32(read_u16(p)); });
    default:
        return; // supports_op admits only float types here
    }
}

void store_f32(dtype type, const float* src, std::byte* dst, std::size_t stride, std::int64_t n) {
    switch (type) {
    case dtype::f32:
        if (stride == sizeof(float)) {
            std::memcpy(dst, src, static_cast<std::size_t>(n) * sizeof(float));
            return;
        }
        return store_loop(src, dst, stride, n, [](std::byte* p, float v) { std::memcpy(p, &v, sizeof v); });
    case dtype::f16:
        if (stride == 2) return store_loop(src, dst, 2, n, [](std::byte* p, float v) { write_u16(p, f32_to_f16(v)); });
        return store_loop(src, dst, stride, n, [](std::byte* p, float v) { write_u16(p, f32_to_f16(v)); });
    case dtype::bf16:
        return store_loop(src, dst, stride, n, [](std::byte* p, float v) { write_u16(p, f32_to_bf16(v)); });
    default:
        return;
    }
}

} // namespace planscope::cpu
