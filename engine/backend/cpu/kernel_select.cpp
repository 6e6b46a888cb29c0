#include "kernel_select.h"

#include "convert.h"
#include "kernels.h"
#include "qdot.h"
#include "quant.h"
#include "quantize.h"

#include <cstdint>

namespace planscope::cpu {
namespace {

std::string type_of(const strided_tensor& t) { return std::string(type_name(t.type)); }

error unsupported(const exec_node& n, const std::string& why) {
    return error{"CPU backend: " + std::string(info(n.op).name) + " '" + n.name + "': " + why};
}

bool float_types(std::initializer_list<const strided_tensor*> ts) {
    for (const auto* t : ts)
        if (!is_float_type(t->type)) return false;
    return true;
}

std::string float_error(std::initializer_list<const strided_tensor*> ts) {
    std::string s = "needs f32, f16 or bf16 tensors, has";
    for (const auto* t : ts) {
        s += ' ';
        s += type_name(t->type);
    }
    return s;
}

// Quantised rows are whole blocks: their elements cannot be strided.
bool rows_are_blocks(const strided_tensor& t) { return block_size(t.type) == 1 || t.nb[0] == type_size(t.type); }

result<kernel_entry> select_copy(const exec_node& n) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    if (s.type == d.type) {
        if (block_size(s.type) == 1) return kernel_entry{run_copy, work_copy};
        if (rows_are_blocks(s) && rows_are_blocks(d) && s.ne[0] == d.ne[0]) return kernel_entry{run_copy, work_copy};
        const bool both_contiguous = s.nb == contiguous_strides(s.type, s.ne) && d.nb == contiguous_strides(d.type, d.ne);
        if (both_contiguous) return kernel_entry{run_copy, work_copy};
        return unsupported(n, "copies " + type_of(s) + " only between contiguous tensors or rows of equal length");
    }
    if (is_float_type(s.type) && quantizer(d.type)) {
        // Each source row becomes whole blocks of one destination row.
        if (s.ne[0] != d.ne[0] || !rows_are_blocks(d))
            return unsupported(n, "quantises to " + type_of(d) + " only rows of equal length into contiguous blocks");
        return kernel_entry{run_copy, work_copy};
    }
    if (!float_types({&s, &d})) return unsupported(n, "cannot convert " + type_of(s) + " to " + type_of(d));
    return kernel_entry{run_copy, work_copy};
}

result<kernel_entry> select_mul_mat(const exec_node& n) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    if (!readable_as_f32(a.type)) return unsupported(n, "src0 type " + type_of(a) + " has no dequantiser");
    if (!rows_are_blocks(a)) return unsupported(n, "quantised src0 rows must be contiguous");
    if (!is_float_type(b.type)) return unsupported(n, "src1 type " + type_of(b) + " is not f32, f16 or bf16");
    if (!d.f32_rows()) return unsupported(n, "the result must have f32 rows");
    return kernel_entry{run_mul_mat, work_mul_mat};
}

result<kernel_entry> select_rope(const exec_node& n) {
    const strided_tensor &s = n.src[0], &pos = n.src[1];
    if (!float_types({&s, &n.dst})) return unsupported(n, float_error({&s, &n.dst}));
    if (pos.type != dtype::i32) return unsupported(n, "positions must be i32");
    const int n_dims = n.params.get_i32(1), mode = n.params.get_i32(2);
    if (n_dims <= 0 || n_dims > s.ne[0])
        return unsupported(n, "n_dims " + std::to_string(n_dims) + " is outside [1, " + std::to_string(s.ne[0]) + "]");
    if (mode & 4) return unsupported(n, "GLM mode (4) is not implemented");
    if (mode & 8) { // ggml_rope_multi
        if (mode != 8 && mode != 24 && mode != 40) return unsupported(n, "multi-section mode " + std::to_string(mode) + " is not one of 8, 24, 40");
        int sections = 0;
        for (int i = 11; i < 15; ++i) {
            if (n.params.get_i32(i) < 0) return unsupported(n, "a rope section is negative");
            sections += n.params.get_i32(i);
        }
        if (sections <= 0) return unsupported(n, "multi-section rope needs sections (op params 11..14)");
        if (pos.ne[0] < 4 * s.ne[2]) return unsupported(n, "multi-section rope takes 4 positions per token");
        if (mode == 24 && 2 * n_dims != s.ne[0]) return unsupported(n, "vision rope needs n_dims = ne0 / 2");
    } else if (pos.ne[0] < s.ne[2]) {
        return unsupported(n, "fewer positions than tokens");
    }
    if (n.has_src(2)) {
        const strided_tensor& f = n.src[2];
        if (f.type != dtype::f32) return unsupported(n, "frequency factors (src2) must be f32, are " + type_of(f));
        if (f.ne[0] < n_dims / 2)
            return unsupported(n, "frequency factors (src2) have " + std::to_string(f.ne[0]) + " values for " +
                                      std::to_string(n_dims / 2) + " pairs");
    }
    return kernel_entry{run_rope, work_rope};
}

