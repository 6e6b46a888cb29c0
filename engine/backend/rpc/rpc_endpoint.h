#pragma once
// Where an RPC server listens: "HOST:PORT", as rpc-server's -H and -p take them, and the
// "rpc:HOST:PORT" items of backend lists (--backends cpu,rpc:127.0.0.1:50052).
#include "core/error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace planscope::rpc {

struct endpoint {
    std::string host;
    std::uint16_t port = 0;
    [[nodiscard]] std::string text() const { return host + ":" + std::to_string(port); }
};

inline constexpr std::string_view backend_prefix = "rpc:";

// "HOST:PORT": a non-empty host without ':' or spaces, a port 1..65535 in decimal. Errors name
// the text and what is wrong with it, on one line.
result<endpoint> parse_endpoint(std::string_view text);
// Whether a backend-list item is an RPC one ("rpc:..."), however malformed the rest is.
inline bool is_rpc_item(std::string_view item) { return item.starts_with(backend_prefix); }

} // namespace planscope::rpc
