#pragma once
// ggml's RPC protocol as ggml/src/ggml-rpc/ggml-rpc.cpp of llama.cpp da46e59c defines it
// (RPC_PROTO 4.0.1): the commands, the fixed sizes of their messages and the limits Planscope
// applies to what a server sends. A request is | cmd (1 byte) | size (u64) | payload |; a reply
// is | size (u64) | payload |. SET_TENSOR, GRAPH_COMPUTE and GRAPH_RECOMPUTE have no reply. All
// integers are little-endian (the server copies its packed structs as they are in memory).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace planscope::rpc {

struct protocol_version {
    std::uint8_t major = 0, minor = 0, patch = 0;
    friend bool operator==(const protocol_version&, const protocol_version&) = default;
};
// The patch level follows GGML_OP_COUNT (97 at da46e59c): op numbers of another patch level
// differ, so only this exact version is spoken.
inline constexpr protocol_version version{4, 0, 1};
std::string to_string(protocol_version v); // "4.0.1"

enum class command : std::uint8_t {
    alloc_buffer = 0, get_alignment, get_max_size, buffer_get_base, free_buffer, buffer_clear, set_tensor,
    set_tensor_hash, get_tensor, copy_tensor, graph_compute, get_device_memory, init_tensor, get_alloc_size,
    hello, device_count, graph_recompute,
};
std::string_view command_name(command c); // "graph_compute"

// ggml's limits at da46e59c (GGML_MAX_DIMS, GGML_MAX_SRC, GGML_MAX_NAME, GGML_MAX_OP_PARAMS).
inline constexpr int wire_max_dims = 4;
inline constexpr int wire_max_src = 10;
inline constexpr std::size_t wire_max_name = 64;
inline constexpr int wire_op_params = 16; // int32 words
// sizeof(rpc_tensor), packed: id, type, buffer, ne[4], nb[4], op, op_params, flags, src[10],
// view_src, view_offs, data, name, padding[4].
inline constexpr std::size_t wire_tensor_size = 296;
inline constexpr std::size_t conn_caps_size = 24; // RPC_CONN_CAPS_SIZE: zeros (plain TCP)

// Reply payload sizes of the commands that have fixed ones.
inline constexpr std::size_t hello_reply_size = 4 + conn_caps_size;  // major, minor, patch, pad, caps
inline constexpr std::size_t alloc_buffer_reply_size = 16;           // remote_ptr, remote_size
inline constexpr std::size_t device_memory_reply_size = 16;          // free, total
inline constexpr std::size_t u64_reply_size = 8;                     // alignment, max size, base, alloc size
inline constexpr std::size_t copy_tensor_reply_size = 1;             // result

// The largest reply Planscope reads in one call: get_tensor is asked for at most this much at a
// time, so no announced length above it is ever accepted (nor allocated for).
inline constexpr std::size_t max_reply_size = std::size_t{1} << 30;
// GGML_TENSOR_FLAG_COMPUTE: ggml 2026's CPU backend skips graph nodes without it.
inline constexpr std::int32_t flag_compute = 16;

} // namespace planscope::rpc
