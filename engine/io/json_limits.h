#pragma once
// Limits of the JSON graph reader (docs/graph-format.md, "Limits"). They keep any file from
// exhausting the stack, memory or time; every error that hits one names the limit. Each is far
// above what a real ggml graph needs (a llama graph has a few thousand tensors, depth 4).
#include <cstddef>
#include <cstdint>

namespace planscope::json_limits {

inline constexpr std::uint64_t max_file_bytes = std::uint64_t{1} << 30; // 1 GiB
inline constexpr std::size_t max_depth = 64;                          // nested arrays and objects
inline constexpr std::size_t max_string_bytes = 65536;                // any string or key
inline constexpr std::size_t max_number_chars = 1024;                 // a number as written
// Also nodes, leafs and assignments. A tensor costs about 240 bytes in memory and a plan listing
// 100 more, and may be written in 40: this keeps any file within 4 x its size + 200 MB.
inline constexpr std::size_t max_tensors = 800000;
inline constexpr std::size_t max_parse_seq = 2 * max_tensors;         // node indices and barriers
inline constexpr std::size_t max_buffers = 65536;
// JSON values in one element of a top-level list (a tensor, a buffer, ...), or in the document
// outside those lists; a tensor has about 40.
inline constexpr std::size_t max_values = 4096;
// ggml_nbytes of all tensors together; leaves headroom for sums over them (summaries, planners).
inline constexpr std::uint64_t max_total_bytes = std::uint64_t{1} << 62;

} // namespace planscope::json_limits
