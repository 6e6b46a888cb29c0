#pragma once
// The integer block dot products of qdot.h for x86-64: register tiles of weight rows by activation
// rows, compiled once for AVX2 (vpmaddubsw) and twice for AVX-512 VNNI (vpdpbusd, with twice the
// registers for larger tiles): in 512-bit registers (the block formats two blocks per register,
// q4_K and q5_K a super-block's halves) and in 256-bit ones. Call only when has_avx2() /
// has_avx512_vnni(); nullptr for a type without a kernel.
#include "qdot.h"
#include "simd.h"

#if PLANSCOPE_X86_SIMD
namespace planscope::cpu {
namespace avx2 {
qgemm_fn qgemm(dtype type);
}
namespace vnni { // 512-bit registers
qgemm_fn qgemm(dtype type);
}
namespace vnni256 { // vpdpbusd in 256-bit registers
qgemm_fn qgemm(dtype type);
}
} // namespace planscope::cpu
#endif
