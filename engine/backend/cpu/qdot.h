#pragma once
// MUL_MAT on quantised weights in ggml's numerics: each activation row (src1) is quantised once
// to 8 bits (per 32 values, quantize_q8_act, or per 256 for the K-quants, q8_K), then every
// (weight row, activation row) pair is a sum over blocks of an exact integer dot product times the
// scales (ggml_vec_dot_q4_0_q8_0 and its siblings). The weights are read in their own format,
// never widened to f32.
#include "quantize.h"

#include <utility>

namespace planscope::cpu {

// C[i + j*ldc] = dot(weight row i, activation row j) for i < m, j < n. Weight rows are k elements
// of whole blocks lda bytes apart; activation rows are quantize_activations() rows, ldb bytes apart.
struct qgemm_args {
    const std::byte* a;
    std::size_t lda;
    const std::byte* b;
    std::size_t ldb;
    float* c;
    std::size_t ldc;
    std::int64_t m, n, k;
};

using qgemm_fn = void (*)(const qgemm_args& g);

// The kernel this CPU runs for weights of `type` (qdot_choice.h: AVX-512 VNNI in 512- or 256-bit
// registers, AVX2, plain), nullptr for a type without integer dot products (MUL_MAT then
// dequantises): q4_0, q4_1, q5_0, q5_1, q8_0, q2_K, q3_K, q4_K, q5_K, q6_K.
qgemm_fn qgemm(dtype type);
// ggml's generic loops (ggml_vec_dot_*_generic): the reference the SIMD kernels are tested against.
qgemm_fn plain_qgemm(dtype type);

// q3_K's 16 scales: 6 bits each (4 low bits in the first 8 bytes, 2 high in the last 4), minus 32.
inline void q3k_scales(const std::uint8_t* packed, std::int8_t out[16]) {
    for (int j = 0; j < 16; ++j) {
        const int low = j < 8 ? packed[j] & 0xF : packed[j - 8] >> 4;
        const int high = (packed[8 + j % 4] >> (2 * (j / 4))) & 3;
        out[j] = static_cast<std::int8_t>((low | (high << 4)) - 32);
    }
}

// get_scale_min_k4: the 6-bit scale and min of group j of a q4_K / q5_K super-block, from its 12
// packed bytes.
inline std::pair<int, int> scale_min_k4(int j, const std::uint8_t* q) {
    if (j < 4) return {q[j] & 63, q[j + 4] & 63};
    return {(q[j + 4] & 0xF) | ((q[j - 4] >> 6) << 4), (q[j + 4] >> 4) | ((q[j] >> 6) << 4)};
}

// Bytes of k activations quantised for weights of `type` (k a multiple of its block size), and
// the quantisation itself: q8_act_blocks, or q8k_act_blocks for the K-quants.
std::size_t activation_row_bytes(dtype type, std::int64_t k);
void quantize_activations(dtype type, const float* x, std::byte* dst, std::int64_t k);

} // namespace planscope::cpu
