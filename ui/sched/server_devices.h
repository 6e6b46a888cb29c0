#pragma once
// The rpc-servers a schedule was made on: each server's device as it was when the schedule
// connected (rpc_backend reads its memory at connect time), for the Devices dock.
#include "backend/backend.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace planscope::ui {

struct ServerDevice {
    int backend = -1;    // index in the schedule's backend list
    std::string name;    // the scheduler's name for it, "RPC0[127.0.0.1:50052]"
    std::string server;  // "127.0.0.1:50052"
    std::uint64_t free = 0, total = 0; // the device's memory, bytes

    friend bool operator==(const ServerDevice&, const ServerDevice&) = default;
};

// The RPC backends of `backends`, named by `names` (the scheduler's, same order); none when no
// backend is remote.
std::vector<ServerDevice> serverDevices(std::span<planscope::backend* const> backends,
                                        const std::vector<std::string>& names);

} // namespace planscope::ui
