#pragma once
// What a tensor allocator needs to know about the memory it carves up: ggml_backend_buffer as
// seen by ggml-alloc.c. Real backend buffers (CPU, OpenCL) implement this interface; plans
// that never touch memory use plain_buffer.
#include "core/ids.h"
#include "core/tensor.h"

#include <cstdint>
#include <functional>

namespace planscope {

class alloc_buffer {
public:
    virtual ~alloc_buffer() = default;

    // The document buffer this memory is: allocated tensors get placement{id(), offset}.
    [[nodiscard]] virtual buffer_id id() const = 0;
    // Address of the first byte. Only alignment math looks at it: the first free block starts
    // at the first aligned address, so offsets are relative to an aligned base.
    [[nodiscard]] virtual std::uint64_t base() const = 0;
    [[nodiscard]] virtual std::size_t size() const = 0;
    [[nodiscard]] virtual std::size_t alignment() const = 0; // a power of two
    // ggml_backend_buffer_get_alloc_size: backends may need more than nbytes (padding).
    [[nodiscard]] virtual std::size_t alloc_size(const tensor& t) const { return nbytes(t); }
    // The buffer's post-allocation / pre-free callbacks; the allocator skips them when measuring.
    virtual void init_tensor(tensor_id, const tensor&) {}
    virtual void free_tensor(tensor_id, const tensor&) {}
};

// A buffer that is only an address range: what plans and tests allocate in.
class plain_buffer final : public alloc_buffer {
public:
    using size_hook = std::function<std::size_t(const tensor&)>;

    plain_buffer(buffer_id id, std::uint64_t base, std::size_t size, std::size_t alignment, size_hook hook = {})
        : m_id(id), m_base(base), m_size(size), m_alignment(alignment), m_hook(std::move(hook)) {}

    [[nodiscard]] buffer_id id() const override { return m_id; }
    [[nodiscard]] std::uint64_t base() const override { return m_base; }
    [[nodiscard]] std::size_t size() const override { return m_size; }
    [[nodiscard]] std::size_t alignment() const override { return m_alignment; }
    [[nodiscard]] std::size_t alloc_size(const tensor& t) const override { return m_hook ? m_hook(t) : nbytes(t); }

private:
    buffer_id m_id;
    std::uint64_t m_base;
    std::size_t m_size;
    std::size_t m_alignment;
    size_hook m_hook;
};

} // namespace planscope
