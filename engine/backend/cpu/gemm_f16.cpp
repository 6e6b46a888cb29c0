#include "gemm_f16.h"

#include "simd.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>
#include <type_traits>

namespace planscope::cpu {
namespace f16_avx2 {
#define F16_TARGET PLANSCOPE_AVX2
#define F16_WIDTH 8
#include "gemm_f16_tiles.h"
#undef F16_TARGET
#undef F16_WIDTH
gemm_f16_fn kernel() { return gemm; }
} // namespace f16_avx2
namespace f16_avx512 {
#define F16_TARGET PLANSCOPE_AVX512
#define F16_WIDTH 16
#include "gemm_f16_tiles.h"
#undef F16_TARGET
#undef F16_WIDTH
gemm_f16_fn kernel() { return gemm; }
} // namespace f16_avx512
} // namespace planscope::cpu
#endif

namespace planscope::cpu {

gemm_f16_fn gemm_f16_kernel() {
#if PLANSCOPE_X86_SIMD
    if (has_avx512()) return f16_avx512::kernel();
    if (has_avx2()) return f16_avx2::kernel();
#endif
    return nullptr;
}

std::vector<gemm_f16_fn> gemm_f16_kernels() {
    std::vector<gemm_f16_fn> all;
#if PLANSCOPE_X86_SIMD
    if (has_avx2()) all.push_back(f16_avx2::kernel());
    if (has_avx512()) all.push_back(f16_avx512::kernel());
#endif
    return all;
}

} // namespace planscope::cpu