// SCALE: 2023's one-element src1, or d99724f2's factor and bias as op params (no src1).
result<kernel_entry> select_scale(const exec_node& n) {
    const strided_tensor *a = &n.src[0], *b = &n.src[1], *d = &n.dst;
    if (!n.has_src(1)) {
        if (!float_types({a, d})) return unsupported(n, float_error({a, d}));
        return kernel_entry{run_scalar, work_rows3};
    }
    if (!float_types({a, b, d})) return unsupported(n, float_error({a, b, d}));
    return kernel_entry{run_scalar, work_rows3};
}

// SOFT_MAX with ggml_soft_max_ext's mask (src1) and sinks (src2).
result<kernel_entry> select_soft_max(const exec_node& n) {
    const strided_tensor &a = n.src[0], &d = n.dst;
    if (!float_types({&a, &d})) return unsupported(n, float_error({&a, &d}));
    if (n.has_src(1)) {
        const strided_tensor& m = n.src[1];
        if (m.type != dtype::f16 && m.type != dtype::f32)
            return unsupported(n, "the mask (src1) must be f16 or f32, is " + type_of(m));
        if (m.ne[0] != a.ne[0] || m.ne[1] < a.ne[1])
            return unsupported(n, "the mask (src1) must have ne[0] " + std::to_string(a.ne[0]) + " and at least " +
                                      std::to_string(a.ne[1]) + " rows");
    }
    if (n.has_src(2)) {
        const strided_tensor& k = n.src[2];
        if (k.type != dtype::f32) return unsupported(n, "sinks (src2) must be f32, are " + type_of(k));
        if (k.ne[0] < a.ne[2])
            return unsupported(n, "sinks (src2) have " + std::to_string(k.ne[0]) + " values for " +
                                      std::to_string(a.ne[2]) + " heads");
    }
    return kernel_entry{run_soft_max, work_rows2};
}

// SET_ROWS: f32 or f16 rows into a float or quantisable destination at i64 or i32 indices.
result<kernel_entry> select_set_rows(const exec_node& n) {
    const strided_tensor &s = n.src[0], &idx = n.src[1], &d = n.dst;
    if (s.type != dtype::f32 && s.type != dtype::f16) return unsupported(n, "src0 must be f32 or f16, is " + type_of(s));
    if (idx.type != dtype::i64 && idx.type != dtype::i32) return unsupported(n, "row indices must be i64 or i32");
    if (!is_float_type(d.type) && !quantizer(d.type))
        return unsupported(n, "cannot write rows of " + type_of(d) + " (no quantiser)");
    if (!rows_are_blocks(d)) return unsupported(n, "quantised rows of the destination must be contiguous");
    if (d.ne[0] != s.ne[0] || d.ne[2] != s.ne[2] || d.ne[3] != s.ne[3] || idx.ne[0] < s.ne[1] ||
        s.ne[2] % idx.ne[1] != 0 || s.ne[3] % idx.ne[2] != 0)
        return unsupported(n, "the rows, indices and destination do not fit");
    return kernel_entry{run_set_rows, work_copy};
}

