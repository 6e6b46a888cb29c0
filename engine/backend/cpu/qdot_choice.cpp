#include "qdot_choice.h"

#include "cpu_identity.h"
#include "qdot_x86.h"

#include <array>

namespace planscope::cpu {
namespace {

// A kernel that picks this CPU's decode or batch kernel of T by the activation rows.
template <dtype T>
void dispatch(const qgemm_args& g) {
    static const qgemm_fn decode = qgemm_of(T, qdot_choice_here(T).decode), batched = qgemm_of(T, qdot_choice_here(T).batched);
    (g.n == 1 ? decode : batched)(g);
}

template <dtype T>
qgemm_fn chosen(qgemm_fn decode, qgemm_fn batched) {
    return decode == batched ? decode : &dispatch<T>;
}

} // namespace

std::string_view name(qdot_isa isa) {
    switch (isa) {
    case qdot_isa::plain: return "plain";
    case qdot_isa::avx2: return "AVX2";
    case qdot_isa::vnni256: return "AVX-512 VNNI, 256-bit";
    case qdot_isa::vnni512: return "AVX-512 VNNI, 512-bit";
    }
    return "?";
}

qdot_choice choose_qdot(dtype type, bool avx2, bool avx512_vnni, const cpu_identity& cpu) {
    if (!avx512_vnni) return avx2 ? qdot_choice{qdot_isa::avx2, qdot_isa::avx2} : qdot_choice{};
    if (cpu.split_512) return {qdot_isa::vnni256, qdot_isa::vnni512};
    if (cpu.vendor == "GenuineIntel") {
        const bool k_quant = type == dtype::q2_k || type == dtype::q3_k || type == dtype::q4_k || type == dtype::q5_k ||
                             type == dtype::q6_k;
        const bool narrow_decode = k_quant || type == dtype::q8_0;
        return {narrow_decode ? qdot_isa::vnni256 : qdot_isa::vnni512, k_quant ? qdot_isa::vnni256 : qdot_isa::vnni512};
    }
    return {qdot_isa::vnni512, qdot_isa::vnni512};
}

qdot_choice qdot_choice_here(dtype type) { return choose_qdot(type, has_avx2(), has_avx512_vnni(), this_cpu()); }

qgemm_fn qgemm_of(dtype type, qdot_isa isa) {
    switch (isa) {
    case qdot_isa::plain: return plain_qgemm(type);
#if PLANSCOPE_X86_SIMD
    case qdot_isa::avx2: return has_avx2() ? avx2::qgemm(type) : nullptr;
    case qdot_isa::vnni256: return has_avx512_vnni() ? vnni256::qgemm(type) : nullptr;
    case qdot_isa::vnni512: return has_avx512_vnni() ? vnni::qgemm(type) : nullptr;
#else
    default: break;
#endif
    }
    return nullptr;
}

qgemm_fn qgemm(dtype type) {
    const qdot_choice c = qdot_choice_here(type);
    const qgemm_fn decode = qgemm_of(type, c.decode), batched = qgemm_of(type, c.batched);
    if (!decode || !batched) return plain_qgemm(type);
    switch (type) {
    case dtype::q4_0: return chosen<dtype::q4_0>(decode, batched);
    case dtype::q4_1: return chosen<dtype::q4_1>(decode, batched);
    case dtype::q5_0: return chosen<dtype::q5_0>(decode, batched);
    case dtype::q5_1: return chosen<dtype::q5_1>(decode, batched);
    case dtype::q8_0: return chosen<dtype::q8_0>(decode, batched);
    case dtype::q2_k: return chosen<dtype::q2_k>(decode, batched);
    case dtype::q3_k: return chosen<dtype::q3_k>(decode, batched);
    case dtype::q4_k: return chosen<dtype::q4_k>(decode, batched);
    case dtype::q5_k: return chosen<dtype::q5_k>(decode, batched);
    case dtype::q6_k: return chosen<dtype::q6_k>(decode, batched);
    default: return plain_qgemm(type);
    }
}

} // namespace planscope::cpu
