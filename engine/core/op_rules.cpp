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

// ggml_is_contiguous_m_n(t, m, 4) of d99724f2: rows are packed, and every dimension above m follows
// on from the one below it (one of extent 1 aside); dimensions 1..m may have any stride.
bool packed_above(const tensor& t, int m) {
    std::size_t next = type_size(t.type);
    if (t.ne[0] != block_size(t.type) && t.nb[0] != next) return false;
    next *= static_cast<std::size_t>(t.ne[0] / block_size(t.type));
    for (int i = 1; i < max_dims; ++i) {
        if (i <= m) {
            next = static_cast<std::size_t>(t.ne[i]) * t.nb[i];
            continue;
        }
        if (t.ne[i] != 1 && t.nb[i] != next) return false;
        next *= static_cast<std::size_t>(t.ne[i]);
    }
    return true;
}

// ggml_is_contiguous_rows of d99724f2: the elements of a row are adjacent.
bool packed_rows(const tensor& t) { return t.ne[0] == block_size(t.type) || t.nb[0] == type_size(t.type); }

std::string type_text(const tensor& t) { return std::string(type_name(t.type)); }

// ggml_set_rows(a, b, c) of d99724f2 writes the rows of b into a at the indices c; the node's
// sources are src0 = b, src1 = c, src2 = a, and its result is ggml_view_tensor(a).
result<tensor> set_rows_result(const context& ctx, const tensor& desc) {
    const tensor& rows = ctx[desc.src[0]];
    const tensor& ids = ctx[desc.src[1]];
    const tensor& dst = ctx[desc.src[2]];
    if (dst.ne[0] != rows.ne[0] || dst.ne[2] != rows.ne[2] || dst.ne[3] != rows.ne[3])
        return fail(desc, "rows " + shape_of(rows) + " (src0) do not fit " + shape_of(dst) +
                              " (src2): ne[0], ne[2] and ne[3] must be equal");
    if (rows.ne[1] != ids.ne[0])
        return fail(desc, "src0 has " + std::to_string(rows.ne[1]) + " rows (ne[1]) but src1 " +
                              std::to_string(ids.ne[0]) + " indices (ne[0])");
    if (rows.ne[2] % ids.ne[1] != 0 || rows.ne[3] % ids.ne[2] != 0 || ids.ne[3] != 1)
        return fail(desc, "indices " + shape_of(ids) + " do not broadcast over the rows " + shape_of(rows));
    if (rows.type != dtype::f32 && rows.type != dtype::f16)
        return fail(desc, "src0 must be f32 or f16, is " + type_text(rows));
    if (ids.type != dtype::i64 && ids.type != dtype::i32)
        return fail(desc, "indices (src1) must be i64 or i32, are " + type_text(ids));
    if (!packed_rows(dst) || !packed_rows(rows)) return fail(desc, "the rows of src0 and src2 must be contiguous");
    return view_of(ctx, desc.src[2], 0);
}

// ggml_glu_impl of d99724f2: one source gives each row's two halves, two sources the same shape.
result<tensor> glu_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    const auto g = desc.params.get_i32(0);
    if (g < 0 || g > static_cast<int>(glu_kind::geglu_quick)) return fail(desc, "unknown glu op " + std::to_string(g));
    if (!packed_above(a, 1)) return fail(desc, "src0 must be contiguous (apart from its row stride)");
    auto ne = a.ne;
    if (desc.src[1].valid()) {
        const tensor& b = ctx[desc.src[1]];
        if (!packed_above(b, 1)) return fail(desc, "src1 must be contiguous (apart from its row stride)");
        if (!same_shape(a, b)) return fail(desc, "shapes differ: " + shape_of(a) + " vs " + shape_of(b));
        if (a.type != b.type) return fail(desc, "types differ: " + type_text(a) + " vs " + type_text(b));
    } else {
        ne[0] = a.ne[0] / 2;
    }
    // ggml would make an empty (or, quantised, a broken) tensor; Planscope has neither.
    if (auto s = check_shape(a.type, ne); !s) return fail(desc, "half of " + shape_of(a) + ": " + s.err().message);
    return fresh(a.type, ne);
}

