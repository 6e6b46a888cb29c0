#include "cl_program.h"

#include "opencl_kernels.h" // generated: kernel_sources[], the kernels/*.cl files

#include <map>
#include <mutex>
#include <vector>

namespace planscope::opencl {
namespace {

std::string build_log(cl_program program, cl_device_id device) {
    std::size_t size = 0;
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size) != CL_SUCCESS) return {};
    std::string log(size, '\0');
    if (clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr) != CL_SUCCESS)
        return {};
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n' || log.back() == ' ')) log.pop_back();
    return log;
}

} // namespace

result<program_handle> build_program(cl_context context, cl_device_id device, std::span<const char* const> sources) {
    cl_int err = CL_SUCCESS;
    program_handle program(clCreateProgramWithSource(context, static_cast<cl_uint>(sources.size()),
                                                     const_cast<const char**>(sources.data()), nullptr, &err));
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: creating the program failed", err)};
    err = clBuildProgram(program.get(), 1, &device, "-cl-std=CL1.2", nullptr, nullptr);
    if (err != CL_SUCCESS) {
        const std::string log = build_log(program.get(), device);
        return error{cl_failure("OpenCL: building the kernels failed", err) + (log.empty() ? "" : "; build log:\n" + log)};
    }
    return program;
}

result<std::shared_ptr<const device_program>> program_for(const device_info& device) {
    // Never destroyed: releasing OpenCL objects from static destructors races the driver's own
    // teardown at exit; the process owns them until it ends.
    static std::mutex mutex;
    static auto& cache = *new std::map<cl_device_id, std::shared_ptr<const device_program>>();
    std::lock_guard lock(mutex);
    if (const auto it = cache.find(device.device); it != cache.end()) return it->second;

    auto made = std::make_shared<device_program>();
    made->device = device;
    cl_int err = CL_SUCCESS;
    const cl_context_properties props[] = {CL_CONTEXT_PLATFORM, reinterpret_cast<cl_context_properties>(device.platform),
                                           0};
    made->context = context_handle(clCreateContext(props, 1, &device.device, nullptr, nullptr, &err));
    if (err != CL_SUCCESS) return error{cl_failure("OpenCL: creating a context on '" + device.name + "' failed", err)};
    auto program = build_program(made->context.get(), device.device, kernel_sources);
    if (!program) return error{program.err().message + " (device '" + device.name + "')"};
    made->program = std::move(*program);
    cache.emplace(device.device, made);
    return std::shared_ptr<const device_program>(made);
}

} // namespace planscope::opencl
