// qdot_x86_tiles.h for AVX2 CPUs.
#include "qdot_x86.h"

#if PLANSCOPE_X86_SIMD
#include <immintrin.h>

#include <cstring>

#define QDOT_TARGET PLANSCOPE_AVX2
#define QDOT_VNNI 0
#define QDOT_WIDE 0
namespace planscope::cpu::avx2 {
#include "qdot_x86_tiles.h"
}
#endif
