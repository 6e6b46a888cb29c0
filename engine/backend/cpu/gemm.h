#pragma once
// The MUL_MAT core on f32 rows: every (row of A, row of B) dot product, in register tiles.
#include <cstddef>
#include <cstdint>

namespace planscope::cpu {

// C[i + j*ldc] = dot(A row i, B row j) for i < m, j < n; rows are k floats, lda/ldb/ldc floats apart.
struct gemm_args {
    const float* a;
    std::size_t lda;
    const float* b;
    std::size_t ldb;
    float* c;
    std::size_t ldc;
    std::int64_t m, n, k;
};

void gemm_nt(const gemm_args& g);

} // namespace planscope::cpu
