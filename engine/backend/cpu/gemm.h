#pragma once
// The MUL_MAT core on f32 rows: every (row of A, row of B) dot product, in register tiles.
#include <cstddef>
#include <cstdint>
#include <vector>

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

// The fastest kernel this CPU runs: AVX-512, else the AVX2 or baseline clone.
void gemm_nt(const gemm_args& g);

using gemm_fn = void (*)(const gemm_args& g);
// Every kernel gemm_nt chooses from that this CPU runs (for tests).
std::vector<gemm_fn> gemm_kernels();

} // namespace planscope::cpu
