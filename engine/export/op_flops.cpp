#include "op_flops.h"

#include "core/ops.h"

#include <optional>
#include <string>

namespace planscope {
namespace {

// a · b · c, or nullopt past 64 bits.
std::optional<std::uint64_t> flops_product(std::uint64_t a, std::uint64_t b, std::uint64_t c = 1) {
    std::uint64_t ab = 0, abc = 0;
    if (__builtin_mul_overflow(a, b, &ab) || __builtin_mul_overflow(ab, c, &abc)) return std::nullopt;
    return abc;
}

std::optional<std::uint64_t> flops_sum(std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) {
    std::uint64_t ab = 0;
    if (!a || !b || __builtin_add_overflow(*a, *b, &ab)) return std::nullopt;
    return ab;
}

std::uint64_t flops_dim(const tensor& t, int i) { return static_cast<std::uint64_t>(t.ne[static_cast<std::size_t>(i)]); }

std::uint64_t flops_elements(const tensor& t) { return static_cast<std::uint64_t>(nelements(t)); }

// Per element of the result: 1 for a cheap op, 4 for a transcendental one (exp, tanh, erf).
constexpr std::uint64_t flops_cheap = 1, flops_transcendental = 4;

std::uint64_t flops_unary_cost(const tensor& t) {
    switch (static_cast<unary_kind>(t.params.get_i32(0))) {
    case unary_kind::abs:
    case unary_kind::sgn:
    case unary_kind::neg:
    case unary_kind::step:
    case unary_kind::relu: return flops_cheap;
    default: return flops_transcendental;
    }
}

// Per element of the result; 0 for data movement and sorting, and for the ops op_flops counts
// from their sources (MUL_MAT, MUL_MAT_ID, FLASH_ATTN_EXT, SUM, SUM_ROWS).
std::uint64_t flops_per_element(const tensor& t) {
    switch (t.op) {
    case op_kind::add:
    case op_kind::add1:
    case op_kind::sub:
    case op_kind::mul:
    case op_kind::div:
    case op_kind::sqr:
    case op_kind::sqrt:
    case op_kind::log:
    case op_kind::scale:
    case op_kind::clamp:
    case op_kind::add_id:
    case op_kind::diag_mask_inf:
    case op_kind::diag_mask_zero: return flops_cheap;
    case op_kind::unary: return flops_unary_cost(t);
    case op_kind::glu: return flops_transcendental + flops_cheap;  // the gate's activation and the product
    case op_kind::rms_norm: return 3;                  // square, sum, scale
    case op_kind::norm: return 5;                      // sum, subtract, square, sum, scale
    case op_kind::soft_max: return 5;                  // scale and mask, max, exp, sum, divide
    case op_kind::rope: return 3;                      // half of a pair's rotation (4 mul, 2 add)
    case op_kind::none:
    case op_kind::dup:
    case op_kind::sum:
    case op_kind::sum_rows:
    case op_kind::repeat:
    case op_kind::concat:
    case op_kind::mul_mat:
    case op_kind::cpy:
    case op_kind::cont:
    case op_kind::reshape:
    case op_kind::view:
    case op_kind::permute:
    case op_kind::transpose:
    case op_kind::get_rows:
    case op_kind::set_rows:
    case op_kind::flash_attn_ext:
    case op_kind::mul_mat_id:
    case op_kind::argsort:
    case op_kind::top_k:
    case op_kind::fill:
    case op_kind::pad: return 0;
    }
    return 0;
}

} // namespace

result<std::uint64_t> op_flops(const context& ctx, const tensor& node) {
    const auto src = [&](int i) -> const tensor* {
        const tensor_id id = node.src[static_cast<std::size_t>(i)];
        return ctx.contains(id) ? &ctx[id] : nullptr;
    };
    std::optional<std::uint64_t> n;
    switch (node.op) {
    case op_kind::mul_mat:
    case op_kind::mul_mat_id: {
        const tensor* a = src(0);
        if (!a) return error{node.name + ": " + std::string(info(node.op).name) + " without its matrix"};
        n = flops_product(2, flops_dim(*a, 0), flops_elements(node));
        break;
    }
    case op_kind::flash_attn_ext: {
        const tensor *q = src(0), *k = src(1), *v = src(2);
        if (!q || !k || !v) return error{node.name + ": FLASH_ATTN_EXT without q, k and v"};
        // Scores: n_kv (k's ne[1]) by n_q (q's ne[1]) per head (ne[2]) and sequence (ne[3]).
        const auto scores = flops_product(flops_dim(*k, 1), flops_dim(*q, 1));
        const auto heads = flops_product(flops_dim(*q, 2), flops_dim(*q, 3));
        const auto per_score = flops_sum(flops_sum(flops_product(2, flops_dim(*q, 0)), flops_product(2, flops_dim(*v, 0))), 5);
        if (scores && heads && per_score) n = flops_product(*scores, *heads, *per_score);
        break;
    }
    case op_kind::sum:
    case op_kind::sum_rows: {
        const tensor* a = src(0);
        n = a ? flops_elements(*a) : 0; // one add per element summed
        break;
    }
    default: n = flops_product(flops_per_element(node), flops_elements(node));
    }
    if (!n) return error{node.name + ": its FLOP count overflows 64 bits"};
    return *n;
}

} // namespace planscope
