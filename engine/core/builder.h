#pragma once
// Builds tensors the way ggml's API does (ggml_mul_mat, ggml_view_2d, ggml_permute, ...).
//
// Each op returns the new tensor's id. Incompatible inputs do not assert: the op returns an
// invalid id and the builder keeps the first error; later ops given an invalid id return an
// invalid id too, so a whole model can be built and checked once with ok()/first_error().
#include "context.h"
#include "error.h"

#include <array>
#include <optional>
#include <string_view>

namespace planscope {

struct rope_args {
    int n_dims = 0;
    int mode = 0;
    int n_ctx = 0;
    int n_orig_ctx = 0;
    float freq_base = 10000.0f;
    float freq_scale = 1.0f;
    float ext_factor = 0.0f;
    float attn_factor = 1.0f;
    float beta_fast = 32.0f;
    float beta_slow = 1.0f;
    std::optional<tensor_id> freq_factors{}; // ggml_rope_ext's c (d99724f2): f32, n_dims / 2 values
    // ggml_rope_multi's sections (d99724f2): op params 11..14, kept only when mode has
    // rope_mode_mrope (MROPE, IMROPE, VISION); positions are then 4 per token.
    std::array<int, 4> sections{};
};

// GGML_ROPE_TYPE_* of d99724f2: rope_args::mode.
inline constexpr int rope_mode_normal = 0;
inline constexpr int rope_mode_neox = 2;
inline constexpr int rope_mode_mrope = 8;
inline constexpr int rope_mode_vision = 24;
inline constexpr int rope_mode_imrope = 40;

// ggml_prec: GGML_PREC_F32 for ggml_mul_mat_set_prec and flash_attn_args::prec.
inline constexpr int prec_default = 0;
inline constexpr int prec_f32 = 10;

// ggml_soft_max_ext of d99724f2 (with ggml_soft_max_add_sinks: one f32 per head).
struct soft_max_args {
    float scale = 1.0f;
    float max_bias = 0.0f;
    std::optional<tensor_id> sinks{};
};

// ggml_flash_attn_ext's scalars; prec as ggml_flash_attn_ext_set_prec (GGML_PREC_F32 = 10), sinks as
// ggml_flash_attn_ext_add_sinks (one f32 per head).
struct flash_attn_args {
    float scale = 1.0f;
    float max_bias = 0.0f;
    float logit_softcap = 0.0f;
    int prec = 0;
    std::optional<tensor_id> sinks{};
};

class builder {
public:
    explicit builder(context& ctx) : m_ctx(ctx) {}

    [[nodiscard]] bool ok() const { return !m_error.has_value(); }
    [[nodiscard]] const std::optional<error>& first_error() const { return m_error; }
    context& ctx() { return m_ctx; }

    tensor_id new_tensor(dtype type, std::array<std::int64_t, max_dims> ne);
    tensor_id new_tensor_1d(dtype type, std::int64_t ne0) { return new_tensor(type, {ne0, 1, 1, 1}); }
    tensor_id new_tensor_2d(dtype type, std::int64_t ne0, std::int64_t ne1) { return new_tensor(type, {ne0, ne1, 1, 1}); }
    tensor_id new_tensor_3d(dtype type, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2) {
        return new_tensor(type, {ne0, ne1, ne2, 1});
    }
    tensor_id new_tensor_4d(dtype type, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3) {
        return new_tensor(type, {ne0, ne1, ne2, ne3});
    }

    // Sets the name (truncated to 63 bytes, as ggml's char[64]); returns t for chaining.
    tensor_id set_name(tensor_id t, std::string_view name);
    tensor_id set_flags(tensor_id t, tensor_flag f);

