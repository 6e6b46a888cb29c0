#include "types.h"

#include <algorithm>
#include <array>
#include "strings.h"

namespace planscope {
namespace {

constexpr std::int64_t qk_k = 256; // super-block size of the K-quants and i-quants

// Sizes are sizeof(block_*) in ggml-common.h; q8_1 uses the half-precision d/s layout of current ggml.
constexpr std::array<type_traits, 32> type_table{{
    {dtype::f32, "f32", 1, 4, false},
    {dtype::f16, "f16", 1, 2, false},
    {dtype::q4_0, "q4_0", 32, 2 + 16, true},
    {dtype::q4_1, "q4_1", 32, 2 + 2 + 16, true},
    {dtype::q5_0, "q5_0", 32, 2 + 4 + 16, true},
    {dtype::q5_1, "q5_1", 32, 2 + 2 + 4 + 16, true},
    {dtype::q8_0, "q8_0", 32, 2 + 32, true},
    {dtype::q8_1, "q8_1", 32, 2 + 2 + 32, true},
    {dtype::q2_k, "q2_K", qk_k, qk_k / 16 + qk_k / 4 + 2 + 2, true},
    {dtype::q3_k, "q3_K", qk_k, qk_k / 8 + qk_k / 4 + 12 + 2, true},
    {dtype::q4_k, "q4_K", qk_k, 2 + 2 + 12 + qk_k / 2, true},
    {dtype::q5_k, "q5_K", qk_k, 2 + 2 + 12 + qk_k / 8 + qk_k / 2, true},
    {dtype::q6_k, "q6_K", qk_k, qk_k / 2 + qk_k / 4 + qk_k / 16 + 2, true},
    {dtype::q8_k, "q8_K", qk_k, 4 + qk_k + qk_k / 16 * 2, true},
    {dtype::iq2_xxs, "iq2_xxs", qk_k, 2 + qk_k / 8 * 2, true},
    {dtype::iq2_xs, "iq2_xs", qk_k, 2 + qk_k / 8 * 2 + qk_k / 32, true},
    {dtype::iq3_xxs, "iq3_xxs", qk_k, 2 + 3 * (qk_k / 8), true},
    {dtype::iq1_s, "iq1_s", qk_k, 2 + qk_k / 8 + qk_k / 16, true},
    {dtype::iq4_nl, "iq4_nl", 32, 2 + 16, true},
    {dtype::iq3_s, "iq3_s", qk_k, 2 + qk_k / 4 + qk_k / 32 + qk_k / 8 + qk_k / 64, true},
    {dtype::iq2_s, "iq2_s", qk_k, 2 + qk_k / 4 + qk_k / 32 + qk_k / 32, true},
    {dtype::iq4_xs, "iq4_xs", qk_k, 2 + 2 + qk_k / 64 + qk_k / 2, true},
    {dtype::i8, "i8", 1, 1, false},
    {dtype::i16, "i16", 1, 2, false},
    {dtype::i32, "i32", 1, 4, false},
    {dtype::i64, "i64", 1, 8, false},
    {dtype::f64, "f64", 1, 8, false},
    {dtype::iq1_m, "iq1_m", qk_k, qk_k / 8 + qk_k / 16 + qk_k / 32, true},
    {dtype::bf16, "bf16", 1, 2, false},
    {dtype::tq1_0, "tq1_0", qk_k, (qk_k - 4 * qk_k / 64) / 5 + qk_k / 64 + 2, true},
    {dtype::tq2_0, "tq2_0", qk_k, qk_k / 4 + 2, true},
    {dtype::mxfp4, "mxfp4", 32, 1 + 16, true},
}};

// type_table's row of each enum value (gaps: row 0, never asked for), so that traits() is a
// lookup: sizes of tensors are computed at every allocation.
constexpr std::size_t n_values = [] {
    std::size_t n = 0;
    for (const auto& t : type_table) n = std::max(n, static_cast<std::size_t>(t.type) + 1);
    return n;
}();
constexpr std::array<std::uint8_t, n_values> row_of_value = [] {
    std::array<std::uint8_t, n_values> rows{};
    for (std::size_t i = 0; i < type_table.size(); ++i)
        rows[static_cast<std::size_t>(type_table[i].type)] = static_cast<std::uint8_t>(i);
    return rows;
}();

} // namespace

std::span<const type_traits> all_types() { return type_table; }

std::optional<dtype> dtype_from_value(std::uint32_t v) {
    for (const auto& t : all_types())
        if (static_cast<std::uint32_t>(t.type) == v) return t.type;
    return std::nullopt;
}

const type_traits& traits(dtype t) {
    const auto v = static_cast<std::size_t>(t);
    // Out of range or a gap is unreachable: a dtype only comes from the enum or from dtype_from_value().
    return v < n_values ? type_table[row_of_value[v]] : type_table[0];
}

std::optional<dtype> dtype_from_name(std::string_view name) {
    for (const auto& t : all_types())
        if (iequals(t.name, name)) return t.type;
    return std::nullopt;
}

std::size_t row_size(dtype t, std::int64_t ne0) {
    const auto& tr = traits(t);
    return tr.type_size * static_cast<std::size_t>(ne0 / tr.block_size);
}

} // namespace planscope