result<kernel_entry> select_glu(const exec_node& n) {
    const strided_tensor *a = &n.src[0], *b = &n.src[1], *d = &n.dst;
    if (const int g = n.params.get_i32(0); g < 0 || g > static_cast<int>(glu_kind::geglu_quick))
        return unsupported(n, "unknown glu op " + std::to_string(g));
    if (n.has_src(1)) {
        if (!float_types({a, b, d})) return unsupported(n, float_error({a, b, d}));
        if (b->ne != a->ne || d->ne != a->ne) return unsupported(n, "src0, src1 and the result must have one shape");
    } else {
        if (!float_types({a, d})) return unsupported(n, float_error({a, d}));
        if (2 * d->ne[0] > a->ne[0] || d->ne[1] != a->ne[1] || d->ne[2] != a->ne[2] || d->ne[3] != a->ne[3])
            return unsupported(n, "the result must be half of src0's rows");
    }
    return kernel_entry{run_glu, work_glu};
}

result<kernel_entry> select_flash_attn_ext(const exec_node& n) {
    const strided_tensor &q = n.src[0], &k = n.src[1], &v = n.src[2], &d = n.dst;
    if (!is_float_type(q.type)) return unsupported(n, "q must be f32, f16 or bf16, is " + type_of(q));
    // A quantised K needs integer dot products (its q.k in ggml's numerics), a quantised V a dequantiser.
    const bool k_ok = is_float_type(k.type) || (qgemm(k.type) && readable_as_f32(k.type));
    if (!k_ok || !readable_as_f32(v.type))
        return unsupported(n, "K and V must be f32, f16, bf16 or a block format with a dequantiser (K also with "
                              "integer dot products), are " + type_of(k) + ", " + type_of(v));
    if (!rows_are_blocks(k) || !rows_are_blocks(v)) return unsupported(n, "quantised K and V rows must be contiguous");
    if (k.ne[0] != q.ne[0] || v.ne[1] != k.ne[1]) return unsupported(n, "q, k and v do not fit");
    if (q.ne[2] % k.ne[2] != 0 || q.ne[3] % k.ne[3] != 0 || q.ne[2] % v.ne[2] != 0 || q.ne[3] % v.ne[3] != 0)
        return unsupported(n, "k and v heads do not broadcast over q's");
    const std::array<std::int64_t, max_dims> ne{v.ne[0], q.ne[2], q.ne[1], q.ne[3]};
    if (d.type != dtype::f32 || d.ne != ne) return unsupported(n, "the result must be f32 [v ne0, q ne2, q ne1, q ne3]");
    if (n.has_src(3)) {
        const strided_tensor& m = n.src[3];
        if (m.type != dtype::f16) return unsupported(n, "the mask (src3) must be f16, is " + type_of(m));
        if (m.ne[0] < k.ne[1] || m.ne[1] < q.ne[1] || q.ne[2] % m.ne[2] != 0 || q.ne[3] % m.ne[3] != 0)
            return unsupported(n, "the mask (src3) does not cover the keys and queries");
    }
    if (n.has_src(4)) {
        const strided_tensor& s = n.src[4];
        if (s.type != dtype::f32 || s.ne[0] < q.ne[2]) return unsupported(n, "sinks (src4) must be one f32 per head");
    }
    return kernel_entry{run_flash_attn_ext, work_flash_attn_ext};
}

result<kernel_entry> select_add_id(const exec_node& n) {
    const strided_tensor *a = &n.src[0], *b = &n.src[1], *ids = &n.src[2], *d = &n.dst;
    if (!float_types({a, b, d})) return unsupported(n, float_error({a, b, d}));
    if (ids->type != dtype::i32) return unsupported(n, "ids (src2) must be i32");
    if (b->ne[0] != a->ne[0] || d->ne != a->ne || ids->ne[0] < a->ne[1] || ids->ne[1] < a->ne[2])
        return unsupported(n, "src0, src1 and the ids do not fit");
    return kernel_entry{run_add_id, work_rows3};
}

