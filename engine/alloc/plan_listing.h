#pragma once
// The plan listing: the fingerprint users compare with what ggml did. Its text and JSON forms
// are specified in docs/plan-listing.md; change them only with a new format version.
#include "plan.h"

#include <string>

namespace planscope {

inline constexpr int plan_listing_version = 1;

std::string plan_listing_text(const graph_document& doc, const plan_result& plan);
std::string plan_listing_json(const graph_document& doc, const plan_result& plan);

} // namespace planscope
