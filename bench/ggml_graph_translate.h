#pragma once
// A Planscope graph rebuilt node by node as a ggml graph (same ops, shapes, types, sources,
// inplace results and flags) in a no_alloc ggml context, so that ggml's planner can be timed on
// the graph Planscope's planner plans, and ggml can compute the graph Planscope computes.
#include "core/context.h"
#include "core/graph.h"

#include <ggml-cpp.h>

#include <unordered_map>
#include <vector>

struct ggml_translation {
    ggml_context_ptr ctx;
    ggml_cgraph* graph = nullptr;
    std::unordered_map<planscope::tensor_id, ggml_tensor*> tensors; // every tensor made, by its Planscope id
};

struct translate_options {
    // ggml buffers by Planscope buffer id: a tensor Planscope has placed in one of them is allocated
    // at its offset there. Tensors placed elsewhere get a data pointer that nothing reads: ggml's
    // planner then leaves them alone, as it does llama.cpp's weights.
    std::vector<ggml_backend_buffer_t> buffers;
    // SCALE's factor, a tensor in Planscope (ggml of 2023-11) and a float in today's ggml.
    float scale = 1.0f;
};

// Throws std::runtime_error for an op it does not map or a result whose shape or strides differ.
ggml_translation translate_to_ggml(const planscope::context& ctx, const planscope::graph& g,
                                   const translate_options& options = {});
