#pragma once
// AVX2 dequantisers for the formats real llama GGUF files use most (q4_0, q8_0, q4_K, q6_K) and
// F16C half conversion. Each gives exactly what the plain version in quant.cpp / convert.cpp gives;
// call them only when has_avx2().
#include "simd.h"

#include <cstddef>
#include <cstdint>

#if PLANSCOPE_X86_SIMD
namespace planscope::cpu::avx2 {

void dequantize_q4_0(const std::byte* src, float* dst, std::int64_t n);
void dequantize_q8_0(const std::byte* src, float* dst, std::int64_t n);
void dequantize_q4_k(const std::byte* src, float* dst, std::int64_t n);
void dequantize_q6_k(const std::byte* src, float* dst, std::int64_t n);
// n contiguous halves to f32.
void f16_to_f32_row(const std::byte* src, float* dst, std::int64_t n);
// n floats to contiguous halves, rounded to nearest even as f32_to_f16 rounds them.
void f32_to_f16_row(const float* src, std::byte* dst, std::int64_t n);

} // namespace planscope::cpu::avx2
#endif
