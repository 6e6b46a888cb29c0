#pragma once
// The kernels of packed weights (qpack.h): AVX-512 VNNI (call only when has_avx512_vnni()) and
// AVX2 (when has_avx2()).
#include "qdot.h"
#include "simd.h"

#if PLANSCOPE_X86_SIMD
namespace planscope::cpu {
namespace vnni {
qgemm_fn packed_qgemm(dtype type);
}
namespace avx2 {
qgemm_fn packed_qgemm(dtype type);
}
} // namespace planscope::cpu
#endif
