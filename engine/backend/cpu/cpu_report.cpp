#include "cpu_report.h"

#include "cpu_identity.h"
#include "core/types.h"
#include "qdot_choice.h"
#include "qpack.h"
#include "simd.h"
#include "thread_pool.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

namespace planscope::cpu {
namespace {

std::string hex(unsigned v) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%x", v);
    return text;
}

// CPUID leaf 7, EDX bit 23: clang 14's __builtin_cpu_supports does not know "avx512fp16".
bool avx512fp16() {
#if PLANSCOPE_X86_SIMD
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) != 0 && (d & (1u << 23)) != 0;
#else
    return false;
#endif
}

std::string features() {
#if PLANSCOPE_X86_SIMD
    // What the hardware has, whatever the cap (the builtin takes literals only).
    const std::pair<const char*, bool> flags[] = {
        {"avx2", __builtin_cpu_supports("avx2")},         {"fma", __builtin_cpu_supports("fma")},
        {"avx512f", __builtin_cpu_supports("avx512f")},   {"avx512vl", __builtin_cpu_supports("avx512vl")},
        {"avx512bw", __builtin_cpu_supports("avx512bw")}, {"avx512dq", __builtin_cpu_supports("avx512dq")},
        {"avx512vnni", __builtin_cpu_supports("avx512vnni")}, {"avx512fp16", avx512fp16()}};
    std::string out;
    for (const auto& [name, has] : flags)
        if (has) out.append(out.empty() ? "" : " ").append(name);
    return out.empty() ? "none the kernels use" : out;
#else
    return "not x86-64: the plain loops";
#endif
}

std::string cap() {
    const char* v = std::getenv("PLANSCOPE_CPU_ISA");
    if (!v) return "all the CPU has (PLANSCOPE_CPU_ISA unset)";
    const std::string given = v;
    if (given == "plain" || given == "avx2" || given == "avx512") return "at most " + given + " (PLANSCOPE_CPU_ISA)";
    return "all the CPU has (PLANSCOPE_CPU_ISA '" + given.substr(0, 32) + "' is not plain, avx2 or avx512: ignored)";
}

} // namespace

std::string cpu_report() {
    const cpu_identity& id = this_cpu();
    std::string out = "cpu: " + (id.brand.empty() ? std::string("unknown") : id.brand);
    if (!id.vendor.empty())
        out += " (" + id.vendor + " family " + hex(id.family) + " model " + hex(id.model) + "; " +
               (id.microarchitecture.empty() ? std::string("microarchitecture unknown") : id.microarchitecture) + ")";
    out += "\nfeatures: " + features() + "\ndispatch: " + cap() + "\n";
    if (has_avx512()) out += std::string("512-bit operations: ") + (id.split_512 ? "two 256-bit halves" : "full width") + "\n";
    for (const dtype t : {dtype::q4_0, dtype::q8_0, dtype::q4_k, dtype::q6_k}) {
        const qdot_choice q = qdot_choice_here(t);
        out += "MUL_MAT " + std::string(type_name(t)) + ": " + std::string(name(q.decode)) + " for one row (decode), " +
               std::string(name(q.batched)) + " for batches\n";
    }
    std::string packed;
    for (const dtype t : {dtype::q4_0, dtype::q8_0, dtype::q4_k, dtype::q6_k})
        if (has_packed_layout(t)) packed += (packed.empty() ? "" : ", ") + std::string(type_name(t));
    const char* isa = has_avx512_vnni() ? "AVX-512 VNNI" : "AVX2";
    out += "weights packed: " + (packed.empty() ? std::string("none (the packed kernels need AVX2)")
                                                : packed + " (groups of 16 rows, " + isa + "; run --no-repack: off)") +
           "\n";
    out += std::string("f32 and f16 MUL_MAT: ") + (has_avx512() ? "AVX-512" : has_avx2() ? "AVX2" : "plain") + "\n";
    out += "threads: " + std::to_string(default_thread_count()) + " by default\n";
    return out;
}

} // namespace planscope::cpu
