// qdot_x86_tiles.h for AVX-512 VNNI CPUs in 256-bit registers: vpdpbusd on one block a step,
// for CPUs that run 512-bit operations as two halves (cpu_identity.h's split_512).
#include "qdot_x86.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>

#define QDOT_TARGET PLANSCOPE_AVX512_VNNI
#define QDOT_VNNI 1
#define QDOT_WIDE 0
namespace planscope::cpu::vnni256 {
#include "qdot_x86_tiles.h"
}
#endif
