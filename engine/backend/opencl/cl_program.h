#pragma once
// The kernels' program, built once per device and cached for the process: every backend on a
// device shares one context and one program (PoCL compiles with LLVM, which takes seconds), and
// makes its own queue and kernel objects.
#include "cl_device.h"

#include <memory>
#include <span>

namespace planscope::opencl {

struct device_program {
    device_info device;
    context_handle context;
    program_handle program;
};

// A context for `device` with the embedded kernels built in it; the first call per device
// builds, later calls return the same object. A failed build is not cached.
result<std::shared_ptr<const device_program>> program_for(const device_info& device);

// Builds OpenCL C 1.2 `sources` for `device`. Errors: CL_BUILD_PROGRAM_FAILURE and the like
// with the compiler's build log.
result<program_handle> build_program(cl_context context, cl_device_id device, std::span<const char* const> sources);

} // namespace planscope::opencl
