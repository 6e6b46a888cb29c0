#pragma once
// GGUF v2/v3 reader: header, key/values (nested arrays too), tensor infos, data offset.
// Tensor data stays in the memory-mapped file; nothing is copied. Counts, lengths and sizes are
// checked against gguf_limits.h and the file size before anything is allocated.
#include "core/error.h"
#include "core/types.h"
#include "gguf_value.h"
#include "mapped_file.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planscope {

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

} // namespace planscope
