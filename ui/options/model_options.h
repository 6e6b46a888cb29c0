#pragma once
// The options a llama graph is built with in the app: the CLI's --ctx, --batch, --n-past, --kv-type
// and --ngl (same defaults, llama_params), plus the prompt's token ids (--tokens) for a later run.
// Pure functions, so that parsing, checking and the template mapping are tested without widgets.
#include "core/document.h"
#include "models/llama_graph.h"

#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace planscope::ui {

struct ModelOptions {
    planscope::llama_params params;   // as the CLI's flags, --worst-case included
    std::vector<std::int32_t> tokens; // the prompt; empty: none given. BOS is never added.

    friend bool operator==(const ModelOptions& a, const ModelOptions& b) {
        return a.params.n_ctx == b.params.n_ctx && a.params.n_batch == b.params.n_batch &&
               a.params.n_past == b.params.n_past && a.params.kv_type == b.params.kv_type &&
               a.params.ngl == b.params.ngl && a.params.worst_case == b.params.worst_case && a.tokens == b.tokens;
    }
};

// The default model's options: startupParams and its 8-token prompt.
ModelOptions startupModelOptions();

struct TokenParse {
    std::vector<std::int32_t> tokens;
    QString error; // empty when the text parsed
};

// "1, 403,407": comma-separated decimal ids, spaces allowed around each, every id in [0, nVocab)
// (nVocab <= 0: not checked). An empty or all-blank text is no prompt.
TokenParse parseTokenIds(const QString& text, int nVocab);
QString formatTokenIds(std::span<const std::int32_t> tokens); // "1,403,407"

// The first reason `options` cannot build a graph (the checks build_llama_graph makes, and a prompt
// whose length is not n_batch), or an empty string.
QString checkModelOptions(const ModelOptions& options);

// The vocabulary of a llama document: token_embd.weight's ne[1]; 0 when it has none.
int vocabSize(const planscope::graph_document& doc);

// A template:llama spec split into its hyperparameters and the llama_params keys it sets:
// "llama?n_embd=32&n_ctx=256" -> spec "llama?n_embd=32", n_ctx 256 over `base`. Re-planning passes
// the options as llama_params, which a key left in the spec would override.
struct TemplateSplit {
    QString spec;
    ModelOptions options;
};
TemplateSplit splitLlamaTemplate(const QString& spec, const ModelOptions& base);
// True for "llama" and "llama?...".
bool isLlamaTemplate(const QString& spec);

} // namespace planscope::ui
