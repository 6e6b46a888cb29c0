// supports_op of the OpenCL backend: exactly the ops, types and layouts the kernels of kernels/
// implement, so that the scheduler sends everything else to the CPU (quantised K/V, SET_ROWS
// into a quantised cache, quantised experts, ROPE's multi-section modes among them).
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

bool same_rows(const tensor& a, const tensor& b) { return a.ne[1] == b.ne[1] && a.ne[2] == b.ne[2] && a.ne[3] == b.ne[3]; }

// The ops of ggml 2026's graphs (cl_ops_2026.cpp); the checks the CPU backend makes, f32 / f16 only.
std::optional<std::string> unsupported_2026(const context& ctx, const tensor& op) {
    const auto src = [&](int i) { return op.n_src() > i && op.src[i].valid() ? &ctx[op.src[i]] : nullptr; };
    const tensor& a = ctx[op.src[0]];
    const tensor* b = src(1);
    const tensor* c = src(2);
    switch (op.op) {
    case op_kind::set_rows:
        if (!is_f16_or_f32(a) || !is_f16_or_f32(op)) return "writes f32 and f16 rows only, not " + type_list(a, op);
        if (!b || (b->type != dtype::i32 && b->type != dtype::i64)) return "row indices must be i32 or i64";
        if (op.ne[0] != a.ne[0] || op.ne[2] != a.ne[2] || op.ne[3] != a.ne[3] || b->ne[0] < a.ne[1] ||
            a.ne[2] % b->ne[1] != 0 || a.ne[3] % b->ne[2] != 0)
            return "the rows, indices and destination do not fit";
        return std::nullopt;
    case op_kind::glu:
        if (const int g = op.params.get_i32(0); g < 0 || g >= glu_kind_count) return "unknown glu op " + std::to_string(g);
        if (!is_f32(a) || !is_f32(op) || (b && !is_f32(*b))) return "needs f32 tensors";
        if (b ? (b->ne != a.ne || op.ne != a.ne) : (2 * op.ne[0] > a.ne[0] || !same_rows(a, op)))
            return "src0, src1 and the result do not fit";
        return std::nullopt;
    case op_kind::add_id:
        if (!b || !c || !is_f32(a) || !is_f32(*b) || !is_f32(op)) return "needs f32 tensors";
        if (c->type != dtype::i32) return "ids (src2) must be i32";
        if (b->ne[0] != a.ne[0] || op.ne != a.ne || c->ne[0] < a.ne[1] || c->ne[1] < a.ne[2])
            return "src0, src1 and the ids do not fit";
        return std::nullopt;
    case op_kind::mul_mat_id: {
        if (!is_f16_or_f32(a)) return "experts (src0) of type " + std::string(type_name(a.type)) + " are not implemented";
        if (!b || !c || !is_f32(*b) || !is_f32(op)) return "src1 and the result must be f32";
        if (c->type != dtype::i32) return "ids (src2) must be i32";
        const std::array<std::int64_t, max_dims> ne{a.ne[1], c->ne[0], b->ne[2], 1};
        if (a.ne[0] != b->ne[0] || a.ne[3] != 1 || b->ne[3] != 1 || c->ne[1] != b->ne[2] || c->ne[0] % b->ne[1] != 0 ||
            op.ne != ne)
            return "the experts, src1, the ids and the result do not fit";
        return std::nullopt;
    }
    case op_kind::argsort:
    case op_kind::top_k:
        if (!is_f32(a) || op.type != dtype::i32) return "sorts f32 rows into i32 indices";
        if (op.op == op_kind::argsort && op.params.get_i32(0) != 0 && op.params.get_i32(0) != 1)
            return "unknown sort order " + std::to_string(op.params.get_i32(0));
        if (!same_rows(a, op) || (op.op == op_kind::argsort ? op.ne[0] != a.ne[0] : op.ne[0] > a.ne[0]))
            return "the result does not fit src0's rows";
        return std::nullopt;
    case op_kind::flash_attn_ext: {
        const tensor* mask = src(3);
        const tensor* sinks = src(4);
        if (!b || !c) return "needs q, k and v";
        if (!is_f32(a)) return "q must be f32";
        if (!is_f16_or_f32(*b) || !is_f16_or_f32(*c)) return "K and V must be f32 or f16, are " + type_list(*b, *c);
        if (b->ne[0] != a.ne[0] || c->ne[1] != b->ne[1]) return "q, k and v do not fit";
        if (a.ne[2] % b->ne[2] != 0 || a.ne[3] % b->ne[3] != 0 || a.ne[2] % c->ne[2] != 0 || a.ne[3] % c->ne[3] != 0)
            return "k and v heads do not broadcast over q's";
        const std::array<std::int64_t, max_dims> ne{c->ne[0], a.ne[2], a.ne[1], a.ne[3]};
        if (!is_f32(op) || op.ne != ne) return "the result must be f32 [v ne0, q ne2, q ne1, q ne3]";
        if (mask && (mask->type != dtype::f16 || mask->ne[0] < b->ne[1] || mask->ne[1] < a.ne[1] ||
                     a.ne[2] % mask->ne[2] != 0 || a.ne[3] % mask->ne[3] != 0))
            return "the mask (src3) must be f16 and cover the keys and queries";
        if (sinks && (!is_f32(*sinks) || sinks->ne[0] < a.ne[2])) return "sinks (src4) must be one f32 per head";
        return std::nullopt;
    }
    default:
        return std::string(info(op.op).name) + " is not implemented";
    }
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
    const auto src = [&](int i) { return n_src > i && op.src[i].valid() ? &ctx[op.src[i]] : nullptr; };
    const tensor* b = src(1);
    const tensor* c = src(2);
    if (!aligned_elements(op)) return "a stride or view offset does not keep elements aligned";
    for (int i = 0; i < n_src; ++i)
        if (const tensor* t = src(i); t && !aligned_elements(*t))
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
        if (!b && op.op == op_kind::scale) { // ggml 2026: x * s + b by op params
            if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
            return std::nullopt;
        }
        if (!b || !is_f32(a) || !is_f32(*b) || !is_f32(op)) return "needs f32 tensors";
        if (!is_scalar(*b)) return "src1 must be one value";
        return std::nullopt;
    case op_kind::unary:
        if (const int u = op.params.get_i32(0); u < 0 || u >= unary_kind_count)
            return "unknown unary op " + std::to_string(u);
        [[fallthrough]];
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::norm:
    case op_kind::rms_norm:
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero:
    case op_kind::clamp:
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        return std::nullopt;
    case op_kind::soft_max:
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        if (b) {
            if (!is_f16_or_f32(*b)) return "the mask (src1) must be f16 or f32";
            if (b->ne[0] != a.ne[0] || b->ne[1] < a.ne[1]) return "the mask (src1) does not cover the rows";
        }
        if (c && (!is_f32(*c) || c->ne[0] < a.ne[2])) return "sinks (src2) must be one f32 per head";
        return std::nullopt;
    case op_kind::rope: {
        if (!b || b->type != dtype::i32) return "positions must be i32";
        if (!is_f32(a) || !is_f32(op)) return "needs f32 tensors";
        const int n_dims = op.params.get_i32(1);
        if (n_dims <= 0 || n_dims > a.ne[0]) return "n_dims " + std::to_string(n_dims) + " is out of range";
        if (const int mode = op.params.get_i32(2); mode != 0 && mode != 2)
            return "mode " + std::to_string(mode) + " is not implemented (normal 0 and NeoX 2 are)";
        if (c && (!is_f32(*c) || c->ne[0] < n_dims / 2)) return "frequency factors (src2) must be f32, one per pair";
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
    default:
        return unsupported_2026(ctx, op);
    }
}

} // namespace planscope::opencl
