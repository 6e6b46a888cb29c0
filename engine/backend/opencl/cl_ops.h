#pragma once
// What the OpenCL backend computes: which ops, types and layouts its kernels take (supports_op),
// and how one node is enqueued.
#include "backend/backend.h"
#include "cl_program.h"
#include "core/context.h"

#include <array>
#include <optional>

namespace planscope::opencl {

// A tensor as kernels address it: buffer, byte offset in it, extents, byte strides.
struct dev_tensor {
    cl_mem mem = nullptr;
    cl_ulong offset = 0;
    cl_long4 ne{};
    cl_ulong4 nb{};
    dtype type = dtype::f32;
};

// A graph node ready to enqueue: ggml's op and parameters with its tensors on the device.
struct prepared_node {
    op_kind op = op_kind::none;
    op_params params;
    std::string name;
    dev_tensor dst;
    std::array<dev_tensor, 5> src; // an absent (optional) source has no mem
    // GET_ROWS, SET_ROWS, ADD_ID, MUL_MAT_ID: reported in the bad-index word when an index is out
    // of range; index_bound is the range's end, for the message.
    cl_int tag = 0;
    std::int64_t index_bound = 0;
};

// The backend's kernel objects (one set per backend: argument state is per kernel object).
struct kernel_set {
    kernel_handle binary, scalar, unary, diag_mask, norm, soft_max, rope, cpy, get_rows;
    kernel_handle set_rows, glu, add_id, mul_mat_id, argsort, flash_attn; // ggml 2026's ops
    kernel_handle mul_mat_f32, mul_mat_f16, mul_mat_f16_rb; // any strides, one output per item
    kernel_handle tiled_f32, tiled_f16, tiled_f16_rb, tiled_q4_0, tiled_q8_0; // adjacent row elements, k % 4 == 0
    // Against f16 src0: ggml rounds src1 to f16 (the *_rb kernels), exact_f32 does not.
    f16_numerics numerics = f16_numerics::ggml;
    std::size_t row_group = 1; // work-group size of the row kernels, a power of two
    // Work-group size of every other kernel along dim 0, fixed (ranges are rounded up to it) so
    // that PoCL, which compiles a kernel once per local size, compiles each kernel once.
    std::size_t group = 1;
};

result<kernel_set> make_kernels(const device_program& program);

// Nullopt when the backend computes `op` (a tensor of ctx) as it is laid out; else why not.
// View ops (NONE, RESHAPE, VIEW, PERMUTE, TRANSPOSE) need no kernel and are supported.
std::optional<std::string> unsupported_reason(const context& ctx, const tensor& op);
// Whether the op needs no kernel at all.
bool is_no_op(op_kind op);

// Enqueues node `n`; `bad_index` is the word the index-checked ops report bad indices in.
status enqueue(cl_command_queue queue, const kernel_set& k, const prepared_node& n, cl_mem bad_index);
// The ops of ggml 2026's graphs (cl_ops_2026.cpp): SET_ROWS, GLU, ADD_ID, MUL_MAT_ID, ARGSORT,
// TOP_K, SOFT_MAX, FLASH_ATTN_EXT.
status enqueue_2026(cl_command_queue queue, const kernel_set& k, const prepared_node& n, cl_mem bad_index);
// Whether the op reports bad indices through the bad-index word.
bool checks_indices(op_kind op);

} // namespace planscope::opencl
