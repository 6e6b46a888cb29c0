#pragma once
// The CPU backend's buffers: host memory from malloc, or memory someone else owns (the seed's
// ggml_backend_cpu_buffer_from_ptr), e.g. a GGUF file's mapping holding the weights.
#include "backend/buffer.h"
#include "core/error.h"
#include "packed_weights.h"

#include <memory>

namespace planscope {

class cpu_buffer final : public backend_buffer {
public:
    // malloc(size + alignment), as the seed over-allocates because malloc's address may not be
    // aligned; the buffer reports the whole size, the allocator skips to the first aligned byte.
    static result<std::shared_ptr<cpu_buffer>> allocate(backend& owner, buffer_id id, std::size_t size);
    // Wraps [ptr, ptr + size), which the caller keeps alive and does not free while the buffer
    // lives. Writing tensors of a read-only mapping is the caller's mistake to avoid.
    static std::shared_ptr<cpu_buffer> wrap(backend& owner, buffer_id id, void* ptr, std::size_t size);

    ~cpu_buffer() override;

    [[nodiscard]] std::byte* data() const override { return m_data; }
    [[nodiscard]] bool owns_memory() const { return m_owned; }

    // From now on the tensors that MUL_MAT reads as weights (src0) from this buffer keep their
    // bytes while it lives (ggml's GGML_BACKEND_BUFFER_USAGE_WEIGHTS): plans may read them from
    // packed copies (qpack.h), made once, unless the backend's repacking is off.
    void mark_weights();
    // The packed copies, for a buffer of weights; nullptr otherwise.
    [[nodiscard]] cpu::packed_weights* packed() const { return m_packed.get(); }

private:
    cpu_buffer(backend& owner, buffer_id id, std::byte* data, std::size_t size, bool owned)
        : backend_buffer(owner, id, size), m_data(data), m_owned(owned) {}

    std::byte* m_data;
    bool m_owned;
    std::unique_ptr<cpu::packed_weights> m_packed;
};

} // namespace planscope
