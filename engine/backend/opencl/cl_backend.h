#pragma once
// The OpenCL backend class: backend's slots over one device's queue. Buffers are cl_mem objects
// that are not host visible: their data() is a fake aligned base that only offset arithmetic
// uses, and their bytes move through clEnqueueWrite/Read/CopyBuffer.
#include "backend/backend.h"
#include "cl_ops.h"

#include <memory>

namespace planscope::opencl {

class opencl_buffer final : public backend_buffer {
public:
    opencl_buffer(backend& owner, buffer_id id, std::size_t size, mem_handle mem, std::byte* fake_base)
        : backend_buffer(owner, id, size), m_mem(std::move(mem)), m_base(fake_base) {}

    // Never dereferenced: aligned to the backend's alignment so allocator offsets are aligned.
    [[nodiscard]] std::byte* data() const override { return m_base; }
    [[nodiscard]] bool host_visible() const override { return false; }
    [[nodiscard]] cl_mem mem() const { return m_mem.get(); }

private:
    mem_handle m_mem;
    std::byte* m_base;
};

class opencl_backend final : public backend {
public:
    // Errors: a queue or kernel that cannot be made (the program comes built from the cache).
    static result<std::unique_ptr<opencl_backend>> create(std::shared_ptr<const device_program> program,
                                                         f16_numerics numerics = f16_numerics::ggml);

    // "OpenCL", as ggml names the backend; the device is device() (opencl_device_name).
    [[nodiscard]] std::string_view name() const override { return "OpenCL"; }
    // Errors: more than CL_DEVICE_MAX_MEM_ALLOC_SIZE, or the device out of memory (the CL name).
    result<std::shared_ptr<backend_buffer>> alloc_buffer(buffer_id id, std::size_t size) override;
    // CL_DEVICE_MEM_BASE_ADDR_ALIGN, converted from bits to bytes.
    [[nodiscard]] std::size_t alignment() const override { return m_alignment; }
    // Non-blocking clEnqueueWrite/ReadBuffer: `data` must stay valid until synchronize().
    status set_tensor_async(const bound_tensor& t, const void* data, std::size_t offset, std::size_t size) override;
    status get_tensor_async(const bound_tensor& t, void* data, std::size_t offset, std::size_t size) override;
    // clFinish.
    status synchronize() override;
    // From host memory (the CPU backend's buffers) or a buffer of an OpenCL backend sharing this
    // device's context; others nullopt. Both finish before returning.
    copy_outcome copy_tensor_from(const bound_tensor& src, const bound_tensor& dst) override;
    // Into host memory or a buffer of an OpenCL backend sharing this device's context.
    copy_outcome copy_tensor_to(const bound_tensor& src, const bound_tensor& dst) override;
    // The plan is the graph's kernels with their tensors resolved to (cl_mem, offset).
    result<std::unique_ptr<graph_plan>> graph_plan_create(const placed_graph& pg) override;
    // Enqueues every node, then waits for them: errors of the kernels (a bad GET_ROWS / SET_ROWS
    // index, a bad ADD_ID / MUL_MAT_ID id) are reported here.
    status graph_plan_compute(graph_plan& plan) override;
    status graph_compute(const placed_graph& pg) override;
    [[nodiscard]] bool supports_op(const context& ctx, const tensor& op) const override;

    [[nodiscard]] const device_info& device() const { return m_program->device; }

private:
    opencl_backend() = default;
    [[nodiscard]] bool shares_context(const backend& other) const;

    std::shared_ptr<const device_program> m_program;
    queue_handle m_queue;
    kernel_set m_kernels;
    mem_handle m_bad_index; // the bad-index word of GET_ROWS, SET_ROWS, ADD_ID, MUL_MAT_ID
    std::size_t m_alignment = 0;
    cl_ulong m_max_alloc = 0;
};

} // namespace planscope::opencl
