#pragma once
// What a compute buffer holds at a step of a recorded allocation, and why: every allocation still
// live, with its lifetime and the readers it waits for, ranked by size; the buffer's high-water
// mark and the free bytes inside it. At the peak step this answers "why is my compute buffer this
// big?" (`planscope-cli plan --peak`, the GUI's Peak dock).
#include "alloc_events.h"
#include "core/document.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace planscope {

// A buffer the recording allocated in: its id, name and final high-water mark.
struct recorded_buffer {
    buffer_id id;
    std::string name;
    std::size_t max_size = 0;
    std::size_t alignment = 0;
    std::size_t peak_step = 0; // the first step whose allocation reached max_size (0: none)
};

// The buffers the recording allocated in, in the order it attached them.
std::vector<recorded_buffer> recorded_buffers(const graph_document& doc, std::span<const alloc_event> events);

struct live_allocation {
    tensor_id owner;            // the tensor that allocated it
    std::uint64_t offset = 0;
    std::size_t size = 0;       // aligned
    std::size_t alloc_step = 0; // the step (events applied) that allocated it
    std::optional<std::size_t> free_step; // the step that freed it; none: held to the end
    std::size_t alloc_node = 0; // allocation-sequence positions of the nodes at those steps
    std::optional<std::size_t> free_node;
    tensor_id alloc_by;         // those nodes (invalid before the first node: a pre-allocated input)
    tensor_id free_by;
    std::vector<tensor_id> riders;          // views and inplace nodes living in it
    std::vector<tensor_id> pending_readers; // nodes reading it (or a rider) not yet run, in order
};

struct live_set {
    buffer_id buffer;
    std::size_t step = 0;
    std::size_t node = 0;            // allocation-sequence position of the node at that step
    std::uint64_t high_water = 0;    // the buffer's max_size after that step
    std::uint64_t live_bytes = 0;
    std::uint64_t free_inside = 0;   // high_water - live_bytes: holes under the high-water mark
    std::vector<live_allocation> allocations; // largest first (then by offset)
};

// The live allocations of `buffer` right after step `step` (1-based: events [0, step) applied).
live_set live_at(const graph_document& doc, std::span<const alloc_event> events, buffer_id buffer, std::size_t step);

// The same, for many steps of one recording: the pass over the events is made once. `doc` and
// `events` must outlive it.
class live_tensors {
public:
    live_tensors(const graph_document& doc, std::span<const alloc_event> events, buffer_id buffer);
    ~live_tensors();
    live_tensors(live_tensors&&) noexcept;
    live_tensors& operator=(live_tensors&&) noexcept;
    [[nodiscard]] live_set at(std::size_t step) const;

private:
    struct index;
    const graph_document* m_doc;
    std::span<const alloc_event> m_events;
    buffer_id m_buffer;
    std::unique_ptr<index> m_index;
};

} // namespace planscope