    tensor_id dup(tensor_id a);
    tensor_id add(tensor_id a, tensor_id b) { return binary(op_kind::add, a, b, false); }
    tensor_id add_inplace(tensor_id a, tensor_id b) { return binary(op_kind::add, a, b, true); }
    tensor_id add1(tensor_id a, tensor_id b) { return binary(op_kind::add1, a, b, false); }
    tensor_id add1_inplace(tensor_id a, tensor_id b) { return binary(op_kind::add1, a, b, true); }
    tensor_id sub(tensor_id a, tensor_id b) { return binary(op_kind::sub, a, b, false); }
    tensor_id sub_inplace(tensor_id a, tensor_id b) { return binary(op_kind::sub, a, b, true); }
    tensor_id mul(tensor_id a, tensor_id b) { return binary(op_kind::mul, a, b, false); }
    tensor_id mul_inplace(tensor_id a, tensor_id b) { return binary(op_kind::mul, a, b, true); }
    tensor_id div(tensor_id a, tensor_id b) { return binary(op_kind::div, a, b, false); }
    tensor_id div_inplace(tensor_id a, tensor_id b) { return binary(op_kind::div, a, b, true); }
    tensor_id scale(tensor_id a, tensor_id s) { return binary(op_kind::scale, a, s, false); }
    tensor_id scale_inplace(tensor_id a, tensor_id s) { return binary(op_kind::scale, a, s, true); }
    tensor_id sqr(tensor_id a) { return unary_op(op_kind::sqr, a, false); }
    tensor_id sqr_inplace(tensor_id a) { return unary_op(op_kind::sqr, a, true); }
    tensor_id sqrt(tensor_id a) { return unary_op(op_kind::sqrt, a, false); }
    tensor_id sqrt_inplace(tensor_id a) { return unary_op(op_kind::sqrt, a, true); }
    tensor_id log(tensor_id a) { return unary_op(op_kind::log, a, false); }
    tensor_id log_inplace(tensor_id a) { return unary_op(op_kind::log, a, true); }
    tensor_id sum(tensor_id a) { return unary_op(op_kind::sum, a, false); }
    tensor_id sum_rows(tensor_id a) { return unary_op(op_kind::sum_rows, a, false); }
    tensor_id repeat(tensor_id a, tensor_id b) { return binary(op_kind::repeat, a, b, false); }
    tensor_id concat(tensor_id a, tensor_id b) { return concat(a, b, 2); }
    tensor_id norm(tensor_id a, float eps) { return with_eps(op_kind::norm, a, eps, false); }
    tensor_id rms_norm(tensor_id a, float eps) { return with_eps(op_kind::rms_norm, a, eps, false); }
    tensor_id rms_norm_inplace(tensor_id a, float eps) { return with_eps(op_kind::rms_norm, a, eps, true); }
    tensor_id mul_mat(tensor_id a, tensor_id b) { return binary(op_kind::mul_mat, a, b, false); }
    tensor_id cpy(tensor_id a, tensor_id b);
    tensor_id cont(tensor_id a);
    tensor_id cont_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3);
    tensor_id reshape(tensor_id a, tensor_id b); // to b's shape
    tensor_id reshape_1d(tensor_id a, std::int64_t ne0) { return reshape_nd(a, {ne0, 1, 1, 1}); }
    tensor_id reshape_2d(tensor_id a, std::int64_t ne0, std::int64_t ne1) { return reshape_nd(a, {ne0, ne1, 1, 1}); }
    tensor_id reshape_3d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2) {
        return reshape_nd(a, {ne0, ne1, ne2, 1});
    }
    tensor_id reshape_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3) {
        return reshape_nd(a, {ne0, ne1, ne2, ne3});
    }
    tensor_id view_1d(tensor_id a, std::int64_t ne0, std::size_t offset);
    tensor_id view_2d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::size_t nb1, std::size_t offset);
    tensor_id view_3d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::size_t nb1,
                      std::size_t nb2, std::size_t offset);
    tensor_id view_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3,
                      std::size_t nb1, std::size_t nb2, std::size_t nb3, std::size_t offset);
    tensor_id permute(tensor_id a, int axis0, int axis1, int axis2, int axis3);
    tensor_id transpose(tensor_id a);
    tensor_id get_rows(tensor_id a, tensor_id rows) { return binary(op_kind::get_rows, a, rows, false); }
    tensor_id diag_mask_inf(tensor_id a, int n_past) { return with_n_past(op_kind::diag_mask_inf, a, n_past, false); }
    tensor_id diag_mask_inf_inplace(tensor_id a, int n_past) {
        return with_n_past(op_kind::diag_mask_inf, a, n_past, true);
    }
    tensor_id diag_mask_zero(tensor_id a, int n_past) { return with_n_past(op_kind::diag_mask_zero, a, n_past, false); }
    tensor_id diag_mask_zero_inplace(tensor_id a, int n_past) {
        return with_n_past(op_kind::diag_mask_zero, a, n_past, true);
    }
    tensor_id soft_max(tensor_id a) { return soft_max_impl(a, false); }
    tensor_id soft_max_inplace(tensor_id a) { return soft_max_impl(a, true); }
    tensor_id rope(tensor_id a, tensor_id pos, const rope_args& args) { return rope_impl(a, pos, args, false); }
    tensor_id rope_inplace(tensor_id a, tensor_id pos, const rope_args& args) { return rope_impl(a, pos, args, true); }
    tensor_id unary(tensor_id a, unary_kind u) { return unary_impl(a, u, false); }
    tensor_id unary_inplace(tensor_id a, unary_kind u) { return unary_impl(a, u, true); }
    tensor_id silu(tensor_id a) { return unary(a, unary_kind::silu); }
    tensor_id silu_inplace(tensor_id a) { return unary_inplace(a, unary_kind::silu); }
    tensor_id gelu(tensor_id a) { return unary(a, unary_kind::gelu); }
    tensor_id gelu_inplace(tensor_id a) { return unary_inplace(a, unary_kind::gelu); }
    tensor_id relu(tensor_id a) { return unary(a, unary_kind::relu); }
    tensor_id relu_inplace(tensor_id a) { return unary_inplace(a, unary_kind::relu); }

    // Ops of ggml d99724f2 (not in the 2023 ggml).
    // ggml_set_rows(a, b, c): b's rows into a at the indices c; a view of a named "A (view)".
    tensor_id set_rows(tensor_id a, tensor_id b, tensor_id c);
    tensor_id glu(tensor_id a, glu_kind g, bool swapped = false);
    tensor_id glu_split(tensor_id a, tensor_id b, glu_kind g);
    tensor_id swiglu(tensor_id a) { return glu(a, glu_kind::swiglu); }
    tensor_id swiglu_split(tensor_id a, tensor_id b) { return glu_split(a, b, glu_kind::swiglu); }
    tensor_id flash_attn_ext(tensor_id q, tensor_id k, tensor_id v, std::optional<tensor_id> mask,
                             const flash_attn_args& args = {});
    tensor_id add_id(tensor_id a, tensor_id b, tensor_id ids);
    // ggml_scale(a, s) with ggml_scale_impl's bias: x*s + b, the factor a parameter.
    tensor_id scale_by(tensor_id a, float s, float b = 0.0f) { return scale_impl(a, s, b, false); }
    // ggml_cast(a, type): "A (copy)"; ggml's src1 self-reference left out.
    tensor_id cast(tensor_id a, dtype type);
    tensor_id soft_max_ext(tensor_id a, std::optional<tensor_id> mask, const soft_max_args& args = {});
    tensor_id scale_by_inplace(tensor_id a, float s, float b = 0.0f);

    // ggml_mul_mat_id(as, b, ids): as [k, n, n_as], b [k, n_b, n_t], ids i32 [n_ids, n_t] ->
    // f32 [n, n_ids, n_t]; row i of token t multiplies b's row i % n_b by expert ids[i, t].
    tensor_id mul_mat_id(tensor_id as, tensor_id b, tensor_id ids);
    // ggml_mul_mat_set_prec: op param 0 of a MUL_MAT node (prec_f32); returns t.
    tensor_id mul_mat_set_prec(tensor_id t, int prec);
    // ggml_argsort: i32 indices of a's shape; ggml_argsort_top_k: argsort desc, then
    // view_4d(k, ne1, ne2, ne3) of it, named " (view)"; ggml_top_k: TOP_K, i32 [k, ne1, ne2, ne3].
    tensor_id argsort(tensor_id a, sort_order order);
    tensor_id argsort_top_k(tensor_id a, std::int64_t k);
    tensor_id top_k(tensor_id a, std::int64_t k);
    // ggml_clamp: a view of a ("A (view)") computed by CLAMP, min and max op params 0 and 1.
    tensor_id clamp(tensor_id a, float min, float max);
    // ggml_fill: a new tensor of a's shape (f32/f16, a contiguous), every element c.
    tensor_id fill(tensor_id a, float c);
    // ggml_pad (after each dimension) and ggml_pad_ext (lp, rp per dimension), zeros.
    tensor_id pad(tensor_id a, int p0, int p1, int p2, int p3) { return pad_ext(a, 0, p0, 0, p1, 0, p2, 0, p3); }
    tensor_id pad_ext(tensor_id a, int lp0, int rp0, int lp1, int rp1, int lp2, int rp2, int lp3, int rp3);
    // d99724f2's REPEAT has one source: ggml_repeat_4d, and ggml_repeat(a, b) = repeat_to (b's shape,
    // b not a source). repeat(a, b) above is 2023's (b is src1).
    tensor_id repeat_4d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2, std::int64_t ne3);
    tensor_id repeat_to(tensor_id a, tensor_id b);
    // ggml_concat(a, b, dim) of d99724f2 (op param 0); concat(a, b) above is 2023's, dim 2.
    tensor_id concat(tensor_id a, tensor_id b, int dim);
    tensor_id cont_2d(tensor_id a, std::int64_t ne0, std::int64_t ne1) { return cont_4d(a, ne0, ne1, 1, 1); }
    tensor_id cont_3d(tensor_id a, std::int64_t ne0, std::int64_t ne1, std::int64_t ne2) {
        return cont_4d(a, ne0, ne1, ne2, 1);
    }
    // ggml_view_tensor: a view of all of a, op NONE, a's strides, named "A (view)".
    tensor_id view_tensor(tensor_id a);
    tensor_id tanh(tensor_id a) { return unary(a, unary_kind::tanh); }
    tensor_id sigmoid(tensor_id a) { return unary(a, unary_kind::sigmoid); }
    tensor_id exp(tensor_id a) { return unary(a, unary_kind::exp); }
    tensor_id softplus(tensor_id a) { return unary(a, unary_kind::softplus); }
    tensor_id gelu_erf(tensor_id a) { return unary(a, unary_kind::gelu_erf); }
    tensor_id reglu(tensor_id a) { return glu(a, glu_kind::reglu); }
    tensor_id geglu(tensor_id a) { return glu(a, glu_kind::geglu); }
    tensor_id geglu_erf(tensor_id a) { return glu(a, glu_kind::geglu_erf); }
    tensor_id geglu_quick(tensor_id a) { return glu(a, glu_kind::geglu_quick); }
    tensor_id reglu_split(tensor_id a, tensor_id b) { return glu_split(a, b, glu_kind::reglu); }
    tensor_id geglu_split(tensor_id a, tensor_id b) { return glu_split(a, b, glu_kind::geglu); }
    tensor_id geglu_erf_split(tensor_id a, tensor_id b) { return glu_split(a, b, glu_kind::geglu_erf); }
    tensor_id geglu_quick_split(tensor_id a, tensor_id b) { return glu_split(a, b, glu_kind::geglu_quick); }
    // ggml_swiglu_oai(a, b, alpha, limit): op params 2 and 3.
    tensor_id swiglu_oai(tensor_id a, tensor_id b, float alpha, float limit);

