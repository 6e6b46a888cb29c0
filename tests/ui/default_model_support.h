#pragma once
// The embedded default model (stories260K.gguf) set on a session as the app opens it
// (app/gui/main.cpp): its inputs pre-allocated, in its era, with llama.cpp's reserve in 2026.
#include "session/graph_session.h"
#include "session/startup_graph.h"

#include <QtTest>

#include <optional>
#include <utility>

namespace planscope::ui::test {

// `era`: none opens it in its default era (ggml 2026: llama.cpp da46e59c's graph, 161 nodes);
// ggml_version::v2023 gives llama.cpp 2023's graph (build_llama_graph, 179 nodes).
inline void openDefaultModel(GraphSession& session, std::optional<planscope::ggml_version> era = {}) {
    auto source = loadStartupSource({}, era);
    if (!source) qFatal("default model: %s", source.err().message.c_str());
    session.setDocument(std::move(source->doc), {}, std::move(source->preallocate), std::move(source->logged_schedule),
                        source->era, std::move(source->llm_reserve));
}

// The default graph in 2026 (planscope-cli info stories260K.gguf; llama.cpp's stories260K.tsv,
// n_ctx 512 n_batch 8 flash attention on: nodes_pp 161): 161 nodes, 65 leafs.
inline constexpr int startup2026Nodes = 161;
inline constexpr int startup2026Leafs = 65;

} // namespace planscope::ui::test
