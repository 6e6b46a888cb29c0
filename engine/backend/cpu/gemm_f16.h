#pragma once
// MUL_MAT on f16 weights: each half widened in registers as it is multiplied (F16C), where the
// general path widens rows into a panel first and reads them twice. src1 rows are floats (few rows,
// decode) or halves (ggml's numerics, which round src1 to f16: half the bytes to keep in cache).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace planscope::cpu {

// C[i + j*ldc] = dot(A row i, B row j) for i < m, j < n; A rows are k halves lda bytes apart
// (2-byte aligned or not), B rows k floats (or k aligned halves when b_halves) ldb elements apart,
// C ldc floats apart.
struct gemm_f16_args {
    const std::byte* a;
    std::size_t lda;
    const void* b;
    std::size_t ldb;
    float* c;
    std::size_t ldc;
    std::int64_t m, n, k;
    bool b_halves = false;
};

using gemm_f16_fn = void (*)(const gemm_f16_args& g);

// The fastest kernel this CPU runs (AVX-512, AVX2 with F16C), nullptr without F16C.
gemm_f16_fn gemm_f16_kernel();
// Every kernel this CPU runs (for tests).
std::vector<gemm_f16_fn> gemm_f16_kernels();

// Many activation rows (16 and more): C[i + j*ldc] = dot(A row i, column j of Bt), Bt being B
// transposed, k rows of floats ldbt apart, of which columns 0 .. n-1 are read. Each weight is
// widened once per 32 columns and multiplied by them (broadcast, outer products), not widened
// again for every tile of B rows. A as in gemm_f16_args.
struct gemm_f16_panel_args {
    const std::byte* a;
    std::size_t lda;
    const float* bt;
    std::size_t ldbt;
    float* c;
    std::size_t ldc;
    std::int64_t m, n, k;
};

using gemm_f16_panel_fn = void (*)(const gemm_f16_panel_args& g);

// The fastest panel kernel this CPU runs (AVX-512, AVX2 with F16C), nullptr without F16C.
gemm_f16_panel_fn gemm_f16_panel_kernel();
// Every panel kernel this CPU runs (for tests).
std::vector<gemm_f16_panel_fn> gemm_f16_panel_kernels();

} // namespace planscope::cpu
