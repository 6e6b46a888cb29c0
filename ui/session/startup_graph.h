#pragma once
// The graph the app starts with: FILE when one is given, else the default model, stories260K.gguf
// (embedded in the executable), as llama.cpp's graph for an 8-token prompt: n_batch 8, n_past 0,
// n_ctx 512, f16 KV cache, every layer on the CPU.
#include "core/document.h"
#include "core/error.h"
#include "source/device_source.h"
#include "source/graph_source.h"
#include "models/gguf.h"
#include "models/llama_graph.h"

#include <QString>

#include <array>
#include <cstdint>
#include <optional>

namespace planscope::ui {

// The default model's file name, which is also the document's name.
inline constexpr std::string_view startupModelName = "stories260K.gguf";
inline constexpr planscope::llama_params startupParams = [] {
    planscope::llama_params p; // every other field at its default, the K and V types unset
    p.n_ctx = 512;
    p.n_batch = 8;
    return p;
}();
// Its prompt, "<s> Once upon a time, there was" in stories260K's vocabulary: BOS (1), then the ids of
// "▁Once ▁upon ▁a ▁time , ▁there ▁was"; the first five are the CLI run test's prompt.
inline constexpr std::array<std::int32_t, 8> startupTokens{1, 403, 407, 261, 378, 432, 383, 286};

// The embedded default model's file (its weights, vocabulary); safe on any thread.
planscope::result<planscope::gguf_file> openDefaultModelFile();
// The default model's llama graph, built from the embedded copy; its weights are backed by it.
planscope::result<planscope::llama_model_graph> loadDefaultModel();
// The same model built with other options (what-if re-planning); safe on any thread.
planscope::result<planscope::llama_model_graph> loadDefaultModel(const planscope::llama_params& params);
planscope::result<planscope::graph_document> loadDefaultGraph(); // loadDefaultModel's document
// The default model as `era`'s llama.cpp builds it with `params` (2026: llama.cpp da46e59c's graph
// and reserve, as for a .gguf file); safe on any thread.
planscope::result<planscope::opened_source> loadDefaultSource(const planscope::llama_params& params,
                                                             planscope::ggml_version era);
// The default model planned on device profiles (llama_source::build_on_devices); safe on any thread.
planscope::result<planscope::opened_source> loadDefaultSourceOnDevices(const planscope::llama_params& params,
                                                                      const planscope::llm_device_request& devices);
// Loads on the calling thread (the window is not shown yet). FILE is anything open_graph_source
// opens (.json, .gguf, .dot, template:NAME). Errors read "FILE: reason".
planscope::result<planscope::graph_document> loadStartupGraph(const QString& file);
// As loadStartupGraph, with the tensors llama.cpp allocated before the graph (its inputs), which
// the session's plan pre-allocates. `era` (planscope --ggml) builds a .gguf's graph as that era's
// llama.cpp builds it (graph_era); none: the file's default era.
planscope::result<planscope::opened_source> loadStartupSource(const QString& file,
                                                             std::optional<planscope::ggml_version> era = {});

} // namespace planscope::ui
