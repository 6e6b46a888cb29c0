#pragma once
// The AVX-512 VNNI kernels of packed weights (qpack.h). Call only when has_avx512_vnni().
#include "qdot.h"
#include "simd.h"

#if PLANSCOPE_X86_SIMD
namespace planscope::cpu::vnni {
qgemm_fn packed_qgemm(dtype type);
}
#endif
