#pragma once
// This machine's CPU as the CPU backend sees it, in lines for `planscope-cli info --cpu` and
// bench/compare_ggml: the CPU (brand, CPUID family and model, microarchitecture), its SIMD
// features, the dispatch's cap (PLANSCOPE_CPU_ISA, simd.h) and the kernels chosen.
#include <string>

namespace planscope::cpu {

std::string cpu_report();

} // namespace planscope::cpu