// ggml_flash_attn_ext of d99724f2 (and ggml_flash_attn_ext_add_sinks for src4): the result is
// [v ne[0], q ne[2], q ne[1], q ne[3]] in f32, heads and tokens swapped as permute(0, 2, 1, 3).
result<tensor> flash_attn_result(const context& ctx, const tensor& desc) {
    const tensor& q = ctx[desc.src[0]];
    const tensor& k = ctx[desc.src[1]];
    const tensor& v = ctx[desc.src[2]];
    if (k.ne[0] != q.ne[0] || q.ne[2] % k.ne[2] != 0 || q.ne[3] % k.ne[3] != 0)
        return fail(desc, "cannot multiply k " + shape_of(k) + " by q " + shape_of(q));
    if (q.ne[3] != k.ne[3] || q.ne[3] != v.ne[3])
        return fail(desc, "q, k and v differ in ne[3]: " + shape_of(q) + ", " + shape_of(k) + ", " + shape_of(v));
    const bool masked = desc.src[3].valid();
    if (masked) {
        const tensor& mask = ctx[desc.src[3]];
        if (mask.type != dtype::f16) return fail(desc, "the mask (src3) must be f16, is " + type_text(mask));
        if (!packed_above(mask, 0)) return fail(desc, "the mask (src3) must be contiguous");
        if (q.ne[2] % mask.ne[2] != 0 || q.ne[3] % mask.ne[3] != 0)
            return fail(desc, "the mask " + shape_of(mask) + " does not broadcast over q " + shape_of(q));
    }
    if (desc.params.get_f32(1) > 0.0f && !masked) return fail(desc, "max_bias > 0 needs a mask (src3)");
    if (desc.src[4].valid()) {
        const tensor& sinks = ctx[desc.src[4]];
        if (sinks.ne[0] != q.ne[2])
            return fail(desc, "sinks (src4) have " + std::to_string(sinks.ne[0]) + " values for " +
                                  std::to_string(q.ne[2]) + " heads (q ne[2])");
        if (sinks.type != dtype::f32) return fail(desc, "sinks (src4) must be f32, are " + type_text(sinks));
    }
    return fresh(dtype::f32, {v.ne[0], q.ne[2], q.ne[1], q.ne[3]});
}

// ggml_add_id of d99724f2: a plus, for each of its rows, the row of b that ids names.
result<tensor> add_id_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    const tensor& b = ctx[desc.src[1]];
    const tensor& ids = ctx[desc.src[2]];
    if (a.ne[0] != b.ne[0])
        return fail(desc, "rows differ in length: " + shape_of(a) + " vs " + shape_of(b));
    if (a.ne[1] != ids.ne[0] || a.ne[2] != ids.ne[1])
        return fail(desc, "ids (src2) " + shape_of(ids) + " must be [" + std::to_string(a.ne[1]) + ", " +
                              std::to_string(a.ne[2]) + ", ...] (src0 ne[1], ne[2])");
    if (ids.type != dtype::i32) return fail(desc, "ids (src2) must be i32, are " + type_text(ids));
    return fresh(a.type, a.ne);
}

