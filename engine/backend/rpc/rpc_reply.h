#pragma once
// What a server's replies may say, checked before anything is read or allocated from them: the
// announced length of each reply against what its command returns, then the payloads of the
// fixed-size replies. Pure functions over bytes (the fuzzer's subject); each error is one line
// without the endpoint, which the connection adds.
#include "rpc_protocol.h"

#include "core/error.h"

#include <cstdint>
#include <span>

namespace planscope::rpc {

// A reply's length field (`announced`) against the `expected` payload size of `cmd`'s reply:
// they must be equal, and expected within max_reply_size.
status check_reply_length(command cmd, std::uint64_t announced, std::size_t expected);

// The u64 length prefix of a reply (8 little-endian bytes).
std::uint64_t read_length(std::span<const std::uint8_t, 8> prefix);

// hello's reply: the server's version; a version other than `version` is refused
// ("the server speaks RPC protocol 3.0.0, Planscope 4.0.1").
result<protocol_version> parse_hello(std::span<const std::uint8_t> payload);

struct alloc_reply {
    std::uint64_t remote_ptr = 0;  // 0: the server could not allocate
    std::uint64_t remote_size = 0;
};
result<alloc_reply> parse_alloc_buffer(std::span<const std::uint8_t> payload);

struct memory_reply {
    std::uint64_t free = 0, total = 0;
};
// Errors also when free exceeds total.
result<memory_reply> parse_device_memory(std::span<const std::uint8_t> payload);

// get_alignment, get_max_size, buffer_get_base, get_alloc_size.
result<std::uint64_t> parse_u64(command cmd, std::span<const std::uint8_t> payload);
// get_alignment's value must also be a power of two no larger than 1 MiB: fake or hostile values
// would make every offset meaningless.
result<std::uint64_t> parse_alignment(std::span<const std::uint8_t> payload);
// copy_tensor's result byte: 0 or 1.
result<bool> parse_copy_result(std::span<const std::uint8_t> payload);

} // namespace planscope::rpc
