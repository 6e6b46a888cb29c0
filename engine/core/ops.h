#pragma once
// Operations with the semantics of ggml as of 2023-11 (the seeds' ggml), and those that llama.cpp
// da46e59c's graphs add (SET_ROWS, GLU, FLASH_ATTN_EXT, ADD_ID, MUL_MAT_ID, ARGSORT, TOP_K, CLAMP,
// FILL, PAD, as ggml d99724f2 defines them). The later ops come last so that the older ones keep
// their numbers; so do the later unary ops.
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace planscope {

enum class op_kind : std::uint8_t {
    none, dup, add, add1, sub, mul, div, sqr, sqrt, log, sum, sum_rows, repeat, concat,
    norm, rms_norm, mul_mat, scale, cpy, cont, reshape, view, permute, transpose, get_rows,
    diag_mask_inf, diag_mask_zero, soft_max, rope, unary,
    // ggml d99724f2 (not in the 2023 ggml):
    set_rows,       // src0 rows written into src2 at the src1 indices; the result is a view of src2
    glu,            // gated linear unit: one source halved along ne[0], or two of the same shape
    flash_attn_ext, // q, k, v, optional mask, optional sinks (src4)
    add_id,         // a + the rows of b chosen by ids
    mul_mat_id,     // as (one matrix per expert), b, ids (the experts of each token)
    argsort,        // the indices (i32) that sort each row; op param: ggml_sort_order
    top_k,          // the indices (i32) of each row's k largest values, in no set order
    clamp,          // the result is a view of src0 (ggml_clamp uses ggml_view_tensor)
    fill,           // every element set to a constant
    pad,            // zeros added before and after each dimension
};

// ggml_unary_op, in 2023's order; the later ones (SIGMOID, EXP, SOFTPLUS, GELU_ERF) follow.
enum class unary_kind : std::int32_t { abs, sgn, neg, step, tanh, elu, relu, gelu, gelu_quick, silu,
                                       sigmoid, exp, softplus, gelu_erf };
inline constexpr int unary_kind_count = 14;

// ggml_glu_op of d99724f2: GLU's op param 0.
enum class glu_kind : std::int32_t { reglu, geglu, swiglu, swiglu_oai, geglu_erf, geglu_quick };
inline constexpr int glu_kind_count = 6;

// ggml_sort_order: ARGSORT's op param 0.
enum class sort_order : std::int32_t { asc, desc };

// How a named op parameter is stored in the raw op_params words.
enum class param_kind : std::uint8_t { i32, f32, u64 };

struct op_param_desc {
    std::string_view name;
    param_kind kind;
    int slot; // index of the first 32-bit word
    float default_f32 = 0.0f;     // what a file that leaves the parameter out means (f32)
    std::int32_t default_i32 = 0; // likewise (i32): CONCAT's dim is 2, as the 2023 ggml_concat joined
};

struct op_info {
    op_kind op;
    std::string_view name;  // ggml_op_name(): "MUL_MAT", "RMS_NORM", ...
    int min_src;
    int max_src;
    bool view_op;           // result aliases src0 (RESHAPE, VIEW, PERMUTE, TRANSPOSE)
    bool can_inplace;       // ggml_op_can_inplace() of the 2023 ggml-alloc.c; false for the later ops,
                            // which have no *_inplace form (the 2026 planner keeps its own list)
    std::span<const op_param_desc> params;
};

std::span<const op_info> all_ops();
const op_info& info(op_kind op);
std::optional<op_kind> op_from_name(std::string_view name); // case-insensitive
std::string_view unary_name(unary_kind u);                   // "SILU", "GELU", ... ("?" if unknown)
std::optional<unary_kind> unary_from_name(std::string_view name);
std::string_view glu_name(glu_kind g);                       // "SWIGLU", "GEGLU", ... ("?" if unknown)
std::optional<glu_kind> glu_from_name(std::string_view name); // case-insensitive

} // namespace planscope
