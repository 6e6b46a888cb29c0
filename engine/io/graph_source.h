#pragma once
// Opens whatever a user names on the command line or in File > Open:
// "template:NAME[?KEY=VALUE&...]" for a built-in graph (models/templates.h), a path ending in
// .gguf for a model (the llama graph of llama.cpp, mid-November 2023), one ending in .dot for a
// ggml_graph_dump_dot file (models/ggml_dot.h), or a path to a JSON graph file.
#include "core/document.h"
#include "core/error.h"
#include "models/llama_graph.h"
#include "sched/sched_types.h"

#include <memory>

#include <string>
#include <string_view>
#include <vector>

namespace planscope {

inline constexpr std::string_view template_prefix = "template:";

// True for a path ending in ".gguf" (any case).
bool is_gguf_path(std::string_view source);
// True for a path ending in ".dot" (any case).
bool is_dot_path(std::string_view source);
// True for a source that llama_params apply to: a .gguf model or template:llama.
bool takes_llama_params(std::string_view source);

struct opened_source {
    graph_document doc;
    std::vector<tensor_id> preallocate; // allocated before the graph, as llama.cpp did its inputs
    std::vector<std::string> warnings;  // what a DOT dump lacked and the import inferred
    // A GGML_SCHED_DEBUG log (models/sched_log_document.h): the split assignment it printed,
    // over doc (whose context holds its copies).
    std::shared_ptr<const sched_plan> logged_schedule;
};

// Errors read "SOURCE: reason" so they can be printed as "error: SOURCE: reason".
// `params` applies to .gguf models and template:llama (whose own keys take precedence).
result<opened_source> open_source(std::string_view source, const llama_params& params);
// The document alone; a .gguf model is built with default llama_params (n_ctx 512, n_batch 8).
result<graph_document> open_graph_source(std::string_view source);
result<graph_document> open_graph_source(std::string_view source, const llama_params& params);

} // namespace planscope
