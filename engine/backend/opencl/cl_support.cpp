// supports_op of the OpenCL backend: exactly the ops, types and layouts the kernels of kernels/
// implement, so that the scheduler sends everything else to the CPU.
#include "cl_ops.h"

namespace planscope::opencl {
namespace {

bool is_f32(const tensor& t) { return t.type == dtype::f32; }
bool is_f16_or_f32(const tensor& t) { return t.type == dtype::f32 || t.type == dtype::f16; }
bool is_matmul_weight(const tensor& t) {
    return is_f16_or_f32(t) || t.type == dtype::q4_0 || t.type == dtype::q8_0;
}

// Kernels read elements through typed pointers: strides and view offsets must keep elements
// aligned (a quantised row is read block by block, its rows must be whole blocks apart).
bool aligned_elements(const tensor& t) {
    const std::size_t unit = block_size(t.type) == 1 ? type_size(t.type) : 2; // quantised: f16 scales
    for (int i = 0; i < max_dims; ++i)
        if (t.nb[i] % unit != 0) return false;
    return t.view_offs % unit == 0;
}

std::string type_list(const tensor& a, const tensor& b) {
    return std::string(type_name(a.type)) + ", " + std::string(type_name(b.type));
}

} // namespace

bool is_no_op(op_kind op) {
    return op == op_kind::none || op == op_kind::reshape || op == op_kind::view || op == op_kind::permute ||
           op == op_kind::transpose;
}

std::optional<std::string> unsupported_reason(const context& ctx, const tensor& op) {
    if (is_no_op(op.op)) return std::nullopt;
    const int n_src = op.n_src();
    // An optional source may be left out before a later one (SOFT_MAX's mask before its sinks).
    for (int i = 0; i < n_src; ++i)
        if (op.src[i].valid() && !ctx.contains(op.src[i])) return "src" + std::to_string(i) + " does not exist";
    if (n_src == 0 || !op.src[0].valid()) return "has no source";
    const tensor& a = ctx[op.src[0]];
    const tensor* b = n_src > 1 && op.src[1].valid() ? &ctx[op.src[1]] : nullptr;
    const bool has_src2 = n_src > 2 && op.src[2].valid();
    if (!aligned_elements(op) || !aligned_elements(a) || (b && !aligned_elements(*b)))
        return "a stride or view offset does not keep elements aligned";

    switch (op.op) {
    case op_kind::add:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div:
        if (!b || !is_f32(a) || !is_f32(*b) || !is_f32(op)) return "needs f32 tensors";
        if (!can_repeat(*b, a)) return "src1 does not repeat over src0";
        return std::nullopt;
    case op_kind::scale:
    case op_kind::add1:
        if (!b && op.op == op_kind::scale)
            return "SCALE by op params (x*s + b, ggml 2026's form without a factor tensor) is not implemented";
        if (!b || !is_f32(a) || !is_f32(*b) || !is_f32(op)) return "needs f32 tensors";
        if (!is_scalar(*b)) return "src1 must be one value";
        return std::nullopt;
    case op_kind::unary:
        if (const int u = op.params.get_i32(0); u < 0 || u > static_cast<int>(unary_kind::silu))
            return "unknown unary op " + std::to_string(u);
        [[fallthrough]];
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::norm:
    case op_kind::rms_norm:
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero:
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        return std::nullopt;
    case op_kind::soft_max:
        if (b) return "a mask (src1) is not implemented";
        if (has_src2) return "sinks (src2) are not implemented";
        if (op.params.get_f32(0) != 1.0f || op.params.get_f32(1) != 0.0f)
            return "a scale other than 1 or a max_bias (ALiBi) is not implemented";
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        return std::nullopt;
    case op_kind::rope: {
        if (!b || b->type != dtype::i32) return "positions must be i32";
        if (has_src2) return "frequency factors (src2) are not implemented";
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        const int n_dims = op.params.get_i32(1);
        if (n_dims <= 0 || n_dims > a.ne[0]) return "n_dims " + std::to_string(n_dims) + " is out of range";
        if (op.params.get_i32(2) & 4) return "GLM mode (4) is not implemented";
        return std::nullopt;
    }
    case op_kind::dup:
    case op_kind::cpy: // one source (ggml_cast) too: k_cpy writes the node's own tensor, of its type
    case op_kind::cont:
        if (!is_f16_or_f32(a) || !is_f16_or_f32(op)) return "copies f32 and f16 only, not " + type_list(a, op);
        return std::nullopt;
    case op_kind::get_rows:
        if (!is_matmul_weight(a)) return "src0 type " + std::string(type_name(a.type)) + " is not implemented";
        if (block_size(a.type) != 1 && a.nb[0] != type_size(a.type)) return "quantised rows must be contiguous";
        if (!b || b->type != dtype::i32) return "row indices must be i32";
        if (!is_f32(op)) return "the result must be f32";
        return std::nullopt;
    case op_kind::mul_mat:
        if (!is_matmul_weight(a)) return "src0 type " + std::string(type_name(a.type)) + " is not implemented";
        if (block_size(a.type) != 1 && a.nb[0] != type_size(a.type)) return "quantised rows must be contiguous";
        if (!b || !is_f32(*b) || b->nb[0] != sizeof(float)) return "src1 must have contiguous f32 rows";
        if (!is_f32(op)) return "the result must be f32";
        return std::nullopt;
    default: // SET_ROWS, GLU, FLASH_ATTN_EXT and ADD_ID (ggml 2026) among them
        return std::string(info(op.op).name) + " is not implemented";
    }
}

} // namespace planscope::opencl
