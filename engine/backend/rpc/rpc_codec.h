#pragma once
// The request payloads of ggml's RPC protocol (rpc_protocol.h), as pure functions: rpc_tensor,
// the graph_compute message and each command's request, little-endian, packed as the server's
// structs are. No I/O: tests and the fuzzer check them byte by byte.
#include "rpc_protocol.h"

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace planscope::rpc {

using bytes = std::vector<std::uint8_t>;

// rpc_tensor: what the server's deserialize_tensor reads. id 0 is "no tensor"; buffer is the
// server's ggml_backend_buffer_t (remote_ptr) and data the tensor's address in its memory.
struct wire_tensor {
    std::uint64_t id = 0;
    std::uint32_t type = 0;
    std::uint64_t buffer = 0;
    std::array<std::uint32_t, wire_max_dims> ne{};
    std::array<std::uint32_t, wire_max_dims> nb{};
    std::uint32_t op = 0;
    std::array<std::int32_t, wire_op_params> op_params{};
    std::int32_t flags = 0;
    std::array<std::uint64_t, wire_max_src> src{};
    std::uint64_t view_src = 0;
    std::uint64_t view_offs = 0;
    std::uint64_t data = 0;
    std::string name; // the first wire_max_name - 1 bytes are sent, NUL-padded
};

// wire_tensor_size bytes appended to `out`.
void append_tensor(bytes& out, const wire_tensor& t);

// graph_compute: | device (u32) | n_nodes (u32) | node ids (u64 each) | n_tensors (u32) |
// tensors (rpc_tensor each) |. Every node and every tensor a node reaches (sources, view
// sources) must be among `tensors`; the server rebuilds the graph from the ids.
bytes graph_request(std::uint32_t device, std::span<const std::uint64_t> nodes, std::span<const wire_tensor> tensors);

bytes hello_request();                                        // conn_caps: zeros, plain TCP
bytes device_request(std::uint32_t device);                   // get_alignment, get_max_size, get_device_memory
bytes alloc_buffer_request(std::uint32_t device, std::uint64_t size);
bytes remote_ptr_request(std::uint64_t remote_ptr);           // buffer_get_base, free_buffer
// set_tensor's payload is | rpc_tensor | offset (u64) | data |: this is the part before the data,
// which is sent from where it lies.
bytes set_tensor_header(const wire_tensor& t, std::uint64_t offset);
bytes get_tensor_request(const wire_tensor& t, std::uint64_t offset, std::uint64_t size);
bytes copy_tensor_request(const wire_tensor& src, const wire_tensor& dst);

} // namespace planscope::rpc