// ggml_soft_max_impl and ggml_soft_max_add_sinks of d99724f2; without a mask and sinks it is the
// 2023 soft_max (which asserted nothing, hence contiguity is checked only with a mask).
result<tensor> soft_max_result(const context& ctx, const tensor& desc, bool inplace) {
    const tensor& a = ctx[desc.src[0]];
    if (desc.src[1].valid()) {
        const tensor& mask = ctx[desc.src[1]];
        if (!is_contiguous(a)) return fail(desc, "src0 must be contiguous");
        if (mask.type != dtype::f16 && mask.type != dtype::f32)
            return fail(desc, "the mask (src1) must be f16 or f32, is " + type_text(mask));
        if (!is_contiguous(mask)) return fail(desc, "the mask (src1) must be contiguous");
        if (mask.ne[0] != a.ne[0] || mask.ne[1] < a.ne[1] || a.ne[2] % mask.ne[2] != 0 || a.ne[3] % mask.ne[3] != 0)
            return fail(desc, "the mask " + shape_of(mask) + " does not cover " + shape_of(a) +
                                  " (ne[0] equal, ne[1] at least as large, ne[2] and ne[3] broadcast)");
    } else if (desc.params.get_f32(1) > 0.0f) {
        return fail(desc, "max_bias > 0 needs a mask (src1)");
    }
    if (desc.src[2].valid()) {
        const tensor& sinks = ctx[desc.src[2]];
        if (sinks.ne[0] != a.ne[2])
            return fail(desc, "sinks (src2) have " + std::to_string(sinks.ne[0]) + " values for " +
                                  std::to_string(a.ne[2]) + " heads (src0 ne[2])");
        if (sinks.type != dtype::f32) return fail(desc, "sinks (src2) must be f32, are " + type_text(sinks));
    }
    return same_as(ctx, desc.src[0], inplace);
}

// ggml_concat: d99724f2 joins along op param 0; 2023's joined along dim 2 (the param's default).
result<tensor> concat_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    const tensor& b = ctx[desc.src[1]];
    const int dim = desc.params.get_i32(0);
    if (dim < 0 || dim >= max_dims) return fail(desc, "dim " + std::to_string(dim) + " is not 0..3");
    if (a.type != b.type) return fail(desc, "types differ: " + type_text(a) + " vs " + type_text(b));
    auto ne = a.ne;
    for (int i = 0; i < max_dims; ++i) {
        if (i == dim) continue;
        if (a.ne[i] != b.ne[i])
            return fail(desc, "shapes " + shape_of(a) + " and " + shape_of(b) + " differ outside dim " +
                                  std::to_string(dim));
    }
    ne[dim] = a.ne[dim] + b.ne[dim]; // no overflow: both are below 2^59
    if (auto s = check_shape(a.type, ne); !s) return fail(desc, s.err().message);
    return fresh(a.type, ne);
}

// ggml_repeat of 2023 (b is src1 and gives the shape) or ggml_repeat_4d of d99724f2 (desc.ne).
result<tensor> repeat_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    if (desc.src[1].valid()) {
        const tensor& b = ctx[desc.src[1]];
        if (!can_repeat(a, b)) return fail(desc, "cannot repeat " + shape_of(a) + " into " + shape_of(b));
        return fresh(a.type, b.ne);
    }
    for (int i = 0; i < max_dims; ++i)
        if (desc.ne[i] % a.ne[i] != 0)
            return fail(desc, "cannot repeat " + shape_of(a) + " into " + shape_string(desc.ne));
    return fresh(a.type, desc.ne);
}

// ggml_get_rows of d99724f2: rows of each matrix of a at the indices of b's matching row; f32
// (i32 when a is i32). 2023's is the case of a matrix and a vector.
result<tensor> get_rows_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    const tensor& b = ctx[desc.src[1]];
    if (b.type != dtype::i32)
        return fail(desc, "src1 must be an i32 vector (or one per matrix of src0), is " + type_text(b));
    if (a.ne[2] != b.ne[1] || a.ne[3] != b.ne[2] || b.ne[3] != 1)
        return fail(desc, "indices " + shape_of(b) + " do not match the matrices of " + shape_of(a) +
                              " (src1 ne[1], ne[2] must be src0 ne[2], ne[3])");
    return fresh(a.type == dtype::i32 ? dtype::i32 : dtype::f32, {a.ne[0], b.ne[0], b.ne[1], b.ne[2]});
}

