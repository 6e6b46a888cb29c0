#pragma once
// What a GGUF file may claim before it is refused, checked before anything is sized from it.
// Each bounds how much memory a small file can make the reader or the graph builder take; the
// errors name the limit and the value.
#include <cstdint>

namespace planscope {

inline constexpr std::uint64_t gguf_max_tensors = 65536;     // DeepSeek-V3 has about 1,100
inline constexpr std::uint64_t gguf_max_kv = 65536;          // real models have under 100
inline constexpr std::uint64_t gguf_max_key_length = 65535;  // the GGUF specification's limit
inline constexpr std::uint64_t gguf_max_string_length = std::uint64_t{1} << 30;
inline constexpr std::uint64_t gguf_max_array_length = std::uint64_t{1} << 30;
inline constexpr std::uint32_t gguf_max_array_depth = 8;
inline constexpr std::uint64_t gguf_max_alignment = std::uint64_t{1} << 30;
// Layers the llama graph builder accepts: about 15 KB of tensor descriptions each, so a 400-byte
// file cannot ask for gigabytes (the largest released llama-style models have under 130).
inline constexpr std::uint32_t llama_max_layers = 8192;

} // namespace planscope
