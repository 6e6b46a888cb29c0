#include "rpc_codec.h"

#include <algorithm>

namespace planscope::rpc {
namespace {

template <class T>
void put(bytes& out, T v) {
    const auto u = static_cast<std::make_unsigned_t<T>>(v);
    for (std::size_t i = 0; i < sizeof(T); ++i) out.push_back(static_cast<std::uint8_t>(u >> (8 * i)));
}

} // namespace

void append_tensor(bytes& out, const wire_tensor& t) {
    const std::size_t start = out.size();
    put(out, t.id);
    put(out, t.type);
    put(out, t.buffer);
    for (std::uint32_t v : t.ne) put(out, v);
    for (std::uint32_t v : t.nb) put(out, v);
    put(out, t.op);
    for (std::int32_t v : t.op_params) put(out, v);
    put(out, t.flags);
    for (std::uint64_t v : t.src) put(out, v);
    put(out, t.view_src);
    put(out, t.view_offs);
    put(out, t.data);
    const std::size_t n = std::min(t.name.size(), wire_max_name - 1);
    out.insert(out.end(), t.name.begin(), t.name.begin() + static_cast<std::ptrdiff_t>(n));
    out.resize(start + wire_tensor_size, 0); // the name's NUL padding and rpc_tensor's padding[4]
}

bytes graph_request(std::uint32_t device, std::span<const std::uint64_t> nodes, std::span<const wire_tensor> tensors) {
    bytes out;
    out.reserve(12 + nodes.size() * 8 + tensors.size() * wire_tensor_size);
    put(out, device);
    put(out, static_cast<std::uint32_t>(nodes.size()));
    for (std::uint64_t id : nodes) put(out, id);
    put(out, static_cast<std::uint32_t>(tensors.size()));
    for (const wire_tensor& t : tensors) append_tensor(out, t);
    return out;
}

bytes hello_request() { return bytes(conn_caps_size, 0); }

bytes device_request(std::uint32_t device) {
    bytes out;
    put(out, device);
    return out;
}

bytes alloc_buffer_request(std::uint32_t device, std::uint64_t size) {
    bytes out;
    put(out, device);
    put(out, size);
    return out;
}

bytes remote_ptr_request(std::uint64_t remote_ptr) {
    bytes out;
    put(out, remote_ptr);
    return out;
}

bytes set_tensor_header(const wire_tensor& t, std::uint64_t offset) {
    bytes out;
    append_tensor(out, t);
    put(out, offset);
    return out;
}

bytes get_tensor_request(const wire_tensor& t, std::uint64_t offset, std::uint64_t size) {
    bytes out;
    append_tensor(out, t);
    put(out, offset);
    put(out, size);
    return out;
}

bytes copy_tensor_request(const wire_tensor& src, const wire_tensor& dst) {
    bytes out;
    append_tensor(out, src);
    append_tensor(out, dst);
    return out;
}

} // namespace planscope::rpc
