#pragma once
// JSON graph format v1 (docs/graph-format.md, docs/graph-format.schema.json).
#include "core/document.h"
#include "core/error.h"

#include <filesystem>
#include <string>
#include <string_view>

namespace planscope {

// Parses and validates a whole document. Errors read "JSON_PATH: reason", e.g.
// "/tensors/3/src/1: tensor id 17 does not exist".
result<graph_document> load_graph_json(std::string_view text);
// As above; errors are prefixed with the file name: "FILE: JSON_PATH: reason".
result<graph_document> load_graph_json_file(const std::filesystem::path& file);

// Serialises so that load(save(doc)) == doc, tensor for tensor.
std::string save_graph_json(const graph_document& doc);
// Written atomically (temporary file in the same directory, then rename).
status save_graph_json_file(const graph_document& doc, const std::filesystem::path& file);

} // namespace planscope
