#pragma once
// Operations with the semantics of ggml as of 2023-11 (the seeds' ggml).
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace planscope {

enum class op_kind : std::uint8_t {
    none, dup, add, add1, sub, mul, div, sqr, sqrt, log, sum, sum_rows, repeat, concat,
    norm, rms_norm, mul_mat, scale, cpy, cont, reshape, view, permute, transpose, get_rows,
    diag_mask_inf, diag_mask_zero, soft_max, rope, unary,
};

enum class unary_kind : std::int32_t { abs, sgn, neg, step, tanh, elu, relu, gelu, gelu_quick, silu };

// How a named op parameter is stored in the raw op_params words.
enum class param_kind : std::uint8_t { i32, f32, u64 };

struct op_param_desc {
    std::string_view name;
    param_kind kind;
    int slot; // index of the first 32-bit word
};

struct op_info {
    op_kind op;
    std::string_view name;  // ggml_op_name(): "MUL_MAT", "RMS_NORM", ...
    int min_src;
    int max_src;
    bool view_op;           // result aliases src0 (RESHAPE, VIEW, PERMUTE, TRANSPOSE)
    bool can_inplace;       // ggml_op_can_inplace() of ggml-alloc.c
    std::span<const op_param_desc> params;
};

std::span<const op_info> all_ops();
const op_info& info(op_kind op);
std::optional<op_kind> op_from_name(std::string_view name); // case-insensitive
std::string_view unary_name(unary_kind u);                   // "SILU", "GELU", ...
std::optional<unary_kind> unary_from_name(std::string_view name);

} // namespace planscope
