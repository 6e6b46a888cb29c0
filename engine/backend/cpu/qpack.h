#pragma once
// Quantised weights re-laid for the integer kernels, as ggml's CPU_REPACK buffers re-lay them for
// llama.cpp (a layout of Planscope's own, not ggml's block_q4_0x8): q4_0, q8_0, q4_K and q6_K rows in groups
// of 16, each group's blocks interleaved so that one 512-bit register holds 4 bytes of each of the
// 16 rows. One vpdpbusd then multiplies 4 values of 16 rows by 4 activations broadcast from memory,
// the scales of 16 rows are one vector, and 16 results are stored at once: no per-row horizontal
// sums, no per-row scale broadcasts (qdot.h's one-row kernels spend most of their instructions
// there). The same integer sums and scale products as ggml's vec_dot: results differ only in the
// order of float additions. q8_0 and q6_K have no CPU_REPACK layout in ggml on x86; Planscope
// packs them too.
//
// A group of q4_0, per block of 32 values (288 bytes, 18 a row as in q4_0):
//   d[16] (f16), then 4 chunks c of 64 bytes: row r's bytes qs[4c .. 4c + 3] at 4r
//   (low nibbles values 4c..4c+3, high nibbles 16+4c..16+4c+3).
// A group of q8_0, per block (544 bytes, 34 a row): d[16], then 8 chunks c of 64 bytes: row r's
//   values 4c..4c+3 plus 128 (as unsigned bytes, vpdpbusd's) at 4r.
// A group of q4_K, per super-block of 256 values (2,496 bytes, 156 a row against q4_K's 144):
//   d[16], dmin[16] (f16); scales [8 sub-blocks][16 rows] (u8); mins [4 pairs of sub-blocks][16
//   rows][2] (i16, vpmaddwd's pairs); then for each pair p of sub-blocks 8 chunks c of 64 bytes:
//   row r's qs[32p + 4c .. +3] at 4r (low nibbles sub-block 2p, high nibbles 2p + 1).
// A group of q6_K, per super-block (3,360 bytes, 210 a row as in q6_K; AVX-512 VNNI only): d[16]
//   (f16); scales [16 sub-blocks][16 rows] (i8); then ql's 128 bytes as 32 chunks and qh's 64 as
//   16, chunk c holding row r's bytes [4c, 4c + 4) at 4r, the bits as q6_K has them.
#include "qdot.h"

namespace planscope::cpu {

constexpr std::int64_t packed_group_rows = 16;

// Whether this CPU has kernels for packed weights of `type` (AVX-512 VNNI or AVX2: q4_0, q8_0,
// q4_K; q6_K with AVX-512 VNNI).
bool has_packed_layout(dtype type);
// Bytes of one packed group of 16 rows of k values (k a multiple of the type's block).
std::size_t packed_group_bytes(dtype type, std::int64_t k);
// Packs rows [0, m / 16 * 16) of `a` (rows lda bytes apart, k values each) into `dst`, which holds
// m / 16 groups of packed_group_bytes.
void pack_weights(dtype type, const std::byte* a, std::size_t lda, std::int64_t m, std::int64_t k, std::byte* dst);

// The kernel for packed weights of `type` (nullptr: none on this CPU): qgemm_args with `a` the
// first group, `lda` packed_group_bytes, m a multiple of 16, the activations quantised by
// quantize_packed_activations.
qgemm_fn packed_qgemm(dtype type);

// q4_0's and q8_0's packed kernels take their activations as q8_act_block with the exact sum of the
// values in place of s (neither has a minimum to multiply s by): dot(q - 8, y) is dot(q, y) -
// 8 * sum(y) (q8_0: dot(w + 128, y) - 128 * sum(y)), the 16 rows' unsigned bytes multiplied by
// vpdpbusd as they are.
struct q8_sum_block {
    float d;
    std::int32_t sum;
    std::int8_t qs[32];
};
static_assert(sizeof(q8_sum_block) == sizeof(q8_act_block));
// quantize_activations, and for q4_0 and q8_0 the sums; activation_row_bytes apply.
void quantize_packed_activations(dtype type, const float* x, std::byte* dst, std::int64_t k);

// A MUL_MAT's src0 as the packed kernel reads it: its first `rows` rows (whole groups), packed;
// the rest stays where it is and goes through qgemm.
struct packed_weight {
    const std::byte* data = nullptr;
    std::size_t group_bytes = 0;
    std::int64_t rows = 0;
    qgemm_fn kernel = nullptr;
};

} // namespace planscope::cpu