// ggml_rope_impl of d99724f2: one position per token, four with MROPE (mode bit 8).
result<tensor> rope_result(const context& ctx, const tensor& desc, bool inplace) {
    const tensor& a = ctx[desc.src[0]];
    const tensor& b = ctx[desc.src[1]];
    if (!is_vector(b) || b.type != dtype::i32) return fail(desc, "positions (src1) must be an i32 vector");
    const bool mrope = (desc.params.get_i32(2) & 8) != 0;
    if (b.ne[0] != (mrope ? 4 : 1) * a.ne[2])
        return fail(desc, "src0 has " + std::to_string(a.ne[2]) + " tokens (ne[2]) but " + std::to_string(b.ne[0]) +
                              " positions" + (mrope ? " (multi-section rope takes 4 per token)" : ""));
    if (desc.src[2].valid()) {
        const tensor& f = ctx[desc.src[2]];
        const int n_dims = desc.params.get_i32(1);
        if (f.type != dtype::f32) return fail(desc, "frequency factors (src2) must be f32, are " + type_text(f));
        if (f.ne[0] < n_dims / 2)
            return fail(desc, "frequency factors (src2) have " + std::to_string(f.ne[0]) + " values for " +
                                  std::to_string(n_dims / 2) + " pairs (n_dims / 2)");
    }
    return same_as(ctx, desc.src[0], inplace);
}

// ggml_mul_mat_id of d99724f2.
result<tensor> mul_mat_id_result(const context& ctx, const tensor& desc) {
    const tensor& as = ctx[desc.src[0]];
    const tensor& b = ctx[desc.src[1]];
    const tensor& ids = ctx[desc.src[2]];
    if (is_transposed(as)) return fail(desc, "the experts (src0) must not be transposed");
    if (ids.type != dtype::i32) return fail(desc, "ids (src2) must be i32, are " + type_text(ids));
    if (as.ne[3] != 1 || b.ne[3] != 1 || ids.ne[2] != 1 || ids.ne[3] != 1)
        return fail(desc, "src0 and src1 must be 3d and ids 2d: " + shape_of(as) + ", " + shape_of(b) + ", " +
                              shape_of(ids));
    if (ids.ne[1] != b.ne[2])
        return fail(desc, "ids " + shape_of(ids) + " must have a row per token of src1 " + shape_of(b) + " (ne[2])");
    if (as.ne[0] != b.ne[0]) return fail(desc, "cannot multiply " + shape_of(as) + " by " + shape_of(b));
    if (ids.ne[0] % b.ne[1] != 0)
        return fail(desc, "ids " + shape_of(ids) + " do not broadcast over the rows of src1 " + shape_of(b));
    return fresh(dtype::f32, {as.ne[1], ids.ne[0], b.ne[2], 1});
}

