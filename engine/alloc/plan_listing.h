#pragma once
// The plan listing: the fingerprint users compare with what ggml did. Its text and JSON forms
// are specified in docs/plan-listing.md; change them only with a new format version.
#include "plan.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace planscope {

inline constexpr int plan_listing_version = 2; // 2: the free list, the owner of inplace memory

using inplace_map = std::unordered_map<tensor_id, tensor_id>;

// A tensor's "placement" object of the JSON listings: kind (allocated, view, inplace,
// unallocated), of and of_id (view source or inplace parent), owner and owner_id (inplace: the
// tensor whose memory it is), view_offs, buffer (by name) and offset.
nlohmann::ordered_json placement_json(const graph_document& doc, const inplace_map& inplace_of, tensor_id id);

// `llama_max_size`: the compute buffer llama.cpp sized its own with, when it was not this graph's
// (a llama prompt graph: its measure graph's); the llama_cpp row reads it instead of plan.max_size.
std::string plan_listing_text(const graph_document& doc, const plan_result& plan,
                              std::optional<std::size_t> llama_max_size = {});
std::string plan_listing_json(const graph_document& doc, const plan_result& plan,
                              std::optional<std::size_t> llama_max_size = {});

} // namespace planscope
