#pragma once
// The integer block dot products of qdot.h for x86-64: register tiles of weight rows by activation
// rows, compiled once for AVX2 (vpmaddubsw) and once for AVX-512 VNNI (vpdpbusd; the block
// formats two blocks per 512-bit register, the K-quants on 256-bit ones, with twice the registers
// for larger tiles). Call only when has_avx2() /
// has_avx512_vnni(); nullptr for a type without a kernel.
#include "qdot.h"
#include "simd.h"

#if PLANSCOPE_X86_SIMD
namespace planscope::cpu {
namespace avx2 {
qgemm_fn qgemm(dtype type);
}
namespace vnni {
qgemm_fn qgemm(dtype type);
}
} // namespace planscope::cpu
#endif
