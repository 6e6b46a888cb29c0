#include "backend_factory.h"

#include "backend/cpu/cpu_backend.h"
#include "backend/rpc/rpc_backend.h"
#ifdef PLANSCOPE_HAS_OPENCL
#include "backend/opencl/opencl_backend.h"
#endif

#include <algorithm>

namespace planscope {

bool have_opencl() {
#ifdef PLANSCOPE_HAS_OPENCL
    return true;
#else
    return false;
#endif
}

std::string backend_device([[maybe_unused]] const backend& b) {
    if (rpc::is_rpc(b)) return rpc::rpc_device_description(b);
#ifdef PLANSCOPE_HAS_OPENCL
    return opencl_device_name(b);
#else
    return {};
#endif
}

namespace {

// An rpc-server serves one client at a time: a second connection would wait for the first to go.
status check_rpc_once(std::string_view list) {
    std::vector<std::string_view> seen;
    for (std::string_view rest = list;;) {
        const auto comma = rest.find(',');
        const std::string_view item = rest.substr(0, comma);
        if (rpc::is_rpc_item(item)) {
            if (std::find(seen.begin(), seen.end(), item) != seen.end())
                return error{std::string(item) + " is listed twice: an rpc-server serves one client at a time"};
            seen.push_back(item);
        }
        if (comma == std::string_view::npos) return success();
        rest.remove_prefix(comma + 1);
    }
}

} // namespace

result<std::vector<std::unique_ptr<backend>>> make_backends(std::string_view list,
                                                            const backend_factory_options& options) {
    if (auto s = check_rpc_once(list); !s) return s.err();
    std::vector<std::unique_ptr<backend>> out;
    while (true) {
        const auto comma = list.find(',');
        const std::string_view item = list.substr(0, comma);
        if (item == "cpu") {
            auto cpu = std::make_unique<cpu_backend>(options.n_threads);
            cpu->set_f16_numerics(options.f16_numerics);
            cpu->set_weight_repack(options.weight_repack);
            out.push_back(std::move(cpu));
        } else if (item == "opencl") {
#ifdef PLANSCOPE_HAS_OPENCL
            auto b = make_opencl_backend({options.device, options.f16_numerics});
            if (!b) return error{"opencl: " + b.err().message};
            out.push_back(std::move(*b));
#else
            return error{"this build has no OpenCL backend (configure with -DPLANSCOPE_OPENCL=ON)"};
#endif
        } else if (rpc::is_rpc_item(item)) {
            auto b = rpc::make_rpc_backend(item.substr(rpc::backend_prefix.size()), options.rpc);
            if (!b) return b.err();
            out.push_back(std::move(*b));
        } else {
            return error{"unknown backend '" + std::string(item) + "' (known: cpu, opencl, rpc:HOST:PORT)"};
        }
        if (comma == std::string_view::npos) return out;
        list.remove_prefix(comma + 1);
    }
}

std::vector<backend*> backend_pointers(const std::vector<std::unique_ptr<backend>>& owned) {
    std::vector<backend*> out;
    for (const auto& b : owned) out.push_back(b.get());
    return out;
}

} // namespace planscope
