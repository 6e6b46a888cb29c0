#pragma once
// Backends from a user's list: "cpu" is a CPU backend, "opencl" an OpenCL one (when built with
// PLANSCOPE_OPENCL), "cpu,cpu" two CPU instances, which the scheduler counts as two backends.
#include "backend/backend.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

struct backend_factory_options {
    int n_threads = 1;       // CPU backends
    std::string device;      // OpenCL: device index or name substring (empty: the default)
    planscope::f16_numerics f16_numerics = planscope::f16_numerics::ggml; // CPU and OpenCL backends (docs/numerics.md)
    bool weight_repack = true; // CPU backends: cpu_backend::set_weight_repack
};

// Errors: an empty list or entry, an unknown name, "opencl" in a build without OpenCL, an OpenCL
// backend that cannot start (no platform or device).
result<std::vector<std::unique_ptr<backend>>> make_backends(std::string_view list,
                                                            const backend_factory_options& options = {});
// What a backend runs on, for tooltips and listings: an OpenCL backend's device
// ("pthread-skylake-avx512-AMD EPYC 9B14 (Portable Computing Language)"); empty for the CPU.
std::string backend_device(const backend& b);
// Whether this build has the OpenCL backend.
bool have_opencl();

// Plain pointers in the same order, for scheduler::create.
std::vector<backend*> backend_pointers(const std::vector<std::unique_ptr<backend>>& owned);

} // namespace planscope
