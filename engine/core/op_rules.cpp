#include "op_rules.h"

#include <limits>

namespace planscope {
namespace {

error fail(const tensor& desc, const std::string& why) {
    return error{std::string(info(desc.op).name) + ": " + why};
}

std::string shape_of(const tensor& t) { return shape_string(t.ne); }

// ggml_new_tensor(type, ne): contiguous, not a view.
tensor fresh(dtype type, const std::array<std::int64_t, max_dims>& ne) {
    tensor t;
    t.type = type;
    t.ne = ne;
    t.nb = contiguous_strides(type, ne);
    return t;
}

// ggml_new_tensor_impl with a view source: re-rooted at the non-view tensor.
tensor view_of(const context& ctx, tensor_id src, std::size_t offs) {
    const tensor& s = ctx[src];
    tensor t;
    t.type = s.type;
    t.ne = s.ne;
    t.nb = s.nb;
    t.view_src = s.is_view() ? s.view_src : src;
    t.view_offs = s.is_view() ? s.view_offs + offs : offs;
    return t;
}

// ggml_dup_tensor / ggml_view_tensor: what every elementwise op returns.
tensor same_as(const context& ctx, tensor_id a, bool inplace) {
    return inplace ? view_of(ctx, a, 0) : fresh(ctx[a].type, ctx[a].ne);
}

// The bounds check of ggml_new_tensor_impl: the contiguous size of the view from its offset
// must fit in the root tensor.
status check_view_bounds(const context& ctx, const tensor& desc, const tensor& v) {
    std::size_t data = row_size(v.type, v.ne[0]);
    for (int i = 1; i < max_dims; ++i) data *= static_cast<std::size_t>(v.ne[i]);
    const std::size_t root_bytes = nbytes(ctx[v.view_src]);
    std::size_t end = 0;
    if (__builtin_add_overflow(data, v.view_offs, &end) || end > root_bytes)
        return fail(desc, "view of " + std::to_string(data) + " bytes at offset " + std::to_string(v.view_offs) +
                              " is out of bounds of '" + ctx[v.view_src].name + "' (" + std::to_string(root_bytes) +
                              " bytes)");
    return success();
}

result<tensor> infer_checked(const context& ctx, const tensor& desc, bool inplace) {
    const tensor_id ia = desc.src[0], ib = desc.src[1];
    const tensor* a = ia.valid() ? &ctx[ia] : nullptr;
    const tensor* b = ib.valid() ? &ctx[ib] : nullptr;

    switch (desc.op) {
    case op_kind::none:
        return fail(desc, "a leaf is created with new_tensor, not as an op");
    case op_kind::dup:
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::norm:
    case op_kind::rms_norm:
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero:
    case op_kind::soft_max:
        return same_as(ctx, ia, inplace);
    case op_kind::unary: {
        const auto u = desc.params.get_i32(0);
        if (u < 0 || u > static_cast<int>(unary_kind::silu)) return fail(desc, "unknown unary op " + std::to_string(u));
        return same_as(ctx, ia, inplace);
    }
    case op_kind::add:
    case op_kind::mul:
    case op_kind::div:
        if (!can_repeat(*b, *a))
            return fail(desc, "cannot broadcast " + shape_of(*b) + " to " + shape_of(*a));
        return same_as(ctx, ia, inplace);
    case op_kind::sub:
        if (!same_shape(*a, *b)) return fail(desc, "shapes differ: " + shape_of(*a) + " vs " + shape_of(*b));
        return same_as(ctx, ia, inplace);
    case op_kind::add1:
    case op_kind::scale:
        if (!is_scalar(*b)) return fail(desc, "src1 must have one element, has shape " + shape_of(*b));
        if (!is_padded_1d(*a)) return fail(desc, "src0 must be contiguous in rows");
        return same_as(ctx, ia, inplace);
    case op_kind::sum:
        return fresh(a->type, {1, 1, 1, 1});
    case op_kind::sum_rows:
        return fresh(a->type, {1, a->ne[1], a->ne[2], a->ne[3]});
    case op_kind::repeat:
        if (!can_repeat(*a, *b)) return fail(desc, "cannot repeat " + shape_of(*a) + " into " + shape_of(*b));
        return fresh(a->type, b->ne);
    case op_kind::concat:
        if (a->ne[0] != b->ne[0] || a->ne[1] != b->ne[1] || a->ne[3] != b->ne[3])
            return fail(desc, "shapes " + shape_of(*a) + " and " + shape_of(*b) + " differ outside dim 2");
        return fresh(a->type, {a->ne[0], a->ne[1], a->ne[2] + b->ne[2], a->ne[3]});
    case op_kind::mul_mat:
        if (a->ne[0] != b->ne[0] || b->ne[2] % a->ne[2] != 0 || b->ne[3] % a->ne[3] != 0)
            return fail(desc, "cannot multiply " + shape_of(*a) + " by " + shape_of(*b));
        if (is_transposed(*a)) return fail(desc, "src0 must not be transposed");
        return fresh(dtype::f32, {a->ne[1], b->ne[1], b->ne[2], b->ne[3]});
    case op_kind::cpy:
        if (nelements(*a) != nelements(*b))
            return fail(desc, "element counts differ: " + shape_of(*a) + " vs " + shape_of(*b));
        return view_of(ctx, ib, 0);
    case op_kind::cont:
        if (nelements(desc) != nelements(*a))
            return fail(desc, "cannot make " + shape_of(*a) + " contiguous as " + shape_of(desc));
        return fresh(a->type, desc.ne);
    case op_kind::reshape: {
        if (!is_contiguous(*a)) return fail(desc, "cannot reshape non-contiguous '" + a->name + "'");
        if (nelements(desc) != nelements(*a))
            return fail(desc, "cannot reshape " + shape_of(*a) + " to " + shape_of(desc));
        tensor t = view_of(ctx, ia, 0);
        t.ne = desc.ne;
        t.nb = contiguous_strides(a->type, desc.ne);
        if (auto s = check_view_bounds(ctx, desc, t); !s) return s.err();
        return t;
    }
    case op_kind::view: {
        // The offset adds to src0's own view offset; a sum that wraps is out of bounds too.
        const std::uint64_t offs = desc.params.get_u64(0);
        std::size_t total = 0;
        if (__builtin_add_overflow(a->is_view() ? a->view_offs : 0, offs, &total))
            return fail(desc, "offset " + std::to_string(offs) + " is out of bounds of '" +
                                  ctx[a->is_view() ? a->view_src : ia].name + "'");
        tensor t = view_of(ctx, ia, offs);
        t.ne = desc.ne;
        t.nb = desc.nb;
        t.nb[0] = type_size(a->type);
        if (auto s = check_view_bounds(ctx, desc, t); !s) return s.err();
        return t;
    }
    case op_kind::permute: {
        std::array<bool, max_dims> seen{};
        tensor t = view_of(ctx, ia, 0);
        for (int i = 0; i < max_dims; ++i) {
            const int ax = desc.params.get_i32(i);
            if (ax < 0 || ax >= max_dims || seen[ax]) return fail(desc, "axes must be a permutation of 0..3");
            seen[ax] = true;
            t.ne[ax] = a->ne[i];
            t.nb[ax] = a->nb[i];
        }
        return t;
    }
    case op_kind::transpose: {
        tensor t = view_of(ctx, ia, 0);
        std::swap(t.ne[0], t.ne[1]);
        std::swap(t.nb[0], t.nb[1]);
        return t;
    }
    case op_kind::get_rows:
        if (!is_matrix(*a)) return fail(desc, "src0 must be a matrix, has shape " + shape_of(*a));
        if (!is_vector(*b) || b->type != dtype::i32) return fail(desc, "src1 must be an i32 vector");
        return fresh(dtype::f32, {a->ne[0], b->ne[0], 1, 1});
    case op_kind::rope:
        if (!is_vector(*b) || b->type != dtype::i32) return fail(desc, "positions (src1) must be an i32 vector");
        if (a->ne[2] != b->ne[0])
            return fail(desc, "src0 has " + std::to_string(a->ne[2]) + " tokens (ne[2]) but " +
                                  std::to_string(b->ne[0]) + " positions");
        return same_as(ctx, ia, inplace);
    }
    return fail(desc, "unknown op");
}

} // namespace

status check_shape(dtype type, const std::array<std::int64_t, max_dims>& ne) {
    constexpr auto limit = std::numeric_limits<std::int64_t>::max() / 16;
    std::int64_t n = 1;
    for (int i = 0; i < max_dims; ++i) {
        if (ne[i] < 1) return error{"extent ne[" + std::to_string(i) + "] = " + std::to_string(ne[i]) + " is not positive"};
        if (__builtin_mul_overflow(n, ne[i], &n) || n > limit)
            return error{"shape " + shape_string(ne) + " overflows the element count"};
    }
    if (ne[0] % block_size(type) != 0)
        return error{"ne[0] = " + std::to_string(ne[0]) + " is not a multiple of the " + std::string(type_name(type)) +
                     " block size " + std::to_string(block_size(type))};
    std::size_t bytes = 0;
    if (__builtin_mul_overflow(static_cast<std::size_t>(n / block_size(type)), type_size(type), &bytes) ||
        bytes > static_cast<std::size_t>(limit))
        return error{"shape " + shape_string(ne) + " overflows the byte count"};
    return success();
}

result<tensor> infer_result(const context& ctx, const tensor& desc, bool inplace) {
    const op_info& oi = info(desc.op);
    for (int i = 0; i < max_src; ++i) {
        const bool present = desc.src[i].valid();
        if (present && !ctx.contains(desc.src[i])) return fail(desc, "src" + std::to_string(i) + " does not exist");
        if (!present && i < oi.min_src)
            return fail(desc, "src" + std::to_string(i) + " is required");
        if (present && i >= oi.max_src)
            return fail(desc, "takes " + std::to_string(oi.max_src) + " sources, src" + std::to_string(i) + " is set");
    }
    if (inplace && !oi.can_inplace && desc.op != op_kind::dup)
        return fail(desc, "has no inplace form");
    if (desc.op == op_kind::view || desc.op == op_kind::reshape || desc.op == op_kind::cont) {
        const dtype t = ctx[desc.src[0]].type;
        if (auto s = check_shape(t, desc.ne); !s) return fail(desc, s.err().message);
    }
    auto r = infer_checked(ctx, desc, inplace);
    if (!r) return r;
    tensor& t = *r;
    t.op = desc.op;
    t.params = desc.params;
    t.src = desc.src;
    return r;
}

} // namespace planscope
