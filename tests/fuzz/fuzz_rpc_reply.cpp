// An rpc-server's replies as a hostile server may send them (backend/rpc/rpc_reply.h): the input
// is the byte stream a client reads for the calls rpc_backend makes, in its order (hello,
// get_alignment, get_max_size, get_device_memory, alloc_buffer, buffer_get_base, then a
// get_tensor of 16 x byte 0 bytes, copy_tensor, again and again), each | u64 length | payload |.
// A length must be accepted only when it is the call's own; what is accepted parses or fails in
// one line, and nothing is allocated from a length.
#include "fuzz_support.h"

#include "backend/rpc/rpc_reply.h"

#include <array>
#include <span>

namespace {

using namespace planscope;
using namespace planscope::rpc;

// Parses a payload as `cmd`'s reply; errors must be one line.
void parse(command cmd, std::span<const std::uint8_t> payload) {
    switch (cmd) {
    case command::hello:
        if (auto r = parse_hello(payload); !r) fuzz::check_error("parse_hello", r.err());
        else if (!(*r == version)) fuzz::finding("parse_hello", "accepted another protocol version");
        break;
    case command::get_alignment:
        if (auto r = parse_alignment(payload); !r) fuzz::check_error("parse_alignment", r.err());
        else if (*r == 0 || (*r & (*r - 1)) != 0) fuzz::finding("parse_alignment", "accepted a non-power of two");
        break;
    case command::get_device_memory:
        if (auto r = parse_device_memory(payload); !r) fuzz::check_error("parse_device_memory", r.err());
        else if (r->free > r->total) fuzz::finding("parse_device_memory", "accepted free > total");
        break;
    case command::alloc_buffer:
        if (auto r = parse_alloc_buffer(payload); !r) fuzz::check_error("parse_alloc_buffer", r.err());
        break;
    case command::copy_tensor:
        if (auto r = parse_copy_result(payload); !r) fuzz::check_error("parse_copy_result", r.err());
        break;
    case command::get_tensor: break; // the bytes themselves: anything goes
    default:
        if (auto r = parse_u64(cmd, payload); !r) fuzz::check_error("parse_u64", r.err());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::size_t tensor_bytes = std::size_t{data[0]} * 16;
    const std::array<std::pair<command, std::size_t>, 8> calls{{
        {command::hello, hello_reply_size},
        {command::get_alignment, u64_reply_size},
        {command::get_max_size, u64_reply_size},
        {command::get_device_memory, device_memory_reply_size},
        {command::alloc_buffer, alloc_buffer_reply_size},
        {command::buffer_get_base, u64_reply_size},
        {command::get_tensor, tensor_bytes},
        {command::copy_tensor, copy_tensor_reply_size},
    }};
    std::span<const std::uint8_t> rest(data + 1, size - 1);
    for (std::size_t i = 0;; ++i) {
        const auto [cmd, expected] = calls[i % calls.size()];
        if (rest.size() < 8) return 0; // the server closed the connection
        const std::uint64_t announced = read_length(rest.first<8>());
        rest = rest.subspan(8);
        if (auto s = check_reply_length(cmd, announced, expected); !s) {
            fuzz::check_error("check_reply_length", s.err());
            return 0; // the connection is closed after a bad length
        }
        if (announced != expected) fuzz::finding("check_reply_length", "accepted a length other than the call's");
        if (rest.size() < expected) return 0;
        parse(cmd, rest.first(expected));
        rest = rest.subspan(expected);
    }
}
