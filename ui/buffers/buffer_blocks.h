#pragma once
// What the buffer view draws at one step, as plain values: per allocator buffer its tensors,
// free blocks (clipped to the high-water mark) and the views and inplace nodes living inside
// other tensors' memory; the pre-allocated buffers as one summary. Stepping forward and back must
// give equal values, which the tests check.
#include "alloc/alloc_replay.h"
#include "core/document.h"

#include <span>
#include <string>
#include <vector>

namespace planscope::ui {

enum class BlockKind : std::uint8_t {
    Tensor, // memory a tensor allocated and still holds
    Leaked, // the part of an allocation the seed never freed (an inplace node freed with its own size)
    Free,   // a free block below the high-water mark
};

struct StripBlock {
    BlockKind kind = BlockKind::Free;
    planscope::tensor_id tensor; // invalid for free blocks
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    [[nodiscard]] std::uint64_t end() const { return offset + size; }
    friend bool operator==(const StripBlock&, const StripBlock&) = default;
};

// A view or inplace node: a range of its source's memory, drawn on the source's block.
struct SharedRegion {
    planscope::tensor_id tensor;
    planscope::tensor_id source; // the tensor whose allocation it lives in
    planscope::placed_by how = planscope::placed_by::view;
    std::uint64_t offset = 0;
    std::uint64_t size = 0;
    friend bool operator==(const SharedRegion&, const SharedRegion&) = default;
};

struct BufferStrip {
    planscope::buffer_id buffer;
    std::string name;            // the document's name for it, else "buffer N"
    std::uint64_t highWater = 0; // the allocator's max_size so far
    std::vector<StripBlock> blocks; // by offset; tensors and free blocks do not overlap
    std::vector<SharedRegion> shared; // by tensor id
    friend bool operator==(const BufferStrip&, const BufferStrip&) = default;
};

// A buffer whose tensors were placed before the recording (weights, KV cache, inputs).
struct PreallocatedBuffer {
    planscope::buffer_id buffer;
    std::string name;
    std::uint64_t size = 0;
    std::size_t tensors = 0; // tensors of the document placed in it
    friend bool operator==(const PreallocatedBuffer&, const PreallocatedBuffer&) = default;
};

// The document's name for buffer `b`, "compute" for the one plan_graph appends, else "buffer N".
std::string bufferDisplayName(const planscope::graph_document& doc, planscope::buffer_id b);

// One strip per buffer the recording attached, by buffer id. `doc` names buffers and sizes views.
std::vector<BufferStrip> stripsAt(const planscope::replay_state& state, const planscope::graph_document& doc);
// The same after the first `step` events of `events` (a fresh replay; `step` is clamped).
std::vector<BufferStrip> stripsAtStep(std::span<const planscope::alloc_event> events,
                                      const planscope::graph_document& doc, std::size_t step);
// The document's buffers that no event of `events` attaches, in document order.
std::vector<PreallocatedBuffer> preallocatedBuffers(std::span<const planscope::alloc_event> events,
                                                    const planscope::graph_document& doc);

// The block of `strip` that holds `offset`, or nullptr.
const StripBlock* blockAt(const BufferStrip& strip, std::uint64_t offset);

} // namespace planscope::ui
