#pragma once
// GGUF v2/v3 reader: header, key/values (nested arrays too), tensor infos, data offset.
// Tensor data stays in the memory-mapped file; nothing is copied.
#include "core/error.h"
#include "core/types.h"
#include "mapped_file.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

namespace planscope {

enum class gguf_type : std::uint32_t {
    u8 = 0, i8 = 1, u16 = 2, i16 = 3, u32 = 4, i32 = 5, f32 = 6, boolean = 7, string = 8, array = 9,
    u64 = 10, i64 = 11, f64 = 12,
};

struct gguf_value;
struct gguf_array {
    gguf_type element_type = gguf_type::u8;
    std::vector<gguf_value> items;
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

struct gguf_tensor_info {
    std::string name;
    dtype type = dtype::f32;
    std::array<std::int64_t, 4> ne{1, 1, 1, 1};
    std::uint32_t n_dims = 0;
    std::uint64_t offset = 0; // from the start of the data section
    std::size_t size = 0;     // bytes
};

struct gguf_file {
    std::uint32_t version = 0;
    std::map<std::string, gguf_value> kv;
    std::vector<gguf_tensor_info> tensors;
    std::size_t alignment = 32;
    std::size_t data_offset = 0;  // absolute file offset of the data section
    std::shared_ptr<const mapped_file> mapping;

    [[nodiscard]] const gguf_value* find(const std::string& key) const;
    [[nodiscard]] std::optional<std::int64_t> get_int(const std::string& key) const;
    [[nodiscard]] std::optional<double> get_float(const std::string& key) const;
    [[nodiscard]] std::optional<std::string> get_string(const std::string& key) const;
    // The bytes of a tensor inside the mapping (empty for vocab-only files).
    [[nodiscard]] std::span<const std::uint8_t> tensor_data(const gguf_tensor_info& t) const;
};

// Parses bytes already in memory; errors read "offset N: reason".
result<gguf_file> parse_gguf(std::span<const std::uint8_t> bytes);
// Maps and parses a file; errors read "FILE: offset N: reason".
result<gguf_file> open_gguf(const std::filesystem::path& path);
// Parses bytes that are already mapped or embedded; the file keeps `bytes` for tensor_data().
result<gguf_file> open_gguf(std::shared_ptr<const mapped_file> bytes);

std::string_view gguf_type_name(gguf_type t);

} // namespace planscope
