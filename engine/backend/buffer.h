#pragma once
// A backend's memory: ggml_backend_buffer of ggml-backend-impl.h, slot by slot. It is an
// alloc_buffer too, so the tensor and graph allocators place tensors in it directly: a tensor
// placed at {id(), offset} has its bytes at data() + offset.
#include "alloc/alloc_buffer.h"

#include <cstddef>

namespace planscope {

class backend;

class backend_buffer : public alloc_buffer {
public:
    // free_buffer: the destructor. Memory the buffer does not own (a buffer made from a pointer)
    // is left alone, as the seed's cpu_backend_buffer_i_from_ptr has no free_buffer.
    ~backend_buffer() override = default;
    backend_buffer(const backend_buffer&) = delete;
    backend_buffer& operator=(const backend_buffer&) = delete;

    // get_base: required; never null (the seed asserts it). For a buffer that is not
    // host_visible() (device memory: an OpenCL cl_mem) it is a fake, aligned address that only
    // offset and alignment math may use, never dereferenced; its bytes move through its owner's
    // set/get/copy slots.
    [[nodiscard]] virtual std::byte* data() const = 0;
    // Whether data() is host memory that the CPU may read and write directly (later ggml's
    // ggml_backend_buffer_is_host). CPU buffers are; device buffers override this with false.
    [[nodiscard]] virtual bool host_visible() const { return true; }

    // The backend that made the buffer and moves its tensors' bytes; it must outlive the buffer.
    [[nodiscard]] backend& owner() const { return m_owner; }

    // alloc_buffer's slots, fixed here:
    // - id: the document buffer this memory is.
    // - base: data() as an address, so the allocator aligns offsets to real addresses.
    // - size: the bytes the buffer holds (ggml_backend_buffer_get_size).
    // - alignment: the owning backend's (ggml_backend_buffer_get_alignment).
    [[nodiscard]] buffer_id id() const final { return m_id; }
    [[nodiscard]] std::uint64_t base() const final { return reinterpret_cast<std::uintptr_t>(data()); }
    [[nodiscard]] std::size_t size() const final { return m_size; }
    [[nodiscard]] std::size_t alignment() const final;
    // And alloc_buffer's optional slots, which a backend overrides when it needs them:
    // - alloc_size: optional; defaults to nbytes(t) (ggml_backend_buffer_get_alloc_size).
    // - init_tensor: optional; defaults to nothing (the post-allocation callback).
    // - free_tensor: optional; defaults to nothing (the pre-free callback).

protected:
    backend_buffer(backend& owner, buffer_id id, std::size_t size) : m_owner(owner), m_id(id), m_size(size) {}

private:
    backend& m_owner;
    buffer_id m_id;
    std::size_t m_size;
};

// A placed tensor together with the buffer its placement names: what a backend reads and writes.
struct bound_tensor {
    const tensor* desc = nullptr;
    backend_buffer* buffer = nullptr;

    // Only meaningful (dereferenceable) when buffer->host_visible().
    [[nodiscard]] std::byte* data() const { return buffer->data() + desc->where->offset; }
    [[nodiscard]] backend& owner() const { return buffer->owner(); }
};

} // namespace planscope
