#pragma once
// Backends from a user's list: "cpu" is a CPU backend, "opencl" an OpenCL one (when built with
// PLANSCOPE_OPENCL), "rpc:HOST:PORT" device 0 of a ggml rpc-server (backend/rpc/rpc_backend.h),
// "cpu,cpu" two CPU instances, which the scheduler counts as two backends.
#include "backend/backend.h"
#include "backend/rpc/rpc_connection.h"

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
    rpc::connection_options rpc{}; // RPC backends: connect and call timeouts
};

// Errors: an empty list or entry, an unknown name, "opencl" in a build without OpenCL, an OpenCL
// backend that cannot start (no platform or device), a malformed RPC endpoint, one listed twice,
// or a server that cannot be reached or speaks another protocol version (one line,
// rpc_connection.h).
result<std::vector<std::unique_ptr<backend>>> make_backends(std::string_view list,
                                                            const backend_factory_options& options = {});
// What a backend runs on, for tooltips and listings: an OpenCL backend's device
// ("pthread-skylake-avx512-AMD EPYC 9B14 (Portable Computing Language)"), an RPC backend's server
// and memory ("127.0.0.1:50052, 1.2 GiB free of 2.0 GiB"); empty for the CPU.
std::string backend_device(const backend& b);
// Whether this build has the OpenCL backend.
bool have_opencl();

// Plain pointers in the same order, for scheduler::create.
std::vector<backend*> backend_pointers(const std::vector<std::unique_ptr<backend>>& owned);

} // namespace planscope
