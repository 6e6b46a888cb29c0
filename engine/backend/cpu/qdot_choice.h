#pragma once
// Which integer dot-product kernels (qdot.h) run on this CPU, chosen by what the CPU does with
// them, not only by the features it has. With AVX-512 VNNI: 512-bit registers (two blocks a step,
// half the instructions) where the CPU runs 512-bit operations at full width; 256-bit ones for one
// activation row (decode) where it issues them as two halves (AMD Zen 4: cpu_identity.h), whose
// one-row stream of paired blocks then runs at half rate; on Intel's AVX-512 cores, 256-bit ones
// for q8_0's and the K-quants' decode and the K-quants' batches, where the 512-bit forms measured
// 3-12 % slower (bench_qdot, docs/performance.md). AVX2 without VNNI; ggml's generic loops without
// AVX2. `planscope-cli info --cpu` prints the choice.
#include "qdot.h"

#include <cstdint>
#include <string_view>

namespace planscope::cpu {

enum class qdot_isa : std::uint8_t { plain, avx2, vnni256, vnni512 };
// "plain", "AVX2", "AVX-512 VNNI, 256-bit", "AVX-512 VNNI, 512-bit"
std::string_view name(qdot_isa isa);

// For one activation row (decode) and for several (a batch).
struct qdot_choice {
    qdot_isa decode = qdot_isa::plain;
    qdot_isa batched = qdot_isa::plain;
};

struct cpu_identity;

// The policy: what weights of `type` get on a CPU with these features. Pure, for the tests' table.
qdot_choice choose_qdot(dtype type, bool avx2, bool avx512_vnni, const cpu_identity& cpu);
// This CPU's (PLANSCOPE_CPU_ISA's cap applied: simd.h).
qdot_choice qdot_choice_here(dtype type);

// The kernel of one instruction set for `type`: nullptr for a type without integer dot products,
// or an instruction set this CPU (or this build) lacks.
qgemm_fn qgemm_of(dtype type, qdot_isa isa);

} // namespace planscope::cpu
