#include "opencl_profile.h"

#include "cl_device.h"

#include <algorithm>
#include <cstdlib>
#include <limits>

namespace planscope::opencl {
namespace {

template <class T>
cl_int profile_query(cl_device_id d, cl_device_info what, T& out) {
    return clGetDeviceInfo(d, what, sizeof out, &out, nullptr);
}

} // namespace
} // namespace planscope::opencl

namespace planscope {

result<device_profile> opencl_device_profile(const std::string& spec) {
    auto devices = opencl::all_devices();
    if (!devices) return devices.err();
    // make_opencl_backend's choice: the environment stands in for an empty spec.
    std::string wanted = spec;
    if (wanted.empty())
        if (const char* env = std::getenv("PLANSCOPE_OPENCL_DEVICE")) wanted = env;
    auto chosen = opencl::choose_device(*devices, wanted);
    if (!chosen) return chosen.err();
    const opencl::device_info& dev = *chosen;

    cl_device_type type = 0;
    cl_bool unified = CL_FALSE;
    cl_uint align_bits = 0;
    cl_ulong global_mem = 0, max_alloc = 0;
    cl_int err = opencl::profile_query(dev.device, CL_DEVICE_TYPE, type);
    if (err == CL_SUCCESS) err = opencl::profile_query(dev.device, CL_DEVICE_HOST_UNIFIED_MEMORY, unified);
    if (err == CL_SUCCESS) err = opencl::profile_query(dev.device, CL_DEVICE_MEM_BASE_ADDR_ALIGN, align_bits);
    if (err == CL_SUCCESS) err = opencl::profile_query(dev.device, CL_DEVICE_GLOBAL_MEM_SIZE, global_mem);
    if (err == CL_SUCCESS) err = opencl::profile_query(dev.device, CL_DEVICE_MAX_MEM_ALLOC_SIZE, max_alloc);
    if (err != CL_SUCCESS) return error{opencl::cl_failure("OpenCL: querying '" + dev.name + "' failed", err)};

    device_profile d;
    d.name = "OpenCL"; // opencl_backend::name(), the scheduler's name for the backend
    d.description = dev.name + " (" + dev.platform_name + ")"; // opencl_device_name
    // Any OpenCL device, PoCL's CPU one too, is a device with its own buffers to the scheduler.
    const bool gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
    d.kind = gpu && unified == CL_TRUE ? device_kind::igpu : device_kind::gpu;
    d.unified_memory = unified == CL_TRUE;
    // OpenCL has no query for free memory: llama.cpp's OpenCL backend reports the global memory
    // less a 1 GiB margin as free (ggml_backend_opencl_device_get_memory), and so does this.
    constexpr cl_ulong ggml_opencl_margin = cl_ulong{1} << 30;
    d.memory_total = global_mem;
    d.memory_free = global_mem > ggml_opencl_margin ? global_mem - ggml_opencl_margin : 0;
    // The scheduler's buffer type for a backend other than the CPU: its name, not host memory.
    d.buffer.name = d.name;
    d.buffer.host = false;
    d.buffer.alignment = std::max<std::size_t>(align_bits / 8, 4); // opencl_backend::create
    d.buffer.max_size = static_cast<std::size_t>(
        std::min<cl_ulong>(max_alloc, std::numeric_limits<std::size_t>::max())); // alloc_buffer's limit
    d.supports = opencl_support_rules();
    return d;
}

} // namespace planscope
