#pragma once
// ggml_dyn_tallocr of ggml 2026 (ggml-alloc.c of d99724f2, lines 91-385): the measuring allocator
// behind ggml_gallocr_reserve, over a buffer that may be split into chunks of at most
// max_buffer_size bytes (the buffer type's maximum), each chunk one backend buffer later.
// Differences from the 2023 allocator (docs/ggml-versions.md): offsets are (chunk, offset) pairs;
// the best fit skips each chunk's last block and, only when nothing else fits, takes the last
// block of the chunk whose size grows least (or is left with the least unused room); a chunk
// starts at max(tensor, max_buffer_size) bytes and the sixteenth is unbounded.
// What ggml asserts on (out of free blocks, out of chunks, a size past SIZE_MAX/2) is an error
// here, and leaves the allocator as it was.
#include "alloc/alloc_events.h"
#include "core/error.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace planscope::ggml2026 {

// GGML_VBUFFER_MAX_CHUNKS and MAX_FREE_BLOCKS (per chunk).
inline constexpr int max_chunks = 16;
inline constexpr std::size_t max_free_blocks = 256;
// The room of the last chunk, and the largest max_buffer_size: SIZE_MAX / 2 keeps sums exact.
inline constexpr std::size_t unbounded = SIZE_MAX / 2;

// SIZE rounded up to a multiple of ALIGNMENT (ggml's GGML_PAD).
constexpr std::size_t aligned(std::size_t size, std::size_t alignment) {
    return size + (alignment - size % alignment) % alignment;
}

// ggml's buffer_address: a chunk and an offset in it.
struct chunk_address {
    int chunk = -1;
    std::uint64_t offset = 0;
    friend bool operator==(const chunk_address&, const chunk_address&) = default;
};

// What an allocation chose, for allocator events: the index of the block in its chunk's free list
// before the allocation, whether it was that chunk's last block, and whether the chunk is new.
struct alloc_choice {
    std::size_t block = 0;
    bool last_block = false;
    bool new_chunk = false;
};

// How freed bytes joined their chunk's free list: merge kind, the index of the block that holds
// them now, and that block.
struct free_merge {
    merge_kind merge = merge_kind::new_block;
    std::size_t block = 0;
    free_block result;
};

class dyn_allocator {
public:
    // ggml_dyn_tallocr_new; `alignment` a power of two.
    dyn_allocator(std::size_t alignment, std::size_t max_buffer_size);

    // ggml_dyn_tallocr_alloc: `size` rounded up to the alignment. `chosen`, when given, receives
    // what was chosen.
    result<chunk_address> alloc(std::size_t size, alloc_choice* chosen = nullptr);
    // ggml_dyn_tallocr_free_bytes: merged with the free block it touches, or inserted in order.
    status free_bytes(chunk_address addr, std::size_t size, free_merge* merge = nullptr);
    // ggml_dyn_tallocr_reset: no chunks.
    void reset() { m_chunks.clear(); }

    [[nodiscard]] std::size_t alignment() const { return m_alignment; }
    [[nodiscard]] std::size_t max_chunk_size() const { return m_max_chunk_size; }
    [[nodiscard]] int n_chunks() const { return static_cast<int>(m_chunks.size()); }
    // ggml_dyn_tallocr_max_size: the chunk's high-water mark, 0 past the last chunk.
    [[nodiscard]] std::size_t max_size(int chunk) const;
    [[nodiscard]] std::span<const free_block> free_blocks(int chunk) const;

private:
    struct chunk {
        std::vector<free_block> blocks; // by offset
        std::size_t max_size = 0;
    };
    struct choice {
        int chunk = -1;
        std::size_t block = 0;
    };
    [[nodiscard]] choice best_fit(std::size_t size) const;
    [[nodiscard]] choice best_last_block(std::size_t size) const;

    std::size_t m_alignment;
    std::size_t m_max_chunk_size;
    std::vector<chunk> m_chunks;
};

} // namespace planscope::ggml2026
