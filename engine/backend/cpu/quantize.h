#pragma once
// f32 to ggml's block formats: the quantisers CPY uses to write q4_0, q4_1, q5_0, q5_1 and q8_0
// tensors, and the ones MUL_MAT uses for its activations (src1) in ggml's numerics, where src1 is
// converted to the weights' vec_dot_type (q8_0, q8_1 or q8_K) before integer block dot products.
#include "core/types.h"

#include <cstddef>
#include <cstdint>

namespace planscope::cpu {

// n elements (a multiple of the block size) of f32 to whole blocks.
using quantize_fn = void (*)(const float* src, std::byte* dst, std::int64_t n);

// ggml's from_float for a tensor of this type (CPY), nullptr where there is none: q4_0, q4_1,
// q5_0, q5_1 as quantize_row_*_ref, q8_0 and q8_K as ggml's CPU backend quantises them.
quantize_fn quantizer(dtype type);

// 32 activations quantised for the integer dot products (ggml's block_q8_0 / block_q8_1 with the
// scales already widened, so the dot products read no halves). d is the f16 scale as ggml stores
// it (as f32); s = d * sum(qs) with d before rounding, rounded to f16 (ggml's q8_1 sum), for
// weights with a minimum.
struct q8_act_block {
    float d;
    float s;
    std::int8_t qs[32];
};
static_assert(sizeof(q8_act_block) == 40);

// 256 activations as ggml's block_q8_K (the K-quants' vec_dot_type), byte for byte: an f32 scale,
// the values, and the sum of each 16 of them.
struct q8k_act_block {
    float d;
    std::int8_t qs[256];
    std::int16_t bsums[16];
};
static_assert(sizeof(q8k_act_block) == 292);

// quantize_row_q8_0 / quantize_row_q8_1 of ggml's x86 CPU backend: d = amax / 127, values
// x * (127 / amax) rounded to nearest even (not the _ref functions' roundf, which rounds halves
// away from zero). n is a multiple of 32.
void quantize_q8_act(const float* x, q8_act_block* y, std::int64_t n);

} // namespace planscope::cpu
