#pragma once
// Does the loaded libggml-base lay out struct ggml_tensor as the headers this library was built
// against do? The recorder reads tensors' fields directly, so a ggml built with other
// GGML_MAX_DIMS, GGML_MAX_SRC, GGML_MAX_NAME or GGML_MAX_OP_PARAMS must not be read at all.

#include <string>

#include "ggml_api.h"

namespace planscope::capture {

// Empty when the layouts agree, otherwise what differs ("tensor_size: 336 here, 400 loaded").
// Builds two tensors in a context of its own through ggml's public functions and reads back what
// the loaded ggml wrote, at the offsets these headers give.
std::string layout_difference(const ggml_api& api);

}  // namespace planscope::capture
