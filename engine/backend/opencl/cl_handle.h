#pragma once
// RAII for OpenCL handles: one owner per cl_* object, released with its clRelease* function.
#include <CL/cl.h>

#include <string>
#include <utility>

namespace planscope::opencl {

template <class Handle, cl_int (*Release)(Handle)>
class cl_handle {
public:
    cl_handle() = default;
    explicit cl_handle(Handle h) : m_h(h) {}
    ~cl_handle() { reset(); }
    cl_handle(cl_handle&& o) noexcept : m_h(std::exchange(o.m_h, nullptr)) {}
    cl_handle& operator=(cl_handle&& o) noexcept {
        if (this != &o) {
            reset();
            m_h = std::exchange(o.m_h, nullptr);
        }
        return *this;
    }
    cl_handle(const cl_handle&) = delete;
    cl_handle& operator=(const cl_handle&) = delete;

    [[nodiscard]] Handle get() const { return m_h; }
    explicit operator bool() const { return m_h != nullptr; }
    void reset() {
        if (m_h) Release(m_h); // a release failure leaves nothing to undo
        m_h = nullptr;
    }

private:
    Handle m_h = nullptr;
};

using context_handle = cl_handle<cl_context, clReleaseContext>;
using queue_handle = cl_handle<cl_command_queue, clReleaseCommandQueue>;
using program_handle = cl_handle<cl_program, clReleaseProgram>;
using kernel_handle = cl_handle<cl_kernel, clReleaseKernel>;
using mem_handle = cl_handle<cl_mem, clReleaseMemObject>;

// "CL_OUT_OF_RESOURCES" for -5, "CL error -1234" for codes OpenCL 1.2 does not name.
std::string error_name(cl_int code);
// "<what>: CL_INVALID_VALUE (-30)".
std::string cl_failure(const std::string& what, cl_int code);

} // namespace planscope::opencl
