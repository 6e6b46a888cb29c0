#include "kernel_select.h"

#include "convert.h"
#include "kernels.h"
#include "quant.h"
#include "quantize.h"

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
    return kernel_entry{run_rope, work_rope};
}

result<kernel_entry> select_get_rows(const exec_node& n) {
    const strided_tensor &s = n.src[0], &idx = n.src[1];
    if (!readable_as_f32(s.type)) return unsupported(n, "src0 type " + type_of(s) + " has no dequantiser");
    if (!rows_are_blocks(s)) return unsupported(n, "quantised src0 rows must be contiguous");
    if (idx.type != dtype::i32) return unsupported(n, "row indices must be i32");
    if (!is_float_type(n.dst.type)) return unsupported(n, float_error({&n.dst}));
    return kernel_entry{run_get_rows, work_copy};
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
    case op_kind::scale:
        return select_float(n, {run_scalar, work_rows3}, 2);
    case op_kind::unary:
        if (const int u = n.params.get_i32(0); u < 0 || u > static_cast<int>(unary_kind::silu))
            return unsupported(n, "unknown unary op " + std::to_string(u));
        return select_float(n, {run_unary, work_rows3}, 1);
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
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
        return select_float(n, {run_concat, work_rows3}, 2);
    case op_kind::mul_mat:
        return select_mul_mat(n);
    case op_kind::get_rows:
        return select_get_rows(n);
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero:
        return select_float(n, {run_diag_mask, work_rows2}, 1);
    case op_kind::soft_max:
        return select_float(n, {run_soft_max, work_rows2}, 1);
    case op_kind::rope:
        return select_rope(n);
    // Ops of later ggml that Planscope plans but has no kernels for: the scheduler moves them to
    // a backend that has, or refuses the graph.
    case op_kind::set_rows:
    case op_kind::glu:
    case op_kind::flash_attn_ext:
    case op_kind::add_id:
        return unsupported(n, "not implemented by Planscope's CPU backend");
    }
    return unsupported(n, "unknown op");
}

} // namespace planscope::cpu
