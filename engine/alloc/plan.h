#pragma once
// A plan: the graph of a document allocated the way llama.cpp's measure pass did it, into a new
// compute buffer, by the ggml of late 2023 (the seeds; alloc/ggml2023/) or of 2026 (d99724f2;
// alloc/ggml2026/). What `planscope-cli plan` prints and the GUI shows.
#include "alloc_events.h"
#include "core/document.h"
#include "core/error.h"

#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

namespace planscope {

inline constexpr std::string_view compute_buffer_name = "compute";

// Whose allocator plans: docs/ggml-versions.md lists what differs.
enum class ggml_version : std::uint8_t { v2023, v2026 };
std::string_view name(ggml_version v); // "2023", "2026"
std::optional<ggml_version> parse_ggml_version(std::string_view s);

struct plan_options {
    ggml_version version = ggml_version::v2023;
    // ggml_allocr_new_measure(alignment); llama.cpp passed its tensor_alignment, 32.
    std::size_t alignment = 32;
    // Allocated in the compute buffer before the graph, in this order: llama.cpp's inputs, which
    // its build callback allocated one by one (ggml_allocr_alloc).
    std::vector<tensor_id> preallocate;
    alloc_observer* observer = nullptr; // receives every allocation event
    // 2026: the buffer type's maximum size; beyond it the buffer is split into chunks, each one a
    // buffer of the document ("compute", "compute#1", ...). 2023 has no maximum.
    std::size_t max_buffer_size = SIZE_MAX;
};

struct plan_result {
    ggml_version version = ggml_version::v2023; // whose allocator made it
    buffer_id compute;     // appended to the document's buffers, sized max_size
    std::size_t max_size = 0;
    std::vector<buffer_id> more_chunks; // 2026: the chunks after the first, appended after compute
    std::unordered_map<tensor_id, tensor_id> inplace_of; // node -> the parent whose memory it took
    std::vector<free_block> free_after; // the free list after the graph, within max_size
};

// A measure allocator's free list as a buffer of `size` bytes would hold it: its last block runs
// to the measure capacity and is cut at `size` (dropped when nothing of it is left).
std::vector<free_block> free_list_within(std::span<const free_block> blocks, std::size_t size);

// Places every tensor of doc's graph in a measure allocator for a new CPU buffer named "compute",
// as options.version's ggml does. On error the document is left as it was. Plan a freshly loaded
// document: placements from an earlier plan count as pre-allocated, as ggml's data pointers do.
result<plan_result> plan_graph(graph_document& doc, const plan_options& options = {});

} // namespace planscope
