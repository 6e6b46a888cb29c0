#pragma once
// Opens whatever a user names on the command line or in File > Open:
// "template:NAME" for a built-in graph, or a path to a JSON graph file.
#include "core/document.h"
#include "core/error.h"

#include <string_view>

namespace planscope {

inline constexpr std::string_view template_prefix = "template:";

// Errors read "SOURCE: reason" so they can be printed as "error: SOURCE: reason".
result<graph_document> open_graph_source(std::string_view source);

} // namespace planscope
