#pragma once
// Opens whatever a user names on the command line or in File > Open:
// "template:NAME" for a built-in graph, a path ending in .gguf for a model (the llama graph of
// llama.cpp, mid-November 2023), or a path to a JSON graph file.
#include "core/document.h"
#include "core/error.h"
#include "models/llama_graph.h"

#include <string_view>

namespace planscope {

inline constexpr std::string_view template_prefix = "template:";

// True for a path ending in ".gguf" (any case).
bool is_gguf_path(std::string_view source);

// Errors read "SOURCE: reason" so they can be printed as "error: SOURCE: reason".
// A .gguf model is built with default llama_params (n_ctx 512, n_batch 8).
result<graph_document> open_graph_source(std::string_view source);
// As above; `params` applies to .gguf models only.
result<graph_document> open_graph_source(std::string_view source, const llama_params& params);

} // namespace planscope
