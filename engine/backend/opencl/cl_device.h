#pragma once
// OpenCL devices as the ICD loader lists them, and the choice of one by index or name.
#include "cl_handle.h"
#include "core/error.h"

#include <string>
#include <vector>

namespace planscope::opencl {

struct device_info {
    cl_platform_id platform = nullptr;
    cl_device_id device = nullptr;
    std::string name;     // CL_DEVICE_NAME, e.g. "pthread-haswell-AMD EPYC 7B13"
    std::string platform_name;
    bool gpu = false;
};

// Every device of every platform, platforms in the loader's order. Errors: no platform (the
// loader finds no ICD), no device on any platform.
result<std::vector<device_info>> all_devices();

// `spec`: an index into all_devices() ("0"), or a case-insensitive substring of a device name;
// empty: the first GPU, else the first device. Errors name the spec and list the devices.
result<device_info> choose_device(const std::vector<device_info>& devices, const std::string& spec);

} // namespace planscope::opencl
