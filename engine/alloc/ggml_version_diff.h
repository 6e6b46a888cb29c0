#pragma once
// One graph planned by the ggml of 2023 (plan_graph, one measure buffer) and by the ggml of 2026
// (ggml2026::reserve, one CPU buffer type), tensor by tensor: each tensor whose offset, in-place
// parent or lifetime differs, with the rule of docs/ggml-versions.md that explains it.
#include "core/document.h"
#include "core/error.h"

#include <optional>
#include <string_view>
#include <vector>

namespace planscope {

// The rules a difference is put down to; the names are docs/ggml-versions.md's.
enum class version_rule : std::uint8_t {
    leaf_allocated,              // 2026 places every data-less leaf before the first node
    leaf_unused_kept,            // a leaf no node reads: placed by 2026 only, alive to the end
    input_first,                 // INPUT tensors placed while counting, in leaf then node order
    output_kept,                 // an OUTPUT is never freed by 2026
    inplace_view_parent_refused, // 2023 took over a view parent; 2026 never does
    inplace_refused_output,      // 2026 refuses to overwrite an OUTPUT
    own_by_pass,                 // the parent was not the allocator's own in one version
    parse_seq_removed,           // 2023 freed at the document's parse_seq barriers; 2026 has none
    moved,                       // no rule of its own: an earlier difference left another free list
};

std::string_view rule_name(version_rule r);

struct version_placement {
    std::optional<std::uint64_t> offset; // nullopt: not placed by this version
    std::optional<tensor_id> inplace_of; // the parent whose memory it took
    bool freed = false; // its memory (shared along an in-place chain) is released before the end
};

struct tensor_version_diff {
    tensor_id tensor;
    std::size_t size = 0; // nbytes
    version_placement v2023, v2026;
    version_rule rule = version_rule::moved;
    // For `moved`: the first tensor placed before it by 2026 whose difference has a rule of its
    // own (invalid when there is none).
    tensor_id because;
};

struct ggml_version_diff {
    std::size_t size_2023 = 0;              // plan_graph's max_size
    std::vector<std::size_t> chunks_2026;   // ggml2026's chunk sizes (one without a maximum)
    std::size_t placed_2023 = 0, placed_2026 = 0;
    std::vector<tensor_version_diff> differences; // in 2026's placement order, then 2023-only ones
    bool parse_seq_ignored = false;         // the document has a parse_seq: 2023 honours it, 2026 has none

    [[nodiscard]] std::size_t size_2026() const;
    [[nodiscard]] std::size_t count(version_rule r) const;
};

// Plans copies of `doc` (which must not be planned yet) both ways with `alignment`; `preallocate`
// are 2023's inputs placed before the graph (llama.cpp's ggml_allocr_alloc calls). Errors are
// either planner's, prefixed with its version.
result<ggml_version_diff> diff_ggml_versions(const graph_document& doc, std::span<const tensor_id> preallocate,
                                             std::size_t alignment);

} // namespace planscope
