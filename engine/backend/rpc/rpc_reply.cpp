#include "rpc_reply.h"

#include <string>

namespace planscope::rpc {
namespace {

std::uint64_t le64(std::span<const std::uint8_t> p) {
    std::uint64_t v = 0;
    for (std::size_t i = 0; i < 8; ++i) v |= std::uint64_t{p[i]} << (8 * i);
    return v;
}

status check_size(command cmd, std::span<const std::uint8_t> payload, std::size_t want) {
    if (payload.size() != want)
        return error{"the " + std::string(command_name(cmd)) + " reply has " + std::to_string(payload.size()) +
                     " bytes, expected " + std::to_string(want)};
    return success();
}

} // namespace

status check_reply_length(command cmd, std::uint64_t announced, std::size_t expected) {
    const std::string what = "the server announced a " + std::string(command_name(cmd)) + " reply of " +
                             std::to_string(announced) + " bytes";
    if (expected > max_reply_size)
        return error{what + ": more than the " + std::to_string(max_reply_size) + " bytes Planscope reads at once"};
    if (announced != expected) return error{what + ", expected " + std::to_string(expected)};
    return success();
}

std::uint64_t read_length(std::span<const std::uint8_t, 8> prefix) { return le64(prefix); }

result<protocol_version> parse_hello(std::span<const std::uint8_t> payload) {
    if (auto s = check_size(command::hello, payload, hello_reply_size); !s) return s.err();
    const protocol_version got{payload[0], payload[1], payload[2]};
    if (got != version)
        return error{"the server speaks RPC protocol " + to_string(got) + ", Planscope " + to_string(version)};
    return got;
}

result<alloc_reply> parse_alloc_buffer(std::span<const std::uint8_t> payload) {
    if (auto s = check_size(command::alloc_buffer, payload, alloc_buffer_reply_size); !s) return s.err();
    return alloc_reply{le64(payload.subspan(0, 8)), le64(payload.subspan(8, 8))};
}

result<memory_reply> parse_device_memory(std::span<const std::uint8_t> payload) {
    if (auto s = check_size(command::get_device_memory, payload, device_memory_reply_size); !s) return s.err();
    const memory_reply m{le64(payload.subspan(0, 8)), le64(payload.subspan(8, 8))};
    if (m.free > m.total)
        return error{"the server reports " + std::to_string(m.free) + " bytes free of " + std::to_string(m.total)};
    return m;
}

result<std::uint64_t> parse_u64(command cmd, std::span<const std::uint8_t> payload) {
    if (auto s = check_size(cmd, payload, u64_reply_size); !s) return s.err();
    return le64(payload);
}

result<std::uint64_t> parse_alignment(std::span<const std::uint8_t> payload) {
    auto a = parse_u64(command::get_alignment, payload);
    if (!a) return a;
    if (*a == 0 || (*a & (*a - 1)) != 0 || *a > (std::uint64_t{1} << 20))
        return error{"the server's alignment " + std::to_string(*a) + " is not a power of two up to 1 MiB"};
    return a;
}

result<bool> parse_copy_result(std::span<const std::uint8_t> payload) {
    if (auto s = check_size(command::copy_tensor, payload, copy_tensor_reply_size); !s) return s.err();
    if (payload[0] > 1) return error{"the copy_tensor result is " + std::to_string(payload[0]) + ", not 0 or 1"};
    return payload[0] == 1;
}

} // namespace planscope::rpc
