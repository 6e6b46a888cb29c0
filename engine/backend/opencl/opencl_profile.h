#pragma once
// The machine's OpenCL device as a device profile (docs/devices.md): what Planscope's own OpenCL
// backend reports for it, read from the device, and that backend's supports_op as rules, so that
// `fit` and `plan --device opencl` place a model on it as `--backends cpu,opencl` would.
#include "device/device_profile.h"

#include <string>
#include <vector>

namespace planscope {

// The device the backend takes for `spec` (opencl_options::device: an index, a name substring,
// empty: PLANSCOPE_OPENCL_DEVICE, else the first GPU, else the first device), named "OpenCL" as
// the backend and its buffer type are; memory CL_DEVICE_GLOBAL_MEM_SIZE, 1 GiB of it less free
// (as llama.cpp's OpenCL backend reports it); alignment max(CL_DEVICE_MEM_BASE_ADDR_ALIGN / 8, 4)
// and max size CL_DEVICE_MAX_MEM_ALLOC_SIZE, as opencl_backend uses them; kind gpu (igpu: a GPU
// with host unified memory); no offload.
// Errors: no platform, no device, no device matching `spec`, a failed query (one line each).
result<device_profile> opencl_device_profile(const std::string& spec = {});

// opencl_backend::supports_op (cl_support.cpp) as ordered rules: the types, ROPE's modes and
// ARGSORT's orders; not the shape and stride checks every graph ggml builds passes.
std::vector<device_op_rule> opencl_support_rules();

} // namespace planscope
