#include "cpu_identity.h"

#include "simd.h"

#include <array>
#include <cstring>
#include <initializer_list>

namespace planscope::cpu {
namespace {

struct range {
    unsigned first, last;
};

bool in(unsigned model, std::initializer_list<range> ranges) {
    for (const range& r : ranges)
        if (model >= r.first && model <= r.last) return true;
    return false;
}

// AMD's families 17h-1Ah (the models of each Zen generation, from AMD's revision guides).
std::string amd(unsigned family, unsigned model) {
    if (family == 0x17) return model < 0x30 ? "Zen / Zen+" : "Zen 2";
    if (family == 0x19) {
        if (in(model, {{0x10, 0x1f}, {0x60, 0x7f}, {0xa0, 0xaf}})) return "Zen 4";
        return "Zen 3";
    }
    if (family == 0x1a) return "Zen 5";
    return {};
}

// Intel's family 6 cores with AVX2 (model numbers as the kernel's intel-family.h lists them).
std::string intel(unsigned family, unsigned model) {
    if (family != 6) return {};
    struct named {
        unsigned model;
        const char* name;
    };
    static constexpr std::array<named, 31> cores{{
        {0x3c, "Haswell"}, {0x3f, "Haswell"}, {0x45, "Haswell"}, {0x46, "Haswell"},
        {0x3d, "Broadwell"}, {0x47, "Broadwell"}, {0x4f, "Broadwell"}, {0x56, "Broadwell"},
        {0x4e, "Skylake"}, {0x5e, "Skylake"}, {0x55, "Skylake-SP / Cascade Lake"},
        {0x8e, "Kaby Lake / Coffee Lake"}, {0x9e, "Kaby Lake / Coffee Lake"}, {0xa5, "Comet Lake"},
        {0x7d, "Ice Lake"}, {0x7e, "Ice Lake"}, {0x6a, "Ice Lake-SP"}, {0x6c, "Ice Lake-SP"},
        {0x8c, "Tiger Lake"}, {0x8d, "Tiger Lake"}, {0xa7, "Rocket Lake"},
        {0x97, "Alder Lake"}, {0x9a, "Alder Lake"}, {0xb7, "Raptor Lake"}, {0xba, "Raptor Lake"},
        {0xbf, "Raptor Lake"}, {0xaa, "Meteor Lake"}, {0x8f, "Sapphire Rapids"},
        {0xcf, "Emerald Rapids"}, {0xad, "Granite Rapids"}, {0xae, "Granite Rapids"},
    }};
    for (const named& c : cores)
        if (c.model == model) return c.name;
    return {};
}

} // namespace

cpu_identity identify(std::string_view vendor, unsigned family, unsigned model, bool amx) {
    cpu_identity id;
    id.vendor = std::string(vendor);
    id.family = family;
    id.model = model;
    if (vendor == "AuthenticAMD") id.microarchitecture = amd(family, model);
    else if (vendor == "GenuineIntel") id.microarchitecture = intel(family, model);
    // Only Sapphire Rapids and its successors have AMX, whatever model number a guest is shown.
    if (vendor == "GenuineIntel" && amx && !id.microarchitecture.ends_with("Rapids"))
        id.microarchitecture = "Sapphire Rapids or later (AMX)";
    id.split_512 = id.microarchitecture == "Zen 4";
    return id;
}

const cpu_identity& this_cpu() {
    static const cpu_identity id = [] {
#if PLANSCOPE_X86_SIMD
        unsigned a = 0, b = 0, c = 0, d = 0;
        if (__get_cpuid(0, &a, &b, &c, &d) == 0) return cpu_identity{};
        char vendor[13] = {};
        std::memcpy(vendor, &b, 4);
        std::memcpy(vendor + 4, &d, 4);
        std::memcpy(vendor + 8, &c, 4);
        __get_cpuid(1, &a, &b, &c, &d);
        const unsigned base_family = (a >> 8) & 0xf, base_model = (a >> 4) & 0xf;
        // The extended family adds to family 0Fh; the extended model extends families 06h and 0Fh.
        const unsigned family = base_family == 0xf ? base_family + ((a >> 20) & 0xff) : base_family;
        const unsigned model = base_family == 0x6 || base_family == 0xf ? (((a >> 16) & 0xf) << 4) | base_model : base_model;
        // AMX tiles: CPUID leaf 7, EDX bit 24 (AMX-TILE).
        unsigned a7 = 0, b7 = 0, c7 = 0, d7 = 0;
        const bool amx = __get_cpuid_count(7, 0, &a7, &b7, &c7, &d7) != 0 && (d7 & (1u << 24)) != 0;
        cpu_identity out = identify(vendor, family, model, amx);
        char brand[49] = {};
        if (__get_cpuid_max(0x80000000, nullptr) >= 0x80000004)
            for (unsigned leaf = 0; leaf < 3; ++leaf) {
                __get_cpuid(0x80000002 + leaf, &a, &b, &c, &d);
                const unsigned words[4] = {a, b, c, d};
                std::memcpy(brand + 16 * leaf, words, 16);
            }
        out.brand = brand;
        while (!out.brand.empty() && out.brand.back() == ' ') out.brand.pop_back();
        return out;
#else
        return cpu_identity{};
#endif
    }();
    return id;
}

} // namespace planscope::cpu
