#pragma once
// Which backend buffer each document buffer id is: the caller (a session, a test, a benchmark)
// owns one table and registers every buffer its tensors are placed in — compute buffers, the
// KV cache, a buffer wrapping a GGUF mapping — so a placement {buffer, offset} resolves to memory.
#include "buffer.h"
#include "core/error.h"

#include <memory>
#include <unordered_map>

namespace planscope {

class buffer_table {
public:
    // Fails for a null buffer or an id already registered.
    status add(std::shared_ptr<backend_buffer> buffer);
    // Forgets the buffer (tensors placed in it no longer resolve); false if it was not registered.
    bool remove(buffer_id id);
    [[nodiscard]] backend_buffer* find(buffer_id id) const;
    [[nodiscard]] std::size_t size() const { return m_buffers.size(); }

    // The tensor's buffer. Errors: not allocated (ggml: data == NULL), its buffer is not
    // registered, or its bytes do not lie inside the buffer.
    [[nodiscard]] result<bound_tensor> bind(const tensor& t) const;

private:
    std::unordered_map<buffer_id, std::shared_ptr<backend_buffer>> m_buffers;
};

} // namespace planscope
