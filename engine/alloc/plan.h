#pragma once
// A plan: the graph of a document allocated the way llama.cpp's measure pass did it (2023-11),
// into one new compute buffer. What `planscope-cli plan` prints and the GUI shows.
#include "alloc_events.h"
#include "core/document.h"
#include "core/error.h"

#include <span>
#include <unordered_map>
#include <vector>

namespace planscope {

inline constexpr std::string_view compute_buffer_name = "compute";

struct plan_options {
    // ggml_allocr_new_measure(alignment); llama.cpp passed its tensor_alignment, 32.
    std::size_t alignment = 32;
    // Allocated in the compute buffer before the graph, in this order: llama.cpp's inputs, which
    // its build callback allocated one by one (ggml_allocr_alloc).
    std::vector<tensor_id> preallocate;
    alloc_observer* observer = nullptr; // receives every allocation event
};

struct plan_result {
    buffer_id compute;     // appended to the document's buffers, sized max_size
    std::size_t max_size = 0;
    std::unordered_map<tensor_id, tensor_id> inplace_of; // node -> the parent whose memory it took
    std::vector<free_block> free_after; // the free list after the graph, within max_size
};

// A measure allocator's free list as a buffer of `size` bytes would hold it: its last block runs
// to the measure capacity and is cut at `size` (dropped when nothing of it is left).
std::vector<free_block> free_list_within(std::span<const free_block> blocks, std::size_t size);

// Places every tensor of doc's graph (honouring doc.parse_seq) in a measure allocator for a new
// CPU buffer named "compute". On error the document is left as it was. Plan a freshly loaded
// document: placements from an earlier plan count as pre-allocated, as ggml's data pointers do.
result<plan_result> plan_graph(graph_document& doc, const plan_options& options = {});

} // namespace planscope
