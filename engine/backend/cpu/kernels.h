#pragma once
// The CPU kernels, one entry point per op family, and how much work memory each needs.
#include "exec_node.h"

namespace planscope::cpu {

// elementwise.cpp
void run_binary(const exec_node& n, const kernel_context& kc); // ADD, SUB, MUL, DIV (src1 broadcast)
void run_scalar(const exec_node& n, const kernel_context& kc); // ADD1, SCALE (src1 has one element, or x*s + b)
void run_add_id(const exec_node& n, const kernel_context& kc); // ADD_ID: src0 + the src1 row src2 names
void run_unary(const exec_node& n, const kernel_context& kc);  // SQR, SQRT, LOG, CLAMP, UNARY
void run_fill(const exec_node& n, const kernel_context& kc);   // FILL
std::size_t work_rows3(const exec_node& n, int nth);            // three scratch rows per thread
std::size_t work_rows1(const exec_node& n, int nth);            // one destination row per thread

// reduce.cpp
void run_sum(const exec_node& n, const kernel_context& kc);
void run_sum_rows(const exec_node& n, const kernel_context& kc);
void run_norm(const exec_node& n, const kernel_context& kc);     // NORM and RMS_NORM
std::size_t work_sum(const exec_node& n, int nth);
std::size_t work_rows2(const exec_node& n, int nth);             // two scratch rows per thread

// softmax.cpp
void run_soft_max(const exec_node& n, const kernel_context& kc); // scale, mask (ALiBi), sinks as d99724f2
void run_diag_mask(const exec_node& n, const kernel_context& kc); // DIAG_MASK_INF and DIAG_MASK_ZERO
// ALiBi's slope for head h of n_head (ggml's m0/m1 powers; 1 when max_bias is not positive).
float alibi_slope(float max_bias, std::int64_t n_head, std::int64_t h);

// copy.cpp
void run_copy(const exec_node& n, const kernel_context& kc);   // DUP, CPY, CONT
void run_repeat(const exec_node& n, const kernel_context& kc);
void run_concat(const exec_node& n, const kernel_context& kc); // along op param 0 (2023's: 2)
std::size_t work_copy(const exec_node& n, int nth);

// get_rows.cpp
void run_get_rows(const exec_node& n, const kernel_context& kc);

// pad.cpp
void run_pad(const exec_node& n, const kernel_context& kc);      // PAD: zeros, or wrapped around

// sort.cpp
void run_argsort(const exec_node& n, const kernel_context& kc);  // ARGSORT: i32 indices, stable
void run_top_k(const exec_node& n, const kernel_context& kc);    // TOP_K: ggml's partial sort
std::size_t work_sort(const exec_node& n, int nth);

// rope.cpp
void run_rope(const exec_node& n, const kernel_context& kc);
std::size_t work_rope(const exec_node& n, int nth);

// set_rows.cpp
void run_set_rows(const exec_node& n, const kernel_context& kc); // SET_ROWS: into src2's view (the result)

// glu.cpp
void run_glu(const exec_node& n, const kernel_context& kc); // GLU: the six kinds, halves or two sources
std::size_t work_glu(const exec_node& n, int nth);

// attention.cpp
void run_flash_attn_ext(const exec_node& n, const kernel_context& kc);
std::size_t work_flash_attn_ext(const exec_node& n, int nth);

// matmul.cpp
void run_mul_mat(const exec_node& n, const kernel_context& kc);
std::size_t work_mul_mat(const exec_node& n, int nth);

// mul_mat_id.cpp
void run_mul_mat_id(const exec_node& n, const kernel_context& kc); // MUL_MAT_ID: one expert per row
std::size_t work_mul_mat_id(const exec_node& n, int nth);

} // namespace planscope::cpu
