#include "cpu_buffer.h"

#include "backend/backend.h"

#include <cstdlib>
#include <limits>

namespace planscope {

result<std::shared_ptr<cpu_buffer>> cpu_buffer::allocate(backend& owner, buffer_id id, std::size_t size) {
    const std::size_t padding = owner.alignment();
    if (size > std::numeric_limits<std::size_t>::max() - padding)
        return error{"CPU buffer of " + std::to_string(size) + " bytes is too large"};
    const std::size_t total = size + padding;
    auto* data = static_cast<std::byte*>(std::malloc(total));
    if (!data) return error{"failed to allocate a CPU buffer of " + std::to_string(total) + " bytes"};
    return std::shared_ptr<cpu_buffer>(new cpu_buffer(owner, id, data, total, true));
}

std::shared_ptr<cpu_buffer> cpu_buffer::wrap(backend& owner, buffer_id id, void* ptr, std::size_t size) {
    return std::shared_ptr<cpu_buffer>(new cpu_buffer(owner, id, static_cast<std::byte*>(ptr), size, false));
}

void cpu_buffer::mark_weights() {
    if (!m_packed) m_packed = std::make_unique<cpu::packed_weights>();
}

cpu_buffer::~cpu_buffer() {
    if (m_owned) std::free(m_data);
}

} // namespace planscope
