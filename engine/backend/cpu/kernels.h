#pragma once
// The CPU kernels, one entry point per op family, and how much work memory each needs.
#include "exec_node.h"

namespace planscope::cpu {

// elementwise.cpp
void run_binary(const exec_node& n, const kernel_context& kc); // ADD, SUB, MUL, DIV (src1 broadcast)
void run_scalar(const exec_node& n, const kernel_context& kc); // ADD1, SCALE (src1 has one element)
void run_unary(const exec_node& n, const kernel_context& kc);  // SQR, SQRT, LOG, UNARY
std::size_t work_rows3(const exec_node& n, int nth);            // three scratch rows per thread

// reduce.cpp
void run_sum(const exec_node& n, const kernel_context& kc);
void run_sum_rows(const exec_node& n, const kernel_context& kc);
void run_norm(const exec_node& n, const kernel_context& kc);     // NORM and RMS_NORM
std::size_t work_sum(const exec_node& n, int nth);
std::size_t work_rows2(const exec_node& n, int nth);             // two scratch rows per thread

// softmax.cpp
void run_soft_max(const exec_node& n, const kernel_context& kc);
void run_diag_mask(const exec_node& n, const kernel_context& kc); // DIAG_MASK_INF and DIAG_MASK_ZERO

// copy.cpp
void run_copy(const exec_node& n, const kernel_context& kc);   // DUP, CPY, CONT
void run_repeat(const exec_node& n, const kernel_context& kc);
void run_concat(const exec_node& n, const kernel_context& kc);
std::size_t work_copy(const exec_node& n, int nth);

// get_rows.cpp
void run_get_rows(const exec_node& n, const kernel_context& kc);

// rope.cpp
void run_rope(const exec_node& n, const kernel_context& kc);
std::size_t work_rope(const exec_node& n, int nth);

// matmul.cpp
void run_mul_mat(const exec_node& n, const kernel_context& kc);
std::size_t work_mul_mat(const exec_node& n, int nth);

} // namespace planscope::cpu
