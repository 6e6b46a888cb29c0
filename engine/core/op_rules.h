#pragma once
// The result of an op as ggml builds it: type, ne, nb and view source, or why the inputs are incompatible.
#include "context.h"
#include "error.h"

namespace planscope {

// `desc` names the op, its sources and op params. For ops whose result shape is an argument
// (VIEW, RESHAPE, CONT, TOP_K, a one-source REPEAT) desc.ne holds it, and for VIEW desc.nb[1..3]
// the strides.
// `inplace` asks for ggml's *_inplace form: the result is a view of src0.
result<tensor> infer_result(const context& ctx, const tensor& desc, bool inplace);

// Checks a shape before a tensor of it is created: positive extents, ne0 a multiple of the
// block size, no overflow of element or byte counts.
status check_shape(dtype type, const std::array<std::int64_t, max_dims>& ne);

// The op params a file that names none means: each parameter's default (SOFT_MAX's scale 1).
op_params default_params(op_kind op);

} // namespace planscope
