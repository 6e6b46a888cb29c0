#include "cl_device.h"

#include <algorithm>
#include <cctype>

namespace planscope::opencl {
namespace {

std::string device_string(cl_device_id d, cl_device_info what) {
    std::size_t size = 0;
    if (clGetDeviceInfo(d, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
    std::string s(size, '\0');
    if (clGetDeviceInfo(d, what, size, s.data(), nullptr) != CL_SUCCESS) return {};
    s.resize(s.find('\0') == std::string::npos ? s.size() : s.find('\0'));
    return s;
}

std::string platform_string(cl_platform_id p, cl_platform_info what) {
    std::size_t size = 0;
    if (clGetPlatformInfo(p, what, 0, nullptr, &size) != CL_SUCCESS || size == 0) return {};
    std::string s(size, '\0');
    if (clGetPlatformInfo(p, what, size, s.data(), nullptr) != CL_SUCCESS) return {};
    s.resize(s.find('\0') == std::string::npos ? s.size() : s.find('\0'));
    return s;
}

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

std::string names_of(const std::vector<device_info>& devices) {
    std::string s;
    for (std::size_t i = 0; i < devices.size(); ++i) s += (i ? ", " : "") + std::to_string(i) + ": " + devices[i].name;
    return s;
}

} // namespace

result<std::vector<device_info>> all_devices() {
    cl_uint n_platforms = 0;
    cl_int err = clGetPlatformIDs(0, nullptr, &n_platforms);
    if (err == -1001 || (err == CL_SUCCESS && n_platforms == 0))
        return error{"OpenCL: no platform found (is an OpenCL driver such as pocl-opencl-icd installed?)"};
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: listing platforms failed", err)};
    std::vector<cl_platform_id> platforms(n_platforms);
    if (err = clGetPlatformIDs(n_platforms, platforms.data(), nullptr); err != CL_SUCCESS)
        return error{cl_failure("OpenCL: listing platforms failed", err)};

    std::vector<device_info> devices;
    for (cl_platform_id p : platforms) {
        cl_uint n = 0;
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, 0, nullptr, &n) != CL_SUCCESS || n == 0) continue;
        std::vector<cl_device_id> ids(n);
        if (clGetDeviceIDs(p, CL_DEVICE_TYPE_ALL, n, ids.data(), nullptr) != CL_SUCCESS) continue;
        const std::string platform_name = platform_string(p, CL_PLATFORM_NAME);
        for (cl_device_id d : ids) {
            cl_device_type type = 0;
            clGetDeviceInfo(d, CL_DEVICE_TYPE, sizeof type, &type, nullptr);
            devices.push_back({p, d, device_string(d, CL_DEVICE_NAME), platform_name, (type & CL_DEVICE_TYPE_GPU) != 0});
        }
    }
    if (devices.empty()) return error{"OpenCL: no device found on " + std::to_string(n_platforms) + " platform(s)"};
    return devices;
}

result<device_info> choose_device(const std::vector<device_info>& devices, const std::string& spec) {
    if (devices.empty()) return error{"OpenCL: no device found"};
    if (spec.empty()) {
        const auto gpu = std::find_if(devices.begin(), devices.end(), [](const device_info& d) { return d.gpu; });
        return gpu != devices.end() ? *gpu : devices.front();
    }
    if (std::all_of(spec.begin(), spec.end(), [](unsigned char c) { return std::isdigit(c); })) {
        const std::size_t index = spec.size() > 9 ? devices.size() : std::stoul(spec);
        if (index >= devices.size())
            return error{"OpenCL: no device " + spec + " (devices: " + names_of(devices) + ")"};
        return devices[index];
    }
    const std::string wanted = lower(spec);
    for (const device_info& d : devices)
        if (lower(d.name).find(wanted) != std::string::npos) return d;
    return error{"OpenCL: no device named like '" + spec + "' (devices: " + names_of(devices) + ")"};
}

} // namespace planscope::opencl
