#pragma once
// A compute backend: ggml_backend_i of ggml-backend-impl.h, slot by slot, and the synchronous
// helpers of ggml-backend.c. Where the seed asserts (bounds, unallocated tensors), these return
// errors.
#include "buffer.h"
#include "buffer_table.h"
#include "core/graph.h"

#include <memory>
#include <optional>
#include <string_view>

namespace planscope {

// How MUL_MAT treats activations (src1) against f16 and quantised weights (src0). ggml converts
// src1 to src0's vec_dot_type first: with f16 src0 every activation is rounded to f16 before the
// dot product, which is then accumulated in f32; with q4_0, q4_1, q5_0, q5_1, q8_0 or K-quant
// src0 the activations are quantised to 8 bits per 32 (256) values and blocks are multiplied in
// integers (the CPU backend; docs/numerics.md). exact_f32 multiplies the f32 values (dequantised
// weights) as they are. The CPU and OpenCL backends both take it.
enum class f16_numerics { ggml, exact_f32 };

// A graph whose tensors are placed in the buffers of `buffers`: what a backend computes.
struct placed_graph {
    const context& ctx;
    const graph& g;
    const buffer_table& buffers;
};

// ggml_backend_graph_plan_t: whatever a backend prepares once to compute a graph many times.
// graph_plan_free is its destructor.
class graph_plan {
public:
    virtual ~graph_plan() = default;
};

// The optional copy slots answer nullopt when the backend does not provide them.
using copy_outcome = std::optional<status>;

class backend {
public:
    // free: the destructor. Buffers the backend made must be gone by then.
    virtual ~backend() = default;

    // get_name: required. "CPU", "OpenCL", ...
    [[nodiscard]] virtual std::string_view name() const = 0;

    // alloc_buffer: required. A buffer of `size` bytes that allocators will know as `id`.
    virtual result<std::shared_ptr<backend_buffer>> alloc_buffer(buffer_id id, std::size_t size) = 0;
    // get_alignment: required. Every buffer of this backend aligns tensors to it (a power of two).
    [[nodiscard]] virtual std::size_t alignment() const = 0;

    // Tensor data access: required. These may be asynchronous; tensor_set/tensor_get below are
    // the synchronous helpers, which check bounds and allocation first and synchronize after.
    // Callers have checked that [offset, offset + size) lies inside the tensor.
    virtual status set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) = 0;
    virtual status get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) = 0;
    // synchronize: required. Waits until every queued transfer and computation has finished.
    virtual status synchronize() = 0;

    // Copies between backends: optional; default nullopt (not provided). cpy_tensor_from copies
    // `src`, a tensor of any backend, into `dst`, one of this backend; cpy_tensor_to copies `src`
    // of this backend into `dst` of any backend. tensor_copy tries the destination's copy_from,
    // then the source's copy_to, then a round trip through host memory. Layouts are checked.
    virtual copy_outcome copy_tensor_from(const bound_tensor& src, const bound_tensor& dst);
    virtual copy_outcome copy_tensor_to(const bound_tensor& src, const bound_tensor& dst);

    // Compute a graph with a plan: required. The plan may keep pointers into the graph's buffers:
    // it is valid while they live and no tensor of the graph moves. graph_plan_free is the plan's
    // destructor. graph_plan_compute fails for a plan another backend made.
    virtual result<std::unique_ptr<graph_plan>> graph_plan_create(const placed_graph& pg) = 0;
    virtual status graph_plan_compute(graph_plan& plan) = 0;

    // Compute a graph without a plan: required. Fails, having computed nothing, when a node is
    // not supported or a tensor it touches is not placed in a registered buffer.
    virtual status graph_compute(const placed_graph& pg) = 0;

    // supports_op: required. Whether graph_compute can run `op` (a tensor of `ctx`).
    [[nodiscard]] virtual bool supports_op(const context& ctx, const tensor& op) const = 0;

    // Beyond ggml's interface: whether the backend's memory is on another machine, so that every
    // byte copied to or from it crosses a network (an rpc-server's device). Default: local.
    [[nodiscard]] virtual bool remote() const { return false; }
};

// ggml_get_backend: the backend of the buffer the tensor is placed in.
result<backend*> backend_of(const buffer_table& buffers, const tensor& t);

// ggml_backend_tensor_set_async / _get_async, with the checks the seed leaves to the backends:
// the tensor is allocated in a registered buffer and [offset, offset + size) lies inside it.
status tensor_set_async(const buffer_table& buffers, const tensor& t, const void* data, std::size_t offset,
                        std::size_t size);
status tensor_get_async(const buffer_table& buffers, const tensor& t, void* data, std::size_t offset,
                        std::size_t size);
// ggml_backend_tensor_set / _get: the same, then synchronize the tensor's backend.
status tensor_set(const buffer_table& buffers, const tensor& t, const void* data, std::size_t offset,
                  std::size_t size);
status tensor_get(const buffer_table& buffers, const tensor& t, void* data, std::size_t offset, std::size_t size);

} // namespace planscope
