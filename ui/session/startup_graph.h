#pragma once
// The graph the app starts with: FILE when one is given, else the default model, stories260K.gguf
// (embedded in the executable), as llama.cpp's graph for an 8-token prompt: n_batch 8, n_past 0,
// n_ctx 512, f16 KV cache, every layer on the CPU.
#include "core/document.h"
#include "core/error.h"
#include "models/llama_graph.h"

#include <QString>

namespace planscope::ui {

// The default model's file name, which is also the document's name.
inline constexpr std::string_view startupModelName = "stories260K.gguf";
inline constexpr planscope::llama_params startupParams{.n_ctx = 512, .n_batch = 8};

// The default model's llama graph, built from the embedded copy; its weights are backed by it.
planscope::result<planscope::llama_model_graph> loadDefaultModel();
planscope::result<planscope::graph_document> loadDefaultGraph(); // loadDefaultModel's document
// Loads on the calling thread (the window is not shown yet). FILE is anything open_graph_source
// opens (.json, .gguf, .dot, template:NAME). Errors read "FILE: reason".
planscope::result<planscope::graph_document> loadStartupGraph(const QString& file);

} // namespace planscope::ui
