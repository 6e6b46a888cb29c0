#pragma once
// The plan listing: the fingerprint users compare with what ggml did. Its text and JSON forms
// are specified in docs/plan-listing.md; change them only with a new format version.
#include "memory_owner.h"
#include "plan.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace planscope {

class json_writer;

inline constexpr int plan_listing_version = 2; // 2: the free list, the owner of inplace memory

using inplace_map = std::unordered_map<tensor_id, tensor_id>;

// A tensor's "placement" object of the JSON listings: kind (allocated, view, inplace,
// unallocated), of and of_id (view source or inplace parent), owner and owner_id (inplace: the
// tensor whose memory it is), view_offs, buffer (by name) and offset. `owners` of doc.ctx, made
// once for all rows. Written as a value: after a key or in an array.
void write_placement(json_writer& w, const graph_document& doc, const memory_owners& owners, tensor_id id);

// A name or other file text as every text listing prints it: printable()'s escapes (a tab, line
// break, escape sequence or invalid UTF-8 never reaches the terminal or splits a record), never
// cut (listings are compared as fingerprints).
std::string listing_field(std::string_view text);

// `j` as the JSON listings print it (indent as json::dump's): invalid UTF-8 replaced, and DEL
// and the C1 controls, which JSON strings may hold raw, escaped as \u007f, \u0080..\u009f.
std::string listing_json(const nlohmann::ordered_json& j, int indent = -1);

// The llama_cpp row: the compute buffer llama.cpp printed for a graph.
struct llama_cpp_row {
    std::uint64_t total = 0;
    std::string line; // "compute buffer total size = 73.69 MiB" (2023), "CPU compute buffer size = 0.03 MiB"
    // Further figures llama.cpp logged ("graph_nodes", "kv_bytes", ...): members of the JSON
    // listing's llama_cpp object after compute_total and line.
    std::vector<std::pair<std::string, std::uint64_t>> figures;
};
// llama.cpp 2023's row for a measure allocator's max_size.
llama_cpp_row llama_cpp_row_2023(std::uint64_t max_size, std::uint64_t alignment);

// `llama`: what llama.cpp printed when it was not this graph's own buffer (a 2023 prompt graph: its
// measure graph's; a .gguf in ggml 2026: its reserve's); default: llama_cpp_row_2023 of plan.max_size.
std::string plan_listing_text(const graph_document& doc, const plan_result& plan,
                              const std::optional<llama_cpp_row>& llama = {});
std::string plan_listing_json(const graph_document& doc, const plan_result& plan,
                              const std::optional<llama_cpp_row>& llama = {});

} // namespace planscope
