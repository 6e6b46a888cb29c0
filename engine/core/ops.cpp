#include "ops.h"

#include <array>
#include "strings.h"

namespace planscope {
namespace {

constexpr std::array<op_param_desc, 1> view_params{{{"offset", param_kind::u64, 0}}};
constexpr std::array<op_param_desc, 4> permute_params{{
    {"axis0", param_kind::i32, 0}, {"axis1", param_kind::i32, 1},
    {"axis2", param_kind::i32, 2}, {"axis3", param_kind::i32, 3},
}};
constexpr std::array<op_param_desc, 1> eps_params{{{"eps", param_kind::f32, 0}}};
constexpr std::array<op_param_desc, 1> n_past_params{{{"n_past", param_kind::i32, 0}}};
constexpr std::array<op_param_desc, 1> unary_params{{{"unary", param_kind::i32, 0}}};
// Layout of ggml_rope_impl's params (2023-11): n_past, n_dims, mode, n_ctx, n_orig_ctx, then floats.
constexpr std::array<op_param_desc, 11> rope_params{{
    {"n_past", param_kind::i32, 0}, {"n_dims", param_kind::i32, 1}, {"mode", param_kind::i32, 2},
    {"n_ctx", param_kind::i32, 3}, {"n_orig_ctx", param_kind::i32, 4}, {"freq_base", param_kind::f32, 5},
    {"freq_scale", param_kind::f32, 6}, {"ext_factor", param_kind::f32, 7}, {"attn_factor", param_kind::f32, 8},
    {"beta_fast", param_kind::f32, 9}, {"beta_slow", param_kind::f32, 10},
}};

// ggml_glu_impl: the glu op and whether the halves are swapped; ggml_swiglu_oai adds alpha and limit.
constexpr std::array<op_param_desc, 4> glu_params{{
    {"glu", param_kind::i32, 0}, {"swapped", param_kind::i32, 1},
    {"alpha", param_kind::f32, 2}, {"limit", param_kind::f32, 3},
}};
// ggml_flash_attn_ext: scale, max_bias, logit_softcap; ggml_flash_attn_ext_set_prec: word 3.
constexpr std::array<op_param_desc, 4> flash_attn_params{{
    {"scale", param_kind::f32, 0}, {"max_bias", param_kind::f32, 1},
    {"logit_softcap", param_kind::f32, 2}, {"prec", param_kind::i32, 3},
}};

// ggml_scale_impl of d99724f2: x*scale + bias, when there is no src1 (2023's scale tensor).
constexpr std::array<op_param_desc, 2> scale_params{{{"scale", param_kind::f32, 0}, {"bias", param_kind::f32, 1}}};
// ggml_soft_max_impl of d99724f2: a plain soft_max has scale 1 (older files name no parameter).
constexpr std::array<op_param_desc, 2> soft_max_params{{
    {"scale", param_kind::f32, 0, 1.0f}, {"max_bias", param_kind::f32, 1},
}};

// ggml_concat of d99724f2 names the dimension; 2023's had none and joined along dim 2.
constexpr std::array<op_param_desc, 1> concat_params{{{"dim", param_kind::i32, 0, 0.0f, 2}}};
// ggml_argsort: the ggml_sort_order.
constexpr std::array<op_param_desc, 1> argsort_params{{{"order", param_kind::i32, 0}}};
constexpr std::array<op_param_desc, 2> clamp_params{{{"min", param_kind::f32, 0}, {"max", param_kind::f32, 1}}};
constexpr std::array<op_param_desc, 1> fill_params{{{"value", param_kind::f32, 0}}};
// ggml_pad_ext: left and right padding of each dimension, then whether it wraps around.
constexpr std::array<op_param_desc, 9> pad_params{{
    {"lp0", param_kind::i32, 0}, {"rp0", param_kind::i32, 1}, {"lp1", param_kind::i32, 2},
    {"rp1", param_kind::i32, 3}, {"lp2", param_kind::i32, 4}, {"rp2", param_kind::i32, 5},
    {"lp3", param_kind::i32, 6}, {"rp3", param_kind::i32, 7}, {"circular", param_kind::i32, 8},
}};

constexpr std::span<const op_param_desc> no_params{};

constexpr std::array<op_info, 40> op_table{{
    {op_kind::none, "NONE", 0, 0, false, false, no_params},
    {op_kind::dup, "DUP", 1, 1, false, false, no_params},
    {op_kind::add, "ADD", 2, 2, false, true, no_params},
    {op_kind::add1, "ADD1", 2, 2, false, true, no_params},
    {op_kind::sub, "SUB", 2, 2, false, true, no_params},
    {op_kind::mul, "MUL", 2, 2, false, true, no_params},
    {op_kind::div, "DIV", 2, 2, false, true, no_params},
    {op_kind::sqr, "SQR", 1, 1, false, true, no_params},
    {op_kind::sqrt, "SQRT", 1, 1, false, true, no_params},
    {op_kind::log, "LOG", 1, 1, false, true, no_params},
    {op_kind::sum, "SUM", 1, 1, false, false, no_params},
    {op_kind::sum_rows, "SUM_ROWS", 1, 1, false, false, no_params},
    // 2023's ggml_repeat keeps b as src1; d99724f2's (and ggml_repeat_4d) has one source.
    {op_kind::repeat, "REPEAT", 1, 2, false, false, no_params},
    {op_kind::concat, "CONCAT", 2, 2, false, false, concat_params},
    {op_kind::norm, "NORM", 1, 1, false, false, eps_params},
    {op_kind::rms_norm, "RMS_NORM", 1, 1, false, true, eps_params},
    {op_kind::mul_mat, "MUL_MAT", 2, 2, false, false, no_params},
    // ggml d99724f2's SCALE has no src1 (its factor is a parameter); its ggml_cast is a CPY whose
    // src1 is the node itself, which Planscope leaves out (one source: a new tensor of the type).
    {op_kind::scale, "SCALE", 1, 2, false, true, scale_params},
    {op_kind::cpy, "CPY", 1, 2, false, false, no_params},
    {op_kind::cont, "CONT", 1, 1, false, false, no_params},
    {op_kind::reshape, "RESHAPE", 1, 1, true, false, no_params},
    {op_kind::view, "VIEW", 1, 1, true, false, view_params},
    {op_kind::permute, "PERMUTE", 1, 1, true, false, permute_params},
    {op_kind::transpose, "TRANSPOSE", 1, 1, true, false, no_params},
    {op_kind::get_rows, "GET_ROWS", 2, 2, false, false, no_params},
    {op_kind::diag_mask_inf, "DIAG_MASK_INF", 1, 1, false, true, n_past_params},
    {op_kind::diag_mask_zero, "DIAG_MASK_ZERO", 1, 1, false, true, n_past_params},
    // ggml_soft_max_ext: src1 the mask, src2 the sinks; ggml_rope_ext: src2 the frequency factors.
    // ggml_rope_multi's sections (words 11..14) and ggml_mul_mat_set_prec's word 0 have no names:
    // a file carries them as raw op_params.
    {op_kind::soft_max, "SOFT_MAX", 1, 3, false, true, soft_max_params},
    {op_kind::rope, "ROPE", 2, 3, false, true, rope_params},
    {op_kind::unary, "UNARY", 1, 1, false, true, unary_params},
    // ggml d99724f2. SET_ROWS's result is a view of src2 (ggml_view_tensor), not of src0, so it is
    // not a view op; none is in the 2023 ggml_op_can_inplace (ADD_ID is in 2026's, see
    // alloc/ggml2026/graph_planner.cpp).
    {op_kind::set_rows, "SET_ROWS", 3, 3, false, false, no_params},
    {op_kind::glu, "GLU", 1, 2, false, false, glu_params},
    {op_kind::flash_attn_ext, "FLASH_ATTN_EXT", 3, 5, false, false, flash_attn_params},
    {op_kind::add_id, "ADD_ID", 3, 3, false, false, no_params},
    {op_kind::mul_mat_id, "MUL_MAT_ID", 3, 3, false, false, no_params},
    {op_kind::argsort, "ARGSORT", 1, 1, false, false, argsort_params},
    {op_kind::top_k, "TOP_K", 1, 1, false, false, no_params},
    {op_kind::clamp, "CLAMP", 1, 1, false, false, clamp_params},
    {op_kind::fill, "FILL", 1, 1, false, false, fill_params},
    {op_kind::pad, "PAD", 1, 1, false, false, pad_params},
}};

static_assert([] {
    for (std::size_t i = 0; i < op_table.size(); ++i)
        if (static_cast<std::size_t>(op_table[i].op) != i) return false;
    return true;
}(), "op_table is in op_kind order");

// GGML_UNARY_OP_NAME of d99724f2, in unary_kind's order.
constexpr std::array<std::string_view, unary_kind_count> unary_names{
    "ABS",  "SGN",        "NEG",  "STEP",    "TANH",    "ELU", "RELU", "GELU", "GELU_QUICK",
    "SILU", "SIGMOID", "EXP", "SOFTPLUS", "GELU_ERF"};

// GGML_GLU_OP_NAME of d99724f2.
constexpr std::array<std::string_view, glu_kind_count> glu_names{"REGLU", "GEGLU", "SWIGLU", "SWIGLU_OAI", "GEGLU_ERF",
                                                    "GEGLU_QUICK"};

} // namespace

std::span<const op_info> all_ops() { return op_table; }

const op_info& info(op_kind op) { return op_table[static_cast<std::size_t>(op)]; }

std::optional<op_kind> op_from_name(std::string_view name) {
    for (const auto& o : op_table)
        if (iequals(o.name, name)) return o.op;
    return std::nullopt;
}

std::string_view unary_name(unary_kind u) {
    const auto i = static_cast<std::size_t>(u);
    return i < unary_names.size() ? unary_names[i] : std::string_view{"?"};
}

std::optional<unary_kind> unary_from_name(std::string_view name) {
    for (std::size_t i = 0; i < unary_names.size(); ++i)
        if (iequals(unary_names[i], name)) return static_cast<unary_kind>(i);
    return std::nullopt;
}

std::string_view glu_name(glu_kind g) {
    const auto i = static_cast<std::size_t>(g);
    return i < glu_names.size() ? glu_names[i] : std::string_view{"?"};
}

std::optional<glu_kind> glu_from_name(std::string_view name) {
    for (std::size_t i = 0; i < glu_names.size(); ++i)
        if (iequals(glu_names[i], name)) return static_cast<glu_kind>(i);
    return std::nullopt;
}

} // namespace planscope
