#include "backend.h"

namespace planscope {
namespace {

// The seed's "tensor write/read out of bounds" assert, overflow-safe.
status check_range(const tensor& t, std::size_t offset, std::size_t size, const char* what) {
    const std::size_t bytes = nbytes(t);
    if (offset > bytes || size > bytes - offset)
        return error{std::string("tensor ") + what + " out of bounds: '" + t.name + "' has " + std::to_string(bytes) +
                     " bytes, the range is [" + std::to_string(offset) + ", " + std::to_string(offset) + " + " +
                     std::to_string(size) + ")"};
    return success();
}

} // namespace

std::size_t backend_buffer::alignment() const { return m_owner.alignment(); }

copy_outcome backend::copy_tensor_from(const bound_tensor&, const bound_tensor&) { return std::nullopt; }
copy_outcome backend::copy_tensor_to(const bound_tensor&, const bound_tensor&) { return std::nullopt; }

result<backend*> backend_of(const buffer_table& buffers, const tensor& t) {
    auto bound = buffers.bind(t);
    if (!bound) return bound.err();
    return &bound->owner();
}

status tensor_set_async(const buffer_table& buffers, const tensor& t, const void* data, std::size_t offset,
                        std::size_t size) {
    auto bound = buffers.bind(t);
    if (!bound) return bound.err();
    if (auto s = check_range(t, offset, size, "write"); !s) return s;
    return bound->owner().set_tensor_async(*bound, data, offset, size);
}

status tensor_get_async(const buffer_table& buffers, const tensor& t, void* data, std::size_t offset,
                        std::size_t size) {
    auto bound = buffers.bind(t);
    if (!bound) return bound.err();
    if (auto s = check_range(t, offset, size, "read"); !s) return s;
    return bound->owner().get_tensor_async(*bound, data, offset, size);
}

status tensor_set(const buffer_table& buffers, const tensor& t, const void* data, std::size_t offset,
                  std::size_t size) {
    if (auto s = tensor_set_async(buffers, t, data, offset, size); !s) return s;
    return buffers.bind(t)->owner().synchronize();
}

status tensor_get(const buffer_table& buffers, const tensor& t, void* data, std::size_t offset, std::size_t size) {
    if (auto s = tensor_get_async(buffers, t, data, offset, size); !s) return s;
    return buffers.bind(t)->owner().synchronize();
}

} // namespace planscope
