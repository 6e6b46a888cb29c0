#pragma once
// Element types with ggml's enum values (which GGUF stores), block sizes and block byte sizes.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace planscope {

// Values are ggml's `enum ggml_type` numbers; gaps are types ggml removed.
enum class dtype : std::uint32_t {
    f32 = 0, f16 = 1, q4_0 = 2, q4_1 = 3,
    q5_0 = 6, q5_1 = 7, q8_0 = 8, q8_1 = 9,
    q2_k = 10, q3_k = 11, q4_k = 12, q5_k = 13, q6_k = 14, q8_k = 15,
    iq2_xxs = 16, iq2_xs = 17, iq3_xxs = 18, iq1_s = 19, iq4_nl = 20, iq3_s = 21, iq2_s = 22, iq4_xs = 23,
    i8 = 24, i16 = 25, i32 = 26, i64 = 27, f64 = 28, iq1_m = 29, bf16 = 30,
    tq1_0 = 34, tq2_0 = 35, mxfp4 = 39,
};

struct type_traits {
    dtype type;
    std::string_view name;   // ggml_type_name(): "f32", "q4_0", "q4_K", ...
    std::int64_t block_size; // elements per block
    std::size_t type_size;   // bytes per block
    bool quantized;
};

// Every known type, in enum order.
std::span<const type_traits> all_types();
const type_traits& traits(dtype t);
std::optional<dtype> dtype_from_value(std::uint32_t v);
// Accepts ggml's names case-insensitively ("q4_K" and "Q4_K").
std::optional<dtype> dtype_from_name(std::string_view name);

inline std::int64_t block_size(dtype t) { return traits(t).block_size; }
inline std::size_t type_size(dtype t) { return traits(t).type_size; }
inline std::string_view type_name(dtype t) { return traits(t).name; }

// ggml_row_size: bytes of ne0 elements; ne0 must be a multiple of the block size.
std::size_t row_size(dtype t, std::int64_t ne0);

} // namespace planscope
