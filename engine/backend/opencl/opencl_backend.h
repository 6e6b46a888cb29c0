#pragma once
// The OpenCL backend: platforms and devices found through the ICD loader, cl_mem buffers, and
// graphs computed by the OpenCL C 1.2 kernels of kernels/*.cl (compiled once per device and
// cached for the process). One call at a time, as every backend.
#include "backend/backend.h"

#include <memory>
#include <string>
#include <vector>

namespace planscope {

struct opencl_options {
    // A device index across all platforms ("0") or a substring of its name; empty means the
    // environment variable PLANSCOPE_OPENCL_DEVICE, else the first GPU, else the first device.
    std::string device;
    f16_numerics numerics = f16_numerics::ggml; // MUL_MAT against f16 weights (docs/numerics.md)
};

// Errors: no platform, no device, no device matching `device`, a context/queue/program failure
// (a build failure carries the compiler's build log).
result<std::unique_ptr<backend>> make_opencl_backend(const opencl_options& options = {});

// "index: name (platform)" for every device of every platform, in the order device indices use.
result<std::vector<std::string>> list_opencl_devices();

// Whether `b` is an OpenCL backend.
bool is_opencl(const backend& b);
// The device of an OpenCL backend, "CL_DEVICE_NAME (platform)" (the backend's name is only
// "OpenCL"); empty for other backends.
std::string opencl_device_name(const backend& b);

} // namespace planscope
