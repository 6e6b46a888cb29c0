#pragma once
// A Planscope graph rebuilt node by node as a ggml graph (same ops, shapes, types, sources,
// inplace results and flags) in a no_alloc ggml context, so that ggml's planner can be timed on
// the graph Planscope's planner plans.
#include "core/context.h"
#include "core/graph.h"

#include <ggml-cpp.h>

struct ggml_translation {
    ggml_context_ptr ctx;
    ggml_cgraph* graph = nullptr;
};

// Tensors Planscope has placed (weights in their buffer) get a data pointer that nothing reads:
// ggml's planner then leaves them alone, as it does llama.cpp's weights. SCALE, whose factor is a
// tensor in Planscope (ggml of 2023-11) and a float in today's ggml, gets the factor 1.
// Throws std::runtime_error for an op it does not map or a result whose shape or strides differ.
ggml_translation translate_to_ggml(const planscope::context& ctx, const planscope::graph& g);
