#pragma once
// GGUF v3 files for tests: key/values of every GGUF type, tensor infos, and tensor data that is
// given, drawn from a seeded generator, or absent ("shape-only": the file is extended to its full
// size as a sparse file, so a loader's bounds checks pass while nothing is written).
// Output is bit-for-bit the same across runs, compilers and machines: the generator and the
// float-to-half conversion are our own, and this library is compiled without FP contraction.
#include "core/error.h"
#include "core/types.h"
#include "models/gguf_value.h"

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::test_models {

// One key/value, its value already encoded as GGUF stores it (after the type field).
struct gguf_kv {
    std::string key;
    gguf_type type = gguf_type::u8;
    std::string encoded;
};

gguf_kv kv_u8(std::string key, std::uint8_t v);
gguf_kv kv_i8(std::string key, std::int8_t v);
gguf_kv kv_u16(std::string key, std::uint16_t v);
gguf_kv kv_i16(std::string key, std::int16_t v);
gguf_kv kv_u32(std::string key, std::uint32_t v);
gguf_kv kv_i32(std::string key, std::int32_t v);
gguf_kv kv_u64(std::string key, std::uint64_t v);
gguf_kv kv_i64(std::string key, std::int64_t v);
gguf_kv kv_f32(std::string key, float v);
gguf_kv kv_f64(std::string key, double v);
gguf_kv kv_bool(std::string key, bool v);
gguf_kv kv_string(std::string key, std::string_view v);
gguf_kv kv_strings(std::string key, const std::vector<std::string>& v);
gguf_kv kv_i32s(std::string key, const std::vector<std::int32_t>& v);
gguf_kv kv_u32s(std::string key, const std::vector<std::uint32_t>& v);
gguf_kv kv_f32s(std::string key, const std::vector<float>& v);
gguf_kv kv_bools(std::string key, const std::vector<bool>& v);

// How a tensor's bytes are made. `uniform`: center + u * half_width, u uniform in [-1, 1), from a
// splitmix64 stream seeded by the file's seed and the tensor's name (f32, f16; q8_0 and q4_0 quantized
// from such values in blocks of 32).
struct tensor_fill {
    enum class kind { uniform, bytes } how = kind::uniform;
    float center = 0.0f;
    float half_width = 0.0f;
    std::vector<std::uint8_t> bytes; // kind::bytes: exactly the tensor's size
};

struct gguf_tensor {
    std::string name;
    dtype type = dtype::f32;
    std::vector<std::int64_t> ne; // 1 to 4 dimensions, ne[0] first
    tensor_fill fill;
};

struct gguf_document {
    std::vector<gguf_kv> kv;
    std::vector<gguf_tensor> tensors;
    std::uint32_t alignment = 32; // general.alignment when a kv sets it (the writer does not add it)
    std::uint64_t seed = 0;
    bool shape_only = false; // no tensor data: the file is sparse past the header
};

struct written_gguf {
    std::uint64_t file_bytes = 0;  // the file's size
    std::uint64_t data_offset = 0; // where the data section starts
    // FNV-1a 64 of the file's bytes; of a shape-only file, of the bytes before the data section
    // (the rest reads as zeros by construction).
    std::uint64_t fnv1a64 = 0;
};

// Bytes of ne elements of `type` (ne[0] a multiple of the block size), with overflow checks.
result<std::uint64_t> tensor_bytes(dtype type, const std::vector<std::int64_t>& ne);

// Writes `doc` to `file` atomically (a temporary next to it, renamed over it). Errors name the
// file, or the tensor whose shape or fill is invalid.
result<written_gguf> write_gguf(const std::filesystem::path& file, const gguf_document& doc);

// FNV-1a 64 over bytes, continuing from `h`.
std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = 0xcbf29ce484222325ULL);

// IEEE binary16 of `f`, round to nearest even (what ggml_fp32_to_fp16 gives).
std::uint16_t f32_to_f16(float f);

} // namespace planscope::test_models
