#pragma once
// A TCP connection to an RPC server: RAII over the file descriptor, a connect timeout, and a
// deadline on every send and receive (poll), so a silent server cannot hang a run. Errors are
// short phrases ("connection refused", "server closed the connection") that the caller prefixes
// with the endpoint and the command.
#include "core/error.h"

#include <chrono>
#include <cstdint>
#include <span>
#include <string>

namespace planscope::rpc {

class tcp_socket {
public:
    tcp_socket() = default;
    tcp_socket(tcp_socket&& other) noexcept;
    tcp_socket& operator=(tcp_socket&& other) noexcept;
    tcp_socket(const tcp_socket&) = delete;
    tcp_socket& operator=(const tcp_socket&) = delete;
    ~tcp_socket();

    // IPv4 (as rpc-server listens), TCP_NODELAY. Errors: a host that does not resolve, refused,
    // unreachable, no answer within `timeout`.
    static result<tcp_socket> connect(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout);

    // All of `data`, or an error; a peer that went away is an error, never SIGPIPE.
    status send_all(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout);
    // Exactly `out.size()` bytes, or an error (the peer closing first is "server closed the connection").
    status recv_all(std::span<std::uint8_t> out, std::chrono::milliseconds timeout);

    [[nodiscard]] bool is_open() const { return m_fd >= 0; }
    void close();

private:
    explicit tcp_socket(int fd) : m_fd(fd) {}
    int m_fd = -1;
};

} // namespace planscope::rpc
