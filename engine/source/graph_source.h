#pragma once
// Opens whatever a user names on the command line or in File > Open:
// "template:NAME[?KEY=VALUE&...]" for a built-in graph (models/templates.h; template:llama in ggml
// 2026 as llama.cpp da46e59c builds its hyperparameters, llama_template_gguf.h), a path ending in
// .gguf for a model (in ggml 2026 the graph llama.cpp da46e59c reserves with, llm/llm_reserve.h;
// in ggml 2023 the llama graph of llama.cpp, mid-November 2023), one ending in .dot for a
// ggml_graph_dump_dot file (models/ggml_dot.h), one ending in .log for a GGML_SCHED_DEBUG log
// (sched_log_document.h), or a path to a JSON graph file.
//
// The layer above models/ and sched/: a model builds a graph, a log is read by sched/; this opens
// either as a document.
#include "core/document.h"
#include "core/error.h"
#include "models/llama_graph.h"
#include "sched/opened_source.h"

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

// The era a source opens in: ggml 2026 for a .gguf model (what its user runs today), ggml 2023 for
// templates, graph files, DOT dumps and logs. `--ggml` and View > Allocator pick another.
ggml_version default_era(std::string_view source);
// The era whose llama.cpp builds a source's llama graph when `era` plans it: `era` for a .gguf and
// template:llama (in 2026 the graph of its hyperparameters, as for a vocab-only file), 2023 for
// any other source.
ggml_version graph_era(std::string_view source, ggml_version era);

struct gguf_file;
struct llm_device_request;

// A .gguf model or template:llama opened once (the file parsed, the spec checked) and built with
// any llama_params: a sweep's points, the worst-case graph llama.cpp reserved with.
class llama_source {
public:
    // The params the graph is built with: `base` under a template's own keys.
    [[nodiscard]] llama_params params(const llama_params& base) const;
    // The keys the template sets ("n_batch"), empty for a model file.
    [[nodiscard]] const std::vector<std::string_view>& template_keys() const { return m_keys; }
    // The graph of graph_era(source, era); errors name no file: "n_batch 64 exceeds n_ctx 16",
    // "n_past 3: llama.cpp da46e59c's reserve graph attends to every KV cell" (source/model_params.h).
    [[nodiscard]] result<opened_source> build(const llama_params& base, ggml_version era) const;
    // The 2026 graph placed and scheduled on device profiles (source/device_source.h).
    [[nodiscard]] result<opened_source> build_on_devices(const llama_params& base, const llm_device_request& devices) const;

private:
    [[nodiscard]] result<opened_source> build_2026(const llama_params& base) const;
    // The model file: the .gguf's, or one of template:llama's hyperparameters trained for `p`'s context.
    [[nodiscard]] result<std::shared_ptr<const gguf_file>> model_file(const llama_params& p) const;
    [[nodiscard]] std::string document_name() const;
    friend result<llama_source> open_llama_source(std::string_view source);
    friend llama_source open_llama_source(std::string_view name, gguf_file file);
    std::string m_source;
    std::string m_spec;                          // the template's, after "template:"
    std::shared_ptr<const gguf_file> m_file;     // null for template:llama
    std::vector<std::string_view> m_keys;
};
// For a source that takes_llama_params; errors read "SOURCE: reason".
result<llama_source> open_llama_source(std::string_view source);
// A model already parsed (the GUI's embedded stories260K), named as its .gguf file.
llama_source open_llama_source(std::string_view name, gguf_file file);

// Errors read "SOURCE: reason" so they can be printed as "error: SOURCE: reason".
// `params` applies to .gguf models and template:llama (whose own keys take precedence); a llama
// graph is graph_era(source, era)'s, the source opens in `era` (default: default_era(source)).
result<opened_source> open_source(std::string_view source, const llama_params& params);
result<opened_source> open_source(std::string_view source, const llama_params& params, ggml_version era);
// The document alone; a .gguf model is built with default llama_params (n_ctx 512, n_batch 8).
result<graph_document> open_graph_source(std::string_view source);
result<graph_document> open_graph_source(std::string_view source, const llama_params& params);

} // namespace planscope
