#include "gemm_f16.h"

#include "simd.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace planscope::cpu {
namespace panel_avx2 {
#define PANEL_TARGET PLANSCOPE_AVX2
#define PANEL_WIDTH 8
#define PANEL_ROWS 3
#define PANEL_VECTORS 4
#include "gemm_f16_panel_tiles.h"
#undef PANEL_TARGET
#undef PANEL_WIDTH
#undef PANEL_ROWS
#undef PANEL_VECTORS
gemm_f16_panel_fn kernel() { return gemm_panel; }
} // namespace panel_avx2
namespace panel_avx512 {
#define PANEL_TARGET PLANSCOPE_AVX512
#define PANEL_WIDTH 16
#define PANEL_ROWS 8
#define PANEL_VECTORS 2
#include "gemm_f16_panel_tiles.h"
#undef PANEL_TARGET
#undef PANEL_WIDTH
#undef PANEL_ROWS
#undef PANEL_VECTORS
gemm_f16_panel_fn kernel() { return gemm_panel; }
} // namespace panel_avx512
} // namespace planscope::cpu
#endif

namespace planscope::cpu {

gemm_f16_panel_fn gemm_f16_panel_kernel() {
#if PLANSCOPE_X86_SIMD
    if (has_avx512()) return panel_avx512::kernel();
    if (has_avx2()) return panel_avx2::kernel();
#endif
    return nullptr;
}

std::vector<gemm_f16_panel_fn> gemm_f16_panel_kernels() {
    std::vector<gemm_f16_panel_fn> all;
#if PLANSCOPE_X86_SIMD
    if (has_avx2()) all.push_back(panel_avx2::kernel());
    if (has_avx512()) all.push_back(panel_avx512::kernel());
#endif
    return all;
}

} // namespace planscope::cpu