// ggml_pad_ext of d99724f2: each extent grows by its left and right padding.
result<tensor> pad_result(const context& ctx, const tensor& desc) {
    const tensor& a = ctx[desc.src[0]];
    auto ne = a.ne;
    for (int i = 0; i < max_dims; ++i)
        ne[i] += static_cast<std::int64_t>(desc.params.get_i32(2 * i)) + desc.params.get_i32(2 * i + 1);
    if (auto s = check_shape(a.type, ne); !s) return fail(desc, "padded " + shape_of(a) + ": " + s.err().message);
    return fresh(a.type, ne);
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
        return same_as(ctx, ia, inplace);
    case op_kind::soft_max:
        return soft_max_result(ctx, desc, inplace);
    case op_kind::unary: {
        const auto u = desc.params.get_i32(0);
        if (u < 0 || u >= unary_kind_count) return fail(desc, "unknown unary op " + std::to_string(u));
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
    case op_kind::scale:
        if (!b) { // ggml d99724f2: the factor is a parameter
            if (!is_padded_1d(*a)) return fail(desc, "src0 must be contiguous in rows");
            return same_as(ctx, ia, inplace);
        }
        [[fallthrough]];
    case op_kind::add1:
        if (!is_scalar(*b)) return fail(desc, "src1 must have one element, has shape " + shape_of(*b));
        if (!is_padded_1d(*a)) return fail(desc, "src0 must be contiguous in rows");
        return same_as(ctx, ia, inplace);
    case op_kind::sum:
        return fresh(a->type, {1, 1, 1, 1});
    case op_kind::sum_rows:
        return fresh(a->type, {1, a->ne[1], a->ne[2], a->ne[3]});
    case op_kind::repeat:
        return repeat_result(ctx, desc);
    case op_kind::concat:
        return concat_result(ctx, desc);
    case op_kind::mul_mat:
        if (a->ne[0] != b->ne[0] || b->ne[2] % a->ne[2] != 0 || b->ne[3] % a->ne[3] != 0)
            return fail(desc, "cannot multiply " + shape_of(*a) + " by " + shape_of(*b));
        if (is_transposed(*a)) return fail(desc, "src0 must not be transposed");
        return fresh(dtype::f32, {a->ne[1], b->ne[1], b->ne[2], b->ne[3]});
    case op_kind::cpy:
        // ggml_cast: a new tensor of the requested type (its src1 is itself in ggml).
        if (!b) {
            if (auto s = check_shape(desc.type, a->ne); !s)
                return fail(desc, "cast to " + std::string(type_name(desc.type)) + ": " + s.err().message);
            return fresh(desc.type, a->ne);
        }
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
        return get_rows_result(ctx, desc);
    case op_kind::rope:
        return rope_result(ctx, desc, inplace);
    case op_kind::set_rows:
        return set_rows_result(ctx, desc);
    case op_kind::glu:
        return glu_result(ctx, desc);
    case op_kind::flash_attn_ext:
        return flash_attn_result(ctx, desc);
    case op_kind::add_id:
        return add_id_result(ctx, desc);
    case op_kind::mul_mat_id:
        return mul_mat_id_result(ctx, desc);
    case op_kind::argsort: {
        const auto order = desc.params.get_i32(0);
        if (order != 0 && order != 1) return fail(desc, "unknown sort order " + std::to_string(order));
        if (a->ne[0] > std::numeric_limits<std::int32_t>::max())
            return fail(desc, "rows of " + std::to_string(a->ne[0]) + " values have no i32 indices");
        return fresh(dtype::i32, a->ne);
    }
    case op_kind::top_k:
        if (desc.ne[0] > a->ne[0])
            return fail(desc, "k = " + std::to_string(desc.ne[0]) + " is more than the " + std::to_string(a->ne[0]) +
                                  " values of a row");
        if (desc.ne[1] != a->ne[1] || desc.ne[2] != a->ne[2] || desc.ne[3] != a->ne[3])
            return fail(desc, "the result " + shape_string(desc.ne) + " must have the rows of " + shape_of(*a));
        return fresh(dtype::i32, desc.ne);
    case op_kind::clamp:
        return view_of(ctx, ia, 0); // ggml_clamp's ggml_view_tensor: always a view of src0
    case op_kind::fill:
        if (a->type != dtype::f32 && a->type != dtype::f16)
            return fail(desc, "src0 must be f32 or f16, is " + type_text(*a));
        if (!is_contiguous(*a)) return fail(desc, "src0 must be contiguous");
        return same_as(ctx, ia, inplace);
    case op_kind::pad:
        return pad_result(ctx, desc);
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

op_params default_params(op_kind op) {
    op_params p;
    for (const op_param_desc& d : info(op).params) {
        if (d.kind == param_kind::f32) p.set_f32(d.slot, d.default_f32);
        if (d.kind == param_kind::i32) p.set_i32(d.slot, d.default_i32);
    }
    return p;
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
    // Ops whose result shape is an argument: desc.ne.
    const bool shaped = desc.op == op_kind::view || desc.op == op_kind::reshape || desc.op == op_kind::cont ||
                        desc.op == op_kind::top_k || (desc.op == op_kind::repeat && !desc.src[1].valid());
    if (shaped) {
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
