#pragma once
// Which x86 CPU this is, beyond its feature flags: the vendor, CPUID's family / model and brand
// string, the microarchitecture they name, and whether it runs 512-bit operations as two 256-bit
// halves (AMD Zen 4), which decides between the quantised dot products' 256- and 512-bit tiles
// (qdot.h). `planscope-cli info --cpu` and bench/compare_ggml print it.
#include <string>
#include <string_view>

namespace planscope::cpu {

struct cpu_identity {
    std::string vendor;            // "AuthenticAMD", "GenuineIntel"; empty off x86
    std::string brand;             // "AMD EPYC 9R45 96-Core Processor"
    unsigned family = 0, model = 0; // CPUID's, extended fields folded in
    std::string microarchitecture; // "Zen 5"; empty when unknown
    bool split_512 = false;        // 512-bit operations issued as two 256-bit halves
};

// CPUID of this machine (once).
const cpu_identity& this_cpu();

// What a vendor, family and model are: the microarchitecture's name ("" for one Planscope does
// not know) and split_512. A virtual machine's CPUID may name another model than the host's (KVM
// shows Rocket Lake's on Xeons): an Intel CPU with AMX tiles (`amx`) is named by them. Pure, for
// the tests' table of CPUs.
cpu_identity identify(std::string_view vendor, unsigned family, unsigned model, bool amx = false);

} // namespace planscope::cpu
