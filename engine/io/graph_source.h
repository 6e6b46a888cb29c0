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

struct gguf_file;

// A .gguf model or template:llama opened once (the file parsed, the spec checked) and built with
// any llama_params: a sweep's points, the worst-case graph llama.cpp reserved with.
class llama_source {
public:
    // The params the graph is built with: `base` under a template's own keys.
    [[nodiscard]] llama_params params(const llama_params& base) const;
    // The keys the template sets ("n_batch"), empty for a model file.
    [[nodiscard]] const std::vector<std::string_view>& template_keys() const { return m_keys; }
    // Errors name no file: "n_batch 64 exceeds n_ctx 16".
    [[nodiscard]] result<opened_source> build(const llama_params& base) const;

private:
    friend result<llama_source> open_llama_source(std::string_view source);
    std::string m_source;
    std::string m_spec;                          // the template's, after "template:"
    std::shared_ptr<const gguf_file> m_file;     // null for template:llama
    std::vector<std::string_view> m_keys;
};
// For a source that takes_llama_params; errors read "SOURCE: reason".
result<llama_source> open_llama_source(std::string_view source);

// Errors read "SOURCE: reason" so they can be printed as "error: SOURCE: reason".
// `params` applies to .gguf models and template:llama (whose own keys take precedence).
result<opened_source> open_source(std::string_view source, const llama_params& params);
// The document alone; a .gguf model is built with default llama_params (n_ctx 512, n_batch 8).
result<graph_document> open_graph_source(std::string_view source);
result<graph_document> open_graph_source(std::string_view source, const llama_params& params);

} // namespace planscope
