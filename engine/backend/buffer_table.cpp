#include "buffer_table.h"

namespace planscope {

status buffer_table::add(std::shared_ptr<backend_buffer> buffer) {
    if (!buffer) return error{"buffer table: no buffer"};
    const buffer_id id = buffer->id();
    if (!id.valid()) return error{"buffer table: the buffer has no id"};
    if (!m_buffers.try_emplace(id, std::move(buffer)).second)
        return error{"buffer table: buffer " + std::to_string(id.value) + " is already registered"};
    return success();
}

bool buffer_table::remove(buffer_id id) { return m_buffers.erase(id) != 0; }

backend_buffer* buffer_table::find(buffer_id id) const {
    const auto it = m_buffers.find(id);
    return it == m_buffers.end() ? nullptr : it->second.get();
}

result<bound_tensor> buffer_table::bind(const tensor& t) const {
    if (!t.where) return error{"tensor '" + t.name + "' is not allocated"};
    backend_buffer* buffer = find(t.where->buffer);
    if (!buffer)
        return error{"tensor '" + t.name + "' is placed in buffer " + std::to_string(t.where->buffer.value) +
                     ", which is not registered"};
    const std::size_t bytes = nbytes(t);
    const std::uint64_t offset = t.where->offset;
    if (offset > buffer->size() || bytes > buffer->size() - offset)
        return error{"tensor '" + t.name + "' (" + std::to_string(bytes) + " bytes at offset " +
                     std::to_string(offset) + ") does not fit in buffer " + std::to_string(t.where->buffer.value) +
                     " of " + std::to_string(buffer->size()) + " bytes"};
    return bound_tensor{&t, buffer};
}

} // namespace planscope
