#pragma once
// ggml_tallocr: carves tensors out of one buffer with a best-fit free list, byte for byte as
// ggml-alloc.c (2023-11) does. Failures that the seed asserts on are returned as errors and leave
// the allocator exactly as it was.
#include "alloc_buffer.h"
#include "alloc_events.h"
#include "core/context.h"
#include "core/error.h"

#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace planscope {

// ggml_tallocr_new_measure: a fake address range that cannot run out.
inline constexpr std::uint64_t measure_base = 0x1000;
inline constexpr std::size_t measure_capacity = SIZE_MAX / 2; // half of size_t: offsets cannot overflow
// MAX_FREE_BLOCKS: the seed's fixed free-list array.
inline constexpr std::size_t max_free_blocks = 256;

// aligned_offset(): `offset` moved up so that base + offset is a multiple of `alignment`.
// With base 0 this rounds a size up, as the seed does for every tensor size.
constexpr std::uint64_t aligned_offset(std::uint64_t base, std::uint64_t offset, std::size_t alignment) {
    return offset + (alignment - (base + offset) % alignment) % alignment;
}

class tensor_allocator {
public:
    // ggml_tallocr_new_from_buffer: allocates inside `buffer`.
    static result<tensor_allocator> create(std::shared_ptr<alloc_buffer> buffer);
    // ggml_tallocr_new_measure: only max_size matters; base 0x1000 and SIZE_MAX/2 bytes, with the
    // buffer's id, alignment and alloc_size.
    static result<tensor_allocator> create_measure(std::shared_ptr<alloc_buffer> buffer);

    [[nodiscard]] buffer_id buffer() const { return m_id; }
    [[nodiscard]] const alloc_buffer& buffer_info() const { return *m_buffer; }
    [[nodiscard]] bool is_measure() const { return m_measure; }
    [[nodiscard]] std::size_t alignment() const { return m_alignment; }
    [[nodiscard]] std::size_t max_size() const { return m_max_size; }
    [[nodiscard]] std::span<const free_block> free_blocks() const { return m_blocks; }
    [[nodiscard]] std::size_t largest_free_block() const;

    // ggml_tallocr_is_own: the tensor is placed in this allocator's buffer.
    [[nodiscard]] bool is_own(const tensor& t) const { return t.where && t.where->buffer == buffer(); }
    // The bytes a tensor takes here: alloc_size rounded up to the alignment.
    [[nodiscard]] std::size_t aligned_size(const tensor& t) const;

    // ggml_tallocr_alloc. The tensor must be an unplaced non-view.
    status alloc(context& ctx, tensor_id id);
    // ggml_tallocr_free_tensor. Tensors of other buffers are ignored (weights, KV cache).
    status free_tensor(context& ctx, tensor_id id);
    // The same for a tensor the caller holds already (`t` is tensor `id`): the graph allocator,
    // which would otherwise look every tensor up in the context again.
    status alloc(tensor_id id, tensor& t);
    status free_tensor(tensor_id id, const tensor& t);
    // The buffer callback init_view() makes for a view the graph allocator placed.
    void init_view(tensor_id id, const tensor& view) {
        if (!m_measure) m_buffer->init_tensor(id, view);
    }
    // ggml_tallocr_reset: one free block spanning the buffer. max_size is kept, as in the seed.
    void reset();

    // Reports every later decision to `observer` (nullptr: none), starting with an attach event.
    void set_observer(alloc_observer* observer);

    // What a failed graph allocation restores.
    struct snapshot {
        std::vector<free_block> blocks;
        std::size_t max_size = 0;
    };
    [[nodiscard]] snapshot save() const { return {m_blocks, m_max_size}; }
    void restore(snapshot s);

private:
    tensor_allocator(std::shared_ptr<alloc_buffer> buffer, bool measure);

    struct fit {
        std::size_t block;
        bool last_block;
    };
    [[nodiscard]] std::optional<fit> best_fit(std::size_t size) const;
    void take(std::size_t block, std::size_t size);
    // Returns how the range joined the list and the index of the block holding it.
    std::pair<merge_kind, std::size_t> release(std::uint64_t offset, std::size_t size);
    [[nodiscard]] free_block initial_block() const;
    error fail(tensor_id id, failure_kind kind, std::size_t bytes, std::string message) const;

    std::shared_ptr<alloc_buffer> m_buffer;
    // The buffer's id and alignment, which never change: read at every allocation and free,
    // without a virtual call.
    buffer_id m_id;
    std::size_t m_alignment = 0;
    std::uint64_t m_base = 0;
    bool m_measure = false;
    std::vector<free_block> m_blocks; // sorted by offset, never empty blocks
    std::size_t m_max_size = 0;
    alloc_observer* m_observer = nullptr;
};

} // namespace planscope
