#include "rpc_translate.h"

#include <limits>

namespace planscope::rpc {
namespace {

// ggml_op of da46e59c for each op_kind, in op_kind's order.
constexpr std::array<std::uint32_t, 40> ggml_ops{
    0,  // none
    1,  // dup
    2,  // add
    4,  // add1
    6,  // sub
    7,  // mul
    8,  // div
    9,  // sqr
    10, // sqrt
    11, // log
    14, // sum
    15, // sum_rows
    20, // repeat
    22, // concat
    24, // norm
    25, // rms_norm
    29, // mul_mat
    32, // scale
    34, // cpy
    35, // cont
    36, // reshape
    37, // view
    38, // permute
    39, // transpose
    40, // get_rows
    44, // diag_mask_inf
    45, // diag_mask_zero
    46, // soft_max
    48, // rope
    87, // unary
    42, // set_rows
    96, // glu
    74, // flash_attn_ext
    3,  // add_id
    30, // mul_mat_id
    69, // argsort
    70, // top_k
    50, // clamp
    73, // fill
    64, // pad
};
static_assert(static_cast<std::size_t>(op_kind::pad) + 1 == ggml_ops.size(), "an op_kind without a ggml op");

constexpr std::uint32_t ggml_op_mul = 7;

// ggml_unary_op of da46e59c for each unary_kind.
constexpr std::array<std::int32_t, unary_kind_count> ggml_unary{
    0, 1, 2, 3, 4, 5, 6, // abs, sgn, neg, step, tanh, elu, relu
    8, 9, 10,            // gelu, gelu_quick, silu
    7, 13, 15, 16,       // sigmoid, exp, softplus, gelu_erf
};

bool fits_u32(std::uint64_t v) { return v <= std::numeric_limits<std::uint32_t>::max(); }

} // namespace

result<wire_op> translate_op(const tensor& t) {
    const auto k = static_cast<std::size_t>(t.op);
    if (k >= ggml_ops.size()) return error{"op " + std::to_string(k) + " has no ggml op"};
    wire_op w;
    w.op = ggml_ops[k];
    std::copy(t.params.words.begin(), t.params.words.end(), w.params.begin());
    if (t.op == op_kind::unary) {
        const std::int32_t u = t.params.get_i32(0);
        if (u < 0 || u >= unary_kind_count) return error{"unknown unary op " + std::to_string(u)};
        w.params[0] = ggml_unary[static_cast<std::size_t>(u)];
    }
    if (t.op == op_kind::scale && t.src[1].valid()) {
        w.op = ggml_op_mul;
        w.params = {};
    }
    return w;
}

result<wire_tensor> wire_layout(const tensor& t, std::uint64_t remote_ptr, std::uint64_t data) {
    wire_tensor w;
    w.id = 1; // any non-zero id: a real tensor
    w.type = static_cast<std::uint32_t>(t.type);
    w.buffer = remote_ptr;
    w.data = data;
    for (std::size_t d = 0; d < max_dims; ++d) {
        if (t.ne[d] < 0 || !fits_u32(static_cast<std::uint64_t>(t.ne[d])) || !fits_u32(t.nb[d]))
            return error{"'" + t.name + "' " + shape_string(t.ne) + " does not fit rpc_tensor's 32-bit sizes"};
        w.ne[d] = static_cast<std::uint32_t>(t.ne[d]);
        w.nb[d] = static_cast<std::uint32_t>(t.nb[d]);
    }
    w.name = t.name;
    return w;
}

result<wire_tensor> to_wire(const context& ctx, tensor_id id, std::uint64_t remote_ptr, std::uint64_t data,
                            bool compute) {
    if (!ctx.contains(id)) return error{"tensor " + std::to_string(id.value) + " does not exist"};
    const tensor& t = ctx[id];
    auto op = translate_op(t);
    if (!op) return error{"'" + t.name + "': " + op.err().message};
    auto layout = wire_layout(t, remote_ptr, data);
    if (!layout) return layout;
    wire_tensor& w = *layout;
    w.id = std::uint64_t{id.value} + 1;
    w.op = op->op;
    w.op_params = op->params;
    w.flags = static_cast<std::int32_t>(t.flags) | (compute && t.op != op_kind::none ? flag_compute : 0);
    for (int i = 0; i < max_src && t.op != op_kind::none; ++i) { // data has no sources in ggml
        const tensor_id s = t.src[static_cast<std::size_t>(i)];
        if (!s.valid()) continue;
        if (!ctx.contains(s)) return error{"'" + t.name + "': source " + std::to_string(i) + " does not exist"};
        w.src[static_cast<std::size_t>(i)] = std::uint64_t{s.value} + 1;
    }
    if (t.is_view()) {
        if (!ctx.contains(t.view_src)) return error{"'" + t.name + "': its view source does not exist"};
        w.view_src = std::uint64_t{t.view_src.value} + 1;
        w.view_offs = t.view_offs;
    }
    return layout;
}

} // namespace planscope::rpc
