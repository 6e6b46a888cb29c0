#pragma once
// A compute graph: nodes and leafs in the order ggml_build_forward_expand produces.
#include "context.h"
#include "error.h"

#include <vector>

namespace planscope {

struct graph {
    std::vector<tensor_id> nodes; // ops, sources before their users
    std::vector<tensor_id> leafs; // op NONE tensors that are not params (weights, inputs, constants)
};

// ggml_build_forward_expand: depth-first from `root`, sources left to right, each tensor once.
// Unnamed tensors get ggml's "node_%d" / "leaf_%d" names. Fails on a cycle (possible only in
// hand-written graph files; the builder cannot make one). Iterative, so 100,000-deep chains work.
status build_forward_expand(context& ctx, graph& g, tensor_id root);

} // namespace planscope
