#pragma once
// What enqueueing a kernel takes: its arguments set in the order of the .cl signature, and an
// NDRange rounded up to whole work-groups (cl_ops.cpp, cl_ops_2026.cpp).
#include "cl_ops.h"

namespace planscope::opencl {

// Sets a kernel's arguments in order; the first failure sticks.
class arg_list {
public:
    explicit arg_list(cl_kernel k) : m_kernel(k) {}
    template <class T>
    arg_list& operator<<(const T& v) {
        set(sizeof(T), &v);
        return *this;
    }
    arg_list& operator<<(const dev_tensor& t) { return *this << t.mem << t.offset << t.ne << t.nb; }
    arg_list& local_floats(std::size_t n) {
        set(n * sizeof(float), nullptr);
        return *this;
    }
    [[nodiscard]] cl_int error() const { return m_error; }
    [[nodiscard]] cl_uint count() const { return m_index; }

private:
    void set(std::size_t size, const void* value) {
        if (m_error == CL_SUCCESS) m_error = clSetKernelArg(m_kernel, m_index, size, value);
        ++m_index;
    }
    cl_kernel m_kernel;
    cl_uint m_index = 0;
    cl_int m_error = CL_SUCCESS;
};

inline std::size_t elements(const dev_tensor& t) {
    return static_cast<std::size_t>(t.ne.s[0] * t.ne.s[1] * t.ne.s[2] * t.ne.s[3]);
}
inline std::size_t rows(const dev_tensor& t) { return static_cast<std::size_t>(t.ne.s[1] * t.ne.s[2] * t.ne.s[3]); }

inline std::string what(const prepared_node& n) {
    return "OpenCL: " + std::string(info(n.op).name) + " '" + n.name + "'";
}

// Enqueues `dims`-D `global` items in groups of `group` x 1 x 1; dim 0 is rounded up to a whole
// group (the kernels skip the items past the end).
inline status launch(cl_command_queue q, const prepared_node& n, cl_kernel k, const arg_list& args, cl_uint dims,
                     const std::size_t* global, std::size_t group) {
    if (args.error() != CL_SUCCESS)
        return error{cl_failure(what(n) + ": setting argument " + std::to_string(args.count()), args.error())};
    const std::size_t rounded[3] = {(global[0] + group - 1) / group * group, dims > 1 ? global[1] : 1,
                                    dims > 2 ? global[2] : 1};
    const std::size_t local[3] = {group, 1, 1};
    const cl_int err = clEnqueueNDRangeKernel(q, k, dims, nullptr, rounded, local, 0, nullptr, nullptr);
    if (err != CL_SUCCESS) return error{cl_failure(what(n) + ": clEnqueueNDRangeKernel", err)};
    return success();
}

// ALiBi's m0, m1 and n_head_log2 for n_head heads (the kernels raise them per head).
struct alibi_bases {
    cl_float m0 = 1.0f, m1 = 1.0f;
    cl_int n_head_log2 = 1;
};
alibi_bases alibi_of(float max_bias, std::int64_t n_head);

} // namespace planscope::opencl
