#include "server_devices.h"

#include "backend/rpc/rpc_backend.h"

namespace planscope::ui {

std::vector<ServerDevice> serverDevices(std::span<planscope::backend* const> backends, const std::vector<std::string>& names) {
    std::vector<ServerDevice> out;
    for (std::size_t i = 0; i < backends.size(); ++i) {
        const auto* rpc = dynamic_cast<const planscope::rpc::rpc_backend*>(backends[i]);
        if (!rpc) continue;
        const planscope::rpc::device_memory memory = rpc->memory();
        out.push_back({static_cast<int>(i), i < names.size() ? names[i] : std::string(rpc->name()), rpc->where().text(),
                       memory.free, memory.total});
    }
    return out;
}

} // namespace planscope::ui
