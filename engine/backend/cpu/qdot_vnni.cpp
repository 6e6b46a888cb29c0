// qdot_x86_tiles.h for AVX-512 VNNI CPUs.
#include "qdot_x86.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>

#define QDOT_TARGET PLANSCOPE_AVX512_VNNI
#define QDOT_VNNI 1
#define QDOT_WIDE 1
namespace planscope::cpu::vnni {
#include "qdot_x86_tiles.h"
}
#endif
