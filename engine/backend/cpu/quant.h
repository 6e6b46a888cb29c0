#pragma once
// Dequantisers for ggml's block formats (the block_* structs of ggml-common.h, read byte by byte
// so any alignment works): q4_0, q4_1, q5_0, q5_1, q8_0 and the K-quants q2_K .. q6_K, q8_K.
#include "core/types.h"

#include <cstddef>
#include <cstdint>

namespace planscope::cpu {

// n elements (a multiple of the block size) of whole blocks to f32.
using dequantize_fn = void (*)(const std::byte* src, float* dst, std::int64_t n);

// nullptr for a type without a dequantiser (float types included). The fastest this CPU runs.
dequantize_fn dequantizer(dtype type);
// The plain loops, which the SIMD versions must match exactly.
dequantize_fn plain_dequantizer(dtype type);

// Types a kernel can read as f32 rows: float types and the dequantisable ones.
bool readable_as_f32(dtype type);

// A row of n elements as f32. Quantised rows must be whole contiguous blocks (nb0 == type size);
// float elements may be `stride` bytes apart.
void row_to_f32(dtype type, const std::byte* src, std::size_t stride, float* dst, std::int64_t n);

} // namespace planscope::cpu