private:
    tensor_id make(tensor desc, bool inplace, std::string name = {});
    tensor_id binary(op_kind op, tensor_id a, tensor_id b, bool inplace);
    tensor_id unary_op(op_kind op, tensor_id a, bool inplace);
    tensor_id soft_max_impl(tensor_id a, bool inplace);
    tensor_id with_eps(op_kind op, tensor_id a, float eps, bool inplace);
    tensor_id with_n_past(op_kind op, tensor_id a, int n_past, bool inplace);
    tensor_id rope_impl(tensor_id a, tensor_id pos, const rope_args& args, bool inplace);
    tensor_id unary_impl(tensor_id a, unary_kind u, bool inplace);
    tensor_id glu_impl(tensor_id a, std::optional<tensor_id> b, glu_kind g, bool swapped);
    tensor_id scale_impl(tensor_id a, float s, float b, bool inplace);
    tensor_id reshape_nd(tensor_id a, std::array<std::int64_t, max_dims> ne);
    tensor_id view_nd(tensor_id a, std::array<std::int64_t, max_dims> ne, std::array<std::size_t, max_dims> nb,
                      std::size_t offset);
    bool inputs_ok(std::initializer_list<tensor_id> ids);
    void record(error e);

    context& m_ctx;
    std::optional<error> m_error;
};

// ROPE's op params as ggml_rope_impl lays them out (the frequency factors are a source).
op_params rope_params(const rope_args& args);

// ggml_format_name semantics: at most 63 bytes kept.
std::string truncate_name(std::string_view name);

} // namespace planscope
