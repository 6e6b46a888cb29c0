// A device profile's answers to the questions ggml's scheduler, allocator and llama.cpp's loader
// ask a device: supports_op, offload_op and get_alloc_size (docs/devices.md).
#include "device/device_profile.h"

#include "core/context.h"
#include "io/json_detail.h"

#include <algorithm>
#include <array>
#include <limits>

// Unity builds batch engine files together: the helpers' own namespace keeps their names apart.
namespace planscope::device_impl {
namespace {

constexpr std::array<std::string_view, 5> device_kind_names{"cpu", "gpu", "igpu", "accel", "rpc"};
constexpr std::array<std::string_view, 4> alloc_extra_names{"none", "cuda", "metal", "amx"};

template <class Enum, std::size_t N>
std::optional<Enum> enum_from_name(const std::array<std::string_view, N>& names, std::string_view s) {
    const auto it = std::find(names.begin(), names.end(), s);
    if (it == names.end()) return std::nullopt;
    return static_cast<Enum>(it - names.begin());
}

template <class T>
bool contains_value(const std::vector<T>& list, const T& v) {
    return std::find(list.begin(), list.end(), v) != list.end();
}

const tensor* source(const context& ctx, const tensor& node, int i) {
    const tensor_id id = node.src[static_cast<std::size_t>(i)];
    return ctx.contains(id) ? &ctx[id] : nullptr;
}

bool rule_matches(const device_op_rule& r, const context& ctx, const tensor& node) {
    if (r.op && node.op != *r.op) return false;
    if (r.unary && (node.op != op_kind::unary || static_cast<unary_kind>(node.params.get_i32(0)) != *r.unary))
        return false;
    if (!r.type.empty() && !contains_value(r.type, node.type)) return false;
    for (std::size_t i = 0; i < r.src_types.size() && i < static_cast<std::size_t>(max_src); ++i) {
        if (r.src_types[i].empty()) continue;
        const tensor* s = source(ctx, node, static_cast<int>(i));
        if (!s || !contains_value(r.src_types[i], s->type)) return false; // a missing source is no match
    }
    if (r.max_ne0 || !r.ne0_in.empty() || r.ne0_multiple_of) {
        const tensor* s0 = source(ctx, node, 0);
        if (!s0) return false;
        const std::int64_t ne0 = s0->ne[0];
        if (r.max_ne0 && ne0 > *r.max_ne0) return false;
        if (!r.ne0_in.empty() && !contains_value(r.ne0_in, ne0)) return false;
        if (r.ne0_multiple_of && ne0 % *r.ne0_multiple_of != 0) return false;
    }
    if (r.param && (r.param->index < 0 || r.param->index >= max_op_params ||
                    !contains_value(r.param->in, node.params.get_i32(r.param->index))))
        return false;
    if (r.contiguous) {
        for (int i = 0; i < max_src; ++i) {
            const tensor* s = source(ctx, node, i);
            if (s && !is_contiguous(*s)) return false;
        }
    }
    return true;
}

// ggml's get_op_batch_size of ggml-cuda.cu and ggml-vulkan.cpp.
std::int64_t op_batch_size(const tensor& node) {
    switch (node.op) {
    case op_kind::get_rows:
        return 0;
    case op_kind::mul_mat:
        return node.ne[1];
    case op_kind::mul_mat_id:
    case op_kind::rope:
        return node.ne[2];
    default:
        return nrows(node);
    }
}

// Byte counts that remember an overflow instead of wrapping.
struct dev_bytes {
    std::uint64_t v = 0;
    bool over = false;
};
dev_bytes dev_count(std::int64_t n) { return {static_cast<std::uint64_t>(n), n < 0}; }
dev_bytes operator+(dev_bytes a, dev_bytes b) {
    dev_bytes r;
    r.over = a.over || b.over || __builtin_add_overflow(a.v, b.v, &r.v);
    return r;
}
dev_bytes operator*(dev_bytes a, dev_bytes b) {
    dev_bytes r;
    r.over = a.over || b.over || __builtin_mul_overflow(a.v, b.v, &r.v);
    return r;
}
dev_bytes dev_pad(dev_bytes a, std::uint64_t to) {
    const std::uint64_t rest = a.v % to;
    return rest == 0 ? a : a + dev_bytes{to - rest};
}
dev_bytes dev_ne(const tensor& t, int d) { return dev_count(t.ne[static_cast<std::size_t>(d)]); }
dev_bytes dev_nb(const tensor& t, int d) { return {t.nb[static_cast<std::size_t>(d)]}; }
dev_bytes dev_nelements(const tensor& t) { return dev_ne(t, 0) * dev_ne(t, 1) * dev_ne(t, 2) * dev_ne(t, 3); }

// ggml_cuda_flash_attn_ext_get_alloc_size (fattn.cu:546) with ggml_cuda_flash_attn_ext_get_f16_extra_data
// (fattn-common.cuh:53): after the result, at 128-byte boundaries, f16 copies of K and V where the
// kernel needs them. The kernel is taken as the vector one for a single query row where it can run
// (ggml_cuda_get_best_fattn_kernel: head size at most 256, a multiple of 64 but not 192, the cache
// a multiple of FATTN_KQ_STRIDE 256), which needs only an f32 K or V converted; the MMA, tile and
// WMMA kernels of every other batch convert any type but f16.
dev_bytes cuda_flash_attn_size(const context& ctx, const tensor& dst, dev_bytes size) {
    const tensor* q = source(ctx, dst, 0);
    const tensor* k = source(ctx, dst, 1);
    const tensor* v = source(ctx, dst, 2);
    if (!q || !k || !v) return size;
    const bool vec = q->ne[1] == 1 && q->ne[0] <= 256 && q->ne[0] % 64 == 0 && q->ne[0] != 192 && k->ne[1] % 256 == 0;
    const bool need_k = (vec ? k->type == dtype::f32 : true) && k->type != dtype::f16;
    const bool need_v = (vec ? v->type == dtype::f32 : true) && v->type != dtype::f16;
    const bool v_is_k_view =
        v->is_view() && (v->view_src == dst.src[1] || (v->view_src == k->view_src && v->view_offs == k->view_offs));
    const dev_bytes f16{type_size(dtype::f16)};
    if (need_k) size = dev_pad(size, 128) + dev_nelements(*k) * f16;
    if (need_v && !v_is_k_view) size = dev_pad(size, 128) + dev_nelements(*v) * f16; // else V shares K's copy
    return size;
}

// ggml_backend_metal_buffer_type_get_alloc_size (ggml-metal.cpp:213) and the sizes it adds
// (ggml-metal-ops.cpp:2270-2284, 2531-2639; OP_FLASH_ATTN_EXT_* of ggml-metal-impl.h:106-110).
dev_bytes metal_extra_size(const context& ctx, const tensor& dst, dev_bytes size) {
    const dev_bytes i32{type_size(dtype::i32)};
    switch (dst.op) {
    case op_kind::mul_mat_id: {
        const tensor* as = source(ctx, dst, 0);
        const tensor* ids = source(ctx, dst, 2);
        if (!as || !ids) return size;
        return size + i32 * dev_ne(*as, 2) + i32 * dev_ne(*as, 2) * dev_ne(*ids, 1);
    }
    case op_kind::flash_attn_ext: {
        const tensor* q = source(ctx, dst, 0);
        const tensor* k = source(ctx, dst, 1);
        const tensor* v = source(ctx, dst, 2);
        const tensor* mask = source(ctx, dst, 3);
        if (!q || !k || !v) return size;
        constexpr std::int64_t ncpsg = 64, nqptg = 8, vec_ncpsg = 32, vec_nqptg = 1;
        const dev_bytes f16{type_size(dtype::f16)};
        // Room for 64 more cache rows of K, V and the mask (a padded last block), always reserved.
        dev_bytes pad = dev_nb(*k, 1) * dev_ne(*k, 2) * dev_ne(*k, 3) + dev_nb(*v, 1) * dev_ne(*v, 2) * dev_ne(*v, 3);
        if (mask) pad = pad + f16 * dev_ne(*mask, 1) * dev_ne(*mask, 2) * dev_ne(*mask, 3);
        size = size + dev_bytes{ncpsg} * pad;
        if (mask) { // one byte per block of the mask
            const bool vec = q->ne[1] < 20 && q->ne[0] % 32 == 0;
            const std::int64_t qpt = vec ? vec_nqptg : nqptg, cps = vec ? vec_ncpsg : ncpsg;
            const std::int64_t ne1 = (q->ne[1] + qpt - 1) / qpt, ne0 = (mask->ne[0] + cps - 1) / cps;
            size = size + dev_pad(dev_count(ne0) * dev_count(ne1) * dev_ne(*mask, 2) * dev_ne(*mask, 3), 32);
        }
        // The partial results of 32 workgroups: V's head size plus S and M per query row.
        const std::int64_t rows = std::min<std::int64_t>(q->ne[1], 32);
        return size + dev_bytes{type_size(dtype::f32)} * dev_count(rows) * dev_ne(*q, 2) * dev_ne(*q, 3) *
                          dev_bytes{32} * (dev_ne(*v, 0) + dev_bytes{2});
    }
    case op_kind::argsort:
        return size * dev_bytes{2};
    case op_kind::top_k: {
        const tensor* a = source(ctx, dst, 0);
        return a ? dev_bytes{2} * i32 * dev_nelements(*a) : size;
    }
    default:
        return size;
    }
}

// ggml_backend_amx_get_alloc_size (amx/mmq.cpp:2267, get_row_size 246): per row of ne[1], the
// K / block blocks plus an int32 compensation per block for q8_0, 4 bytes per block for q4_K and
// q5_K, 2 for iq4_xs; a type without AMX kernels (f16) keeps its nbytes. ne[2] and ne[3] do not count.
dev_bytes amx_weight_size(const tensor& t, dev_bytes nbytes) {
    std::uint64_t extra = 0;
    switch (t.type) {
    case dtype::q4_0:
    case dtype::q4_1:
    case dtype::q6_k: break;
    case dtype::q8_0:
    case dtype::q4_k:
    case dtype::q5_k: extra = 4; break;
    case dtype::iq4_xs: extra = 2; break;
    default: return nbytes;
    }
    const std::int64_t blocks = t.ne[0] / block_size(t.type);
    return dev_count(t.ne[1]) * dev_count(blocks) * (dev_bytes{type_size(t.type)} + dev_bytes{extra});
}

result<std::size_t> alloc_size(const device_buffer_type& b, const context* ctx, const tensor& t) {
    std::size_t bytes = 0;
    if (!json_detail::checked_nbytes(t, bytes))
        return error{"the size of tensor " + json_detail::quote(t.name) + " overflows"};
    dev_bytes size{bytes};
    if (ctx && b.alloc_extra == device_alloc_extra::cuda && t.op == op_kind::flash_attn_ext)
        size = cuda_flash_attn_size(*ctx, t, size);
    if (ctx && b.alloc_extra == device_alloc_extra::metal) size = metal_extra_size(*ctx, t, size);
    if (b.alloc_extra == device_alloc_extra::amx) size = amx_weight_size(t, size);
    // ggml_backend_cuda_buffer_type_get_alloc_size (ggml-cuda.cu:834): the last row padded.
    const std::int64_t pad = b.quantized_row_padding;
    if (pad > 0 && traits(t.type).quantized && t.ne[0] % pad != 0) {
        const std::int64_t more = pad - t.ne[0] % pad;
        if (more % block_size(t.type) != 0)
            return error{"the row padding of " + std::to_string(pad) + " is not a whole number of " +
                         std::string(type_name(t.type)) + " blocks"};
        size = size + dev_bytes{row_size(t.type, more)};
    }
    if (size.over || size.v > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return error{"the allocation size of tensor " + json_detail::quote(t.name) + " in " +
                     json_detail::quote(b.name) + " overflows"};
    return static_cast<std::size_t>(size.v);
}

} // namespace
} // namespace planscope::device_impl

namespace planscope {

std::string_view name(device_kind k) {
    const auto i = static_cast<std::size_t>(k);
    return i < device_impl::device_kind_names.size() ? device_impl::device_kind_names[i] : std::string_view{"?"};
}

std::optional<device_kind> parse_device_kind(std::string_view s) {
    return device_impl::enum_from_name<device_kind>(device_impl::device_kind_names, s);
}

std::string_view name(device_alloc_extra e) {
    const auto i = static_cast<std::size_t>(e);
    return i < device_impl::alloc_extra_names.size() ? device_impl::alloc_extra_names[i] : std::string_view{"?"};
}

std::optional<device_alloc_extra> parse_device_alloc_extra(std::string_view s) {
    return device_impl::enum_from_name<device_alloc_extra>(device_impl::alloc_extra_names, s);
}

bool device_supports_op(const device_profile& d, const context& ctx, const tensor& node) {
    for (const device_op_rule& r : d.supports)
        if (device_impl::rule_matches(r, ctx, node)) return r.supported;
    return true;
}

bool device_offloads_op(const device_profile& d, const tensor& node) {
    if (d.offload.min_batch_size <= 0) return false;
    if (!d.offload.ops.empty() && !device_impl::contains_value(d.offload.ops, node.op)) return false;
    return device_impl::op_batch_size(node) >= d.offload.min_batch_size;
}

result<std::size_t> device_alloc_size(const device_buffer_type& b, const tensor& t) {
    return device_impl::alloc_size(b, nullptr, t);
}

result<std::size_t> device_alloc_size(const device_buffer_type& b, const context& ctx, const tensor& t) {
    return device_impl::alloc_size(b, &ctx, t);
}

} // namespace planscope
