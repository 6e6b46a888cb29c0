#include "rpc_endpoint.h"

#include "core/printable.h"

#include <charconv>

namespace planscope::rpc {

result<endpoint> parse_endpoint(std::string_view text) {
    const std::string quoted = "'" + printable(text) + "'";
    const auto colon = text.rfind(':');
    if (colon == std::string_view::npos) return error{"RPC endpoint " + quoted + " is not HOST:PORT"};
    const std::string_view host = text.substr(0, colon), port = text.substr(colon + 1);
    if (host.empty()) return error{"RPC endpoint " + quoted + " has no host"};
    for (char c : host)
        if (c == ':' || c == ' ' || c == '\t' || static_cast<unsigned char>(c) < 0x20)
            return error{"RPC endpoint " + quoted + " has a malformed host"};
    unsigned value = 0;
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), value);
    if (port.empty() || ec != std::errc{} || end != port.data() + port.size() || value == 0 || value > 65535)
        return error{"RPC endpoint " + quoted + " needs a port from 1 to 65535"};
    return endpoint{std::string(host), static_cast<std::uint16_t>(value)};
}

} // namespace planscope::rpc
