// ggml-cpu da46e59c: ggml_backend_cpu_get_extra_buffer_types (ggml-cpu.cpp 42-71), the repack
// buffer type (repack.cpp 4528-4836) and the AMX one (amx/amx.cpp 121-250, amx/common.h 106).
#include "llm/llm_cpu_extra.h"

#include "core/context.h"

#include <algorithm>

namespace planscope {
namespace {

bool has(const device_profile& cpu, std::string_view flag) {
    return std::find(cpu.cpu_features.begin(), cpu.cpu_features.end(), flag) != cpu.cpu_features.end();
}

const tensor* src(const context& ctx, const tensor& node, int i) {
    const tensor_id id = node.src[static_cast<std::size_t>(i)];
    return ctx.contains(id) ? &ctx[id] : nullptr;
}

// The AMX kernels' block of K (amx.cpp supports_op): TILE_K for the 32-blocks, QK_K for the K-quants.
std::int64_t amx_k_alignment(dtype t) {
    switch (t) {
    case dtype::q4_0:
    case dtype::q4_1:
    case dtype::q8_0: return 32;
    case dtype::q4_k:
    case dtype::q5_k:
    case dtype::q6_k:
    case dtype::iq4_xs: return 256;
    case dtype::f16: return 16;
    default: return 0;
    }
}

} // namespace

std::vector<llm_cpu_extra_buffer> llm_cpu_extra_buffers(const device_profile& cpu) {
    std::vector<llm_cpu_extra_buffer> out;
    if (cpu.kind != device_kind::cpu) return out;
    if (has(cpu, "amx_int8") && has(cpu, "avx512_vnni"))
        out.push_back({llm_cpu_extra::amx, {"AMX", 32, SIZE_MAX, false, 0, device_alloc_extra::amx}});
    out.push_back({llm_cpu_extra::repack, {"CPU_REPACK", 32, SIZE_MAX, false, 0, device_alloc_extra::none}});
    return out;
}

bool llm_repack_layout(const device_profile& cpu, const tensor& w) {
    switch (w.type) {
    case dtype::q4_0:
    case dtype::q4_k:
    case dtype::iq4_nl:
    case dtype::mxfp4: return has(cpu, "avx2") && w.ne[1] % 8 == 0;
    case dtype::q2_k: return has(cpu, "avx512f") && w.ne[1] % 8 == 0;
    default: return false;
    }
}

bool llm_cpu_extra_supports(llm_cpu_extra kind, const device_profile& cpu, const context& ctx, const tensor& probe) {
    const tensor* w = src(ctx, probe, 0);
    const tensor* b = src(ctx, probe, 1);
    if (!w || !b || b->type != dtype::f32) return false;
    switch (kind) {
    case llm_cpu_extra::repack:
        if (probe.op == op_kind::mul_mat) return n_dims(*w) == 2 && llm_repack_layout(cpu, *w);
        if (probe.op == op_kind::mul_mat_id) return n_dims(*w) == 3 && llm_repack_layout(cpu, *w);
        return false;
    case llm_cpu_extra::amx: {
        if (probe.op != op_kind::mul_mat || !is_contiguous(*w) || !is_contiguous(*b)) return false;
        const std::int64_t k = amx_k_alignment(w->type);
        return probe.ne[0] % 32 == 0 && k > 0 && w->ne[0] % k == 0;
    }
    }
    return false;
}

} // namespace planscope