// GET_ROWS of d99724f2: src1 names rows of each matrix of src0; i32 rows stay i32.
result<kernel_entry> select_get_rows(const exec_node& n) {
    const strided_tensor &s = n.src[0], &idx = n.src[1], &d = n.dst;
    if (s.type == dtype::i32 || d.type == dtype::i32) {
        if (s.type != d.type) return unsupported(n, "copies i32 rows only to i32");
    } else {
        if (!readable_as_f32(s.type)) return unsupported(n, "src0 type " + type_of(s) + " has no dequantiser");
        if (!rows_are_blocks(s)) return unsupported(n, "quantised src0 rows must be contiguous");
        if (!is_float_type(d.type)) return unsupported(n, float_error({&d}));
    }
    if (idx.type != dtype::i32) return unsupported(n, "row indices must be i32");
    const std::array<std::int64_t, max_dims> ne{s.ne[0], idx.ne[0], idx.ne[1], idx.ne[2]};
    if (s.ne[2] != idx.ne[1] || s.ne[3] != idx.ne[2] || idx.ne[3] != 1 || d.ne != ne)
        return unsupported(n, "src0, the indices and the result do not fit");
    return kernel_entry{run_get_rows, work_copy};
}

result<kernel_entry> select_mul_mat_id(const exec_node& n) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &ids = n.src[2], &d = n.dst;
    if (!readable_as_f32(a.type)) return unsupported(n, "src0 type " + type_of(a) + " has no dequantiser");
    if (!rows_are_blocks(a)) return unsupported(n, "quantised src0 rows must be contiguous");
    if (!is_float_type(b.type)) return unsupported(n, "src1 type " + type_of(b) + " is not f32, f16 or bf16");
    if (ids.type != dtype::i32) return unsupported(n, "ids (src2) must be i32");
    if (!d.f32_rows()) return unsupported(n, "the result must have f32 rows");
    const std::array<std::int64_t, max_dims> ne{a.ne[1], ids.ne[0], b.ne[2], 1};
    if (a.ne[0] != b.ne[0] || a.ne[3] != 1 || b.ne[3] != 1 || ids.ne[1] != b.ne[2] || ids.ne[0] % b.ne[1] != 0 ||
        d.ne != ne)
        return unsupported(n, "the experts, src1, the ids and the result do not fit");
    return kernel_entry{run_mul_mat_id, work_mul_mat_id};
}

// ARGSORT and TOP_K: i32 indices of float rows.
result<kernel_entry> select_sort(const exec_node& n) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    if (!is_float_type(s.type)) return unsupported(n, float_error({&s}));
    if (d.type != dtype::i32) return unsupported(n, "the result must be i32");
    if (s.ne[0] > INT32_MAX) return unsupported(n, "rows are too long for i32 indices");
    const bool rows_fit = d.ne[1] == s.ne[1] && d.ne[2] == s.ne[2] && d.ne[3] == s.ne[3];
    if (n.op == op_kind::argsort) {
        if (const int o = n.params.get_i32(0); o != 0 && o != 1) return unsupported(n, "unknown sort order " + std::to_string(o));
        if (!rows_fit || d.ne[0] != s.ne[0]) return unsupported(n, "the result must have src0's shape");
        return kernel_entry{run_argsort, work_sort};
    }
    if (!rows_fit || d.ne[0] > s.ne[0]) return unsupported(n, "the result must have src0's rows, at most as long");
    return kernel_entry{run_top_k, work_sort};
}

result<kernel_entry> select_concat(const exec_node& n) {
    const strided_tensor &a = n.src[0], &b = n.src[1], &d = n.dst;
    if (!float_types({&a, &b, &d})) return unsupported(n, float_error({&a, &b, &d}));
    const int dim = n.params.get_i32(0);
    if (dim < 0 || dim >= max_dims) return unsupported(n, "dim " + std::to_string(dim) + " is not 0..3");
    for (int i = 0; i < max_dims; ++i) {
        const bool fits = i == dim ? d.ne[i] == a.ne[i] + b.ne[i] : a.ne[i] == d.ne[i] && b.ne[i] == d.ne[i];
        if (!fits) return unsupported(n, "src0, src1 and the result do not fit");
    }
    return kernel_entry{run_concat, work_rows3};
}

