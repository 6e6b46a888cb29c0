#pragma once
// GGUF metadata values. Arrays are stored packed, as the file holds them, so a 100 MB token list
// or byte array costs about 100 MB, not a variant per element.
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace planscope {

class gguf_cursor;

enum class gguf_type : std::uint32_t {
    u8 = 0, i8 = 1, u16 = 2, i16 = 3, u32 = 4, i32 = 5, f32 = 6, boolean = 7, string = 8, array = 9,
    u64 = 10, i64 = 11, f64 = 12,
};

struct gguf_value;

// A typed array: numbers and bools as the file encodes them (little-endian), strings as their
// bytes plus where each ends, nested arrays as their encoding plus where each ends.
class gguf_array {
public:
    [[nodiscard]] gguf_type element_type() const { return m_type; }
    [[nodiscard]] std::size_t size() const { return m_size; }
    [[nodiscard]] bool empty() const { return m_size == 0; }
    // Element i decoded (a copy for strings, unpacked for arrays); nullopt past the end.
    [[nodiscard]] std::optional<gguf_value> at(std::size_t i) const;
    // Element i of a string array without a copy; nullopt past the end or for other types.
    [[nodiscard]] std::optional<std::string_view> string_at(std::size_t i) const;

private:
    friend result<gguf_array> read_gguf_array(gguf_cursor& c, std::uint32_t depth);
    [[nodiscard]] std::span<const std::uint8_t> element_bytes(std::size_t i) const;

    gguf_type m_type = gguf_type::u8;
    std::size_t m_size = 0;
    std::vector<std::uint8_t> m_bytes;
    std::vector<std::uint64_t> m_ends; // string and array elements only
};

struct gguf_value {
    gguf_type type = gguf_type::u8;
    std::variant<std::uint64_t, std::int64_t, double, bool, std::string, gguf_array> v;

    // Numeric access across integer widths; nullopt for strings, arrays or out-of-range values.
    [[nodiscard]] std::optional<std::int64_t> as_int() const;
    [[nodiscard]] std::optional<double> as_float() const;
    [[nodiscard]] const std::string* as_string() const { return std::get_if<std::string>(&v); }
    [[nodiscard]] const gguf_array* as_array() const { return std::get_if<gguf_array>(&v); }
};

bool gguf_known_type(std::uint32_t t);
std::string_view gguf_type_name(gguf_type t);

// A value of `type` at the cursor. Strings and arrays are checked against the limits of
// gguf_limits.h and the bytes left before anything is allocated; errors read "offset N: reason".
result<gguf_value> read_gguf_value(gguf_cursor& c, gguf_type type, std::uint32_t depth);
// An array's element type, length and elements; `depth` counts the arrays around it.
result<gguf_array> read_gguf_array(gguf_cursor& c, std::uint32_t depth);

} // namespace planscope
