#include "rpc_protocol.h"

#include <array>

namespace planscope::rpc {

std::string to_string(protocol_version v) {
    return std::to_string(v.major) + "." + std::to_string(v.minor) + "." + std::to_string(v.patch);
}

std::string_view command_name(command c) {
    static constexpr std::array<std::string_view, 17> names{
        "alloc_buffer", "get_alignment", "get_max_size",   "buffer_get_base", "free_buffer",    "buffer_clear",
        "set_tensor",   "set_tensor_hash", "get_tensor",   "copy_tensor",     "graph_compute",  "get_device_memory",
        "init_tensor",  "get_alloc_size",  "hello",        "device_count",    "graph_recompute"};
    const auto i = static_cast<std::size_t>(c);
    return i < names.size() ? names[i] : std::string_view("unknown command");
}

} // namespace planscope::rpc
