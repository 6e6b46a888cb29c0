#pragma once
// Portable speed without -march. Hot loops are either compiled twice on x86-64 — for AVX2+FMA
// CPUs and for the baseline, the loader picking one at start-up (PLANSCOPE_SIMD_CLONES) — or, where
// GCC cannot vectorise the plain loop well (nibble unpacking), written for AVX2 next to the plain
// version and chosen at run time with has_avx2().
// ThreadSanitizer instruments the clone resolver, which the loader runs before the sanitizer
// is set up: no clones under it.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) && !defined(__SANITIZE_THREAD__)
#define PLANSCOPE_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define PLANSCOPE_SIMD_CLONES
#endif

#if defined(__GNUC__) && defined(__x86_64__)
#define PLANSCOPE_X86_SIMD 1
#define PLANSCOPE_AVX2 __attribute__((target("avx2,fma,f16c")))
// AVX-512 (F, VL, BW, DQ: 512-bit vectors of every element type) on top of AVX2, and with VNNI.
#define PLANSCOPE_AVX512 __attribute__((target("avx2,fma,f16c,avx512f,avx512vl,avx512bw,avx512dq")))
#define PLANSCOPE_AVX512_VNNI \
    __attribute__((target("avx2,fma,f16c,avx512f,avx512vl,avx512bw,avx512dq,avx512vnni")))
#include <cpuid.h>
#else
#define PLANSCOPE_X86_SIMD 0
#endif

#include <cstdlib>
#include <cstring>

namespace planscope::cpu {

// The most the run-time dispatch uses: PLANSCOPE_CPU_ISA=plain, avx2 or avx512 (the default: all
// the CPU has) runs this machine as an AVX2-only or a baseline x86-64 would be, for benchmarks and
// tests; an unknown value leaves the dispatch as it is (planscope-cli info --cpu says so). The
// target_clones functions are the loader's choice and keep AVX2 under "plain".
enum class isa_level : unsigned char { plain, avx2, avx512 };
inline isa_level isa_cap() {
    static const isa_level cap = [] {
        const char* v = std::getenv("PLANSCOPE_CPU_ISA");
        if (v && std::strcmp(v, "plain") == 0) return isa_level::plain;
        if (v && std::strcmp(v, "avx2") == 0) return isa_level::avx2;
        return isa_level::avx512;
    }();
    return cap;
}

// This CPU runs AVX2, FMA and F16C code (always false off x86-64).
inline bool has_avx2() {
#if PLANSCOPE_X86_SIMD
    // F16C from CPUID (leaf 1, ECX bit 29): clang's __builtin_cpu_supports does not know "f16c".
    static const bool yes = isa_cap() >= isa_level::avx2 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && [] {
        unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
        return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0;
    }();
    return yes;
#else
    return false;
#endif
}

// This CPU also runs AVX-512 F, VL, BW and DQ (the features are only reported when the OS saves
// the 512-bit state).
inline bool has_avx512() {
#if PLANSCOPE_X86_SIMD
    static const bool yes = isa_cap() >= isa_level::avx512 && has_avx2() && __builtin_cpu_supports("avx512f") &&
                            __builtin_cpu_supports("avx512vl") &&
                            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq");
    return yes;
#else
    return false;
#endif
}

// ... and AVX-512 VNNI.
inline bool has_avx512_vnni() {
#if PLANSCOPE_X86_SIMD
    static const bool yes = has_avx512() && __builtin_cpu_supports("avx512vnni");
    return yes;
#else
    return false;
#endif
}

} // namespace planscope::cpu
