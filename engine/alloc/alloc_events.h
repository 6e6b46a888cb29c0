#pragma once
// Every decision the allocators make, as values: an observer receives them as they happen, a
// recorder keeps them, and alloc_replayer (alloc_replay.h) rebuilds the allocator state at any
// step from a recording. The UI steps through these; tests compare them.
#include "core/context.h"
#include "core/tensor.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace planscope {

// A free range of a buffer, as an offset from the buffer's base address.
struct free_block {
    std::uint64_t offset = 0;
    std::size_t size = 0;
    [[nodiscard]] std::uint64_t end() const { return offset + size; }
    friend bool operator==(const free_block&, const free_block&) = default;
};

// How a freed range joined the free list.
enum class merge_kind : std::uint8_t {
    new_block, // no free neighbour: inserted at its address position
    previous,  // appended to the block that ends where it starts
    next,      // prepended to the block that starts where it ends
    both,      // bridged the two: they became one block
};

// Why an inplace-capable node did not take over a parent's memory.
enum class refusal : std::uint8_t {
    external,            // the parent is not in this allocator's buffer (weights, KV cache, unallocated)
    other_children,      // the parent has children other than this node still to run
    has_views,           // views of the parent are still alive
    layout_differs,      // type, ne or nb differ
    view_source_shared,  // the parent is a view whose source has other views or children
    view_offset_nonzero, // the parent is a view that does not start at its source's first byte
    output,              // the parent, or the source it views, is a graph output (ggml 2026)
    view_not_own,        // the parent is a view, which ggml 2026 never counts as its own
};

enum class failure_kind : std::uint8_t {
    out_of_space,         // no free block is large enough
    too_many_free_blocks, // a free would need more than max_free_blocks blocks
    invalid_graph,        // the graph cannot be allocated (bad parse_seq, view of nothing, no allocator)
};

namespace events {

// A tensor allocator started reporting: its state at that moment, so recordings are self-contained.
struct attach {
    buffer_id buffer;
    std::size_t alignment = 0;
    bool is_measure = false;
    std::vector<free_block> blocks;
    std::size_t max_size = 0;
};
struct alloc {
    tensor_id tensor;
    buffer_id buffer;
    std::uint64_t offset = 0;
    std::size_t size = 0;                // aligned
    std::size_t block = 0;               // index of the chosen block in `candidates`
    bool last_block = false;             // no other block fitted: the last block was the last resort
    std::vector<free_block> candidates;  // the whole free list before the allocation
    std::size_t max_size_before = 0;
    std::size_t max_size_after = 0;
};
struct free {
    tensor_id tensor;
    buffer_id buffer;
    std::uint64_t offset = 0;
    std::size_t size = 0; // aligned
    merge_kind merge = merge_kind::new_block;
    std::size_t block = 0; // index of the block that now holds the range
    free_block result;     // that block
};
struct failure {
    tensor_id tensor;
    buffer_id buffer;
    failure_kind kind = failure_kind::out_of_space;
    std::size_t bytes = 0;        // aligned size asked for or freed
    std::size_t largest_free = 0; // largest free block at the time
    std::string message;
};
struct reset {
    buffer_id buffer;
    std::vector<free_block> blocks_before;
    free_block initial;
};
// The graph allocator starts on a node (its sources, then the node itself).
struct node {
    std::size_t position = 0; // index in the allocation sequence (graph order or parse_seq)
    std::size_t index = 0;    // index in graph.nodes
    tensor_id tensor;
};
// A parse_seq barrier: the sources of the nodes since the previous barrier are released now.
struct barrier {
    std::size_t position = 0;
};
struct view {
    tensor_id tensor;
    tensor_id source; // view_src
    placement where;
    bool up_front = false; // a view of a pre-allocated tensor, initialised while counting
};
struct inplace {
    tensor_id node;
    tensor_id parent;
    tensor_id source; // the tensor node now aliases: parent, or parent's view_src
    placement where;
};
struct refused {
    tensor_id node;
    tensor_id parent;
    refusal reason = refusal::external;
};
// What ggml_gallocr_alloc_graph returns: the allocator's high-water mark.
struct measure {
    buffer_id buffer;
    std::size_t max_size = 0;
    bool is_measure = false;
};

} // namespace events

using alloc_event = std::variant<events::attach, events::alloc, events::free, events::failure, events::reset,
                                 events::node, events::barrier, events::view, events::inplace, events::refused,
                                 events::measure>;

class alloc_observer {
public:
    virtual ~alloc_observer() = default;
    virtual void on_event(const alloc_event& e) = 0;
};

class alloc_recorder final : public alloc_observer {
public:
    void on_event(const alloc_event& e) override;
    [[nodiscard]] const std::vector<alloc_event>& events() const { return m_events; }
    void clear() { m_events.clear(); }

private:
    std::vector<alloc_event> m_events;
};

std::string_view name(merge_kind m);
std::string_view name(refusal r);
std::string_view name(failure_kind f);
// "alloc", "free", "inplace", ...
std::string_view kind_name(const alloc_event& e);
// One line for logs and the UI's event list, naming tensors from `ctx`.
std::string describe(const alloc_event& e, const context& ctx);

} // namespace planscope
