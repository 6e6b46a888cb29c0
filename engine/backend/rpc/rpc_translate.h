#pragma once
// Planscope tensors as the server's ggml (llama.cpp da46e59c) reads them: ggml_op numbers of that
// commit, and the op parameters where Planscope keeps the 2023 meaning. Two differ: UNARY's op
// (2023's order has no SIGMOID before GELU) and SCALE by a tensor (2023's ggml_scale(a, s) with a
// one-element s), which today's ggml has as MUL with s broadcast, the same product.
#include "rpc_codec.h"

#include "core/context.h"
#include "core/error.h"

#include <cstdint>

namespace planscope::rpc {

struct wire_op {
    std::uint32_t op = 0;
    std::array<std::int32_t, wire_op_params> params{};
};

// Errors: an op or unary op with no counterpart in the server's ggml.
result<wire_op> translate_op(const tensor& t);

// A tensor's layout alone as an rpc_tensor (type, shape, strides, name, place; id 1, no op): what
// set/get/copy_tensor need. Errors: a dimension or stride above 2^32 - 1 (rpc_tensor's fields
// are 32-bit).
result<wire_tensor> wire_layout(const tensor& t, std::uint64_t remote_ptr, std::uint64_t data);

// Tensor `id` of `ctx` as an rpc_tensor with id = tensor id + 1 (0 is "none"), its sources and
// view source likewise (a tensor without an op has no sources: the scheduler's input copies
// name their origin as src0), placed at `data` in the server buffer `remote_ptr` (both 0: not placed).
// `compute` marks a graph node for the server's CPU backend (GGML_TENSOR_FLAG_COMPUTE).
// Errors: an untranslatable op, wire_layout's, a source outside the context.
result<wire_tensor> to_wire(const context& ctx, tensor_id id, std::uint64_t remote_ptr, std::uint64_t data,
                            bool compute);

} // namespace planscope::rpc