result<kernel_entry> select_pad(const exec_node& n) {
    const strided_tensor &s = n.src[0], &d = n.dst;
    if (!float_types({&s, &d})) return unsupported(n, float_error({&s, &d}));
    for (int i = 0; i < max_dims; ++i) {
        const std::int64_t lp = n.params.get_i32(2 * i), rp = n.params.get_i32(2 * i + 1);
        if (lp < 0 || rp < 0 || d.ne[i] != s.ne[i] + lp + rp)
            return unsupported(n, "the result must be src0 padded by the (non-negative) op params");
    }
    return kernel_entry{run_pad, work_rows3};
}

// Ops on float tensors only: the kernel and its work size.
result<kernel_entry> select_float(const exec_node& n, kernel_entry e, int n_srcs) {
    const strided_tensor *s0 = &n.src[0], *s1 = &n.src[1], *d = &n.dst;
    const bool ok = n_srcs == 2 ? float_types({s0, s1, d}) : float_types({s0, d});
    if (!ok) return unsupported(n, n_srcs == 2 ? float_error({s0, s1, d}) : float_error({s0, d}));
    return e;
}

} // namespace

strided_tensor describe(const tensor& t) {
    strided_tensor s;
    s.type = t.type;
    s.ne = t.ne;
    s.nb = t.nb;
    return s;
}

result<kernel_entry> select_kernel(const exec_node& n) {
    switch (n.op) {
    case op_kind::none:
    case op_kind::reshape:
    case op_kind::view:
    case op_kind::permute:
    case op_kind::transpose:
        return kernel_entry{};
    case op_kind::dup:
    case op_kind::cpy:
    case op_kind::cont:
        return select_copy(n);
    case op_kind::add:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div:
        return select_float(n, {run_binary, work_rows3}, 2);
    case op_kind::add1:
        return select_float(n, {run_scalar, work_rows3}, 2);
    case op_kind::scale:
        return select_scale(n);
    case op_kind::unary:
        if (const int u = n.params.get_i32(0); u < 0 || u >= unary_kind_count)
            return unsupported(n, "unknown unary op " + std::to_string(u));
        return select_float(n, {run_unary, work_rows3}, 1);
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::clamp:
        return select_float(n, {run_unary, work_rows3}, 1);
    case op_kind::sum:
        return select_float(n, {run_sum, work_sum}, 1);
    case op_kind::sum_rows:
    case op_kind::norm:
    case op_kind::rms_norm:
        return select_float(n, {n.op == op_kind::sum_rows ? run_sum_rows : run_norm, work_rows2}, 1);
    case op_kind::repeat:
        return select_float(n, {run_repeat, work_rows3}, 1);
    case op_kind::concat:
        return select_concat(n);
    case op_kind::mul_mat:
        return select_mul_mat(n);
    case op_kind::get_rows:
        return select_get_rows(n);
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero:
        return select_float(n, {run_diag_mask, work_rows2}, 1);
    case op_kind::soft_max:
        return select_soft_max(n);
    case op_kind::rope:
        return select_rope(n);
    // ggml d99724f2's ops.
    case op_kind::set_rows:
        return select_set_rows(n);
    case op_kind::glu:
        return select_glu(n);
    case op_kind::flash_attn_ext:
        return select_flash_attn_ext(n);
    case op_kind::add_id:
        return select_add_id(n);
    case op_kind::mul_mat_id:
        return select_mul_mat_id(n);
    case op_kind::argsort:
    case op_kind::top_k:
        return select_sort(n);
    case op_kind::fill:
        if (!is_float_type(n.dst.type)) return unsupported(n, float_error({&n.dst}));
        return kernel_entry{run_fill, work_rows1};
    case op_kind::pad:
        return select_pad(n);
    }
    return unsupported(n, "unknown op");
}

} // namespace planscope::cpu
