#pragma once
// One client connection to an rpc-server (which serves one client at a time): the HELLO
// version check, then requests framed as rpc_protocol.h says, every reply's length checked
// (rpc_reply.h) before it is read into memory the caller sized. Errors read
// "rpc HOST:PORT: WHAT during COMMAND"; after one, the stream is out of step, so the connection
// is closed and every later call returns that first error.
#include "rpc_endpoint.h"
#include "rpc_protocol.h"
#include "tcp_socket.h"

#include <chrono>
#include <memory>
#include <optional>
#include <span>

namespace planscope::rpc {

struct connection_options {
    std::chrono::milliseconds connect_timeout{5000}; // the TCP connect, then HELLO's reply
    // Each call's limit; graph_compute's reply waits for the whole graph on the server.
    std::chrono::milliseconds call_timeout{120000};
};

class connection {
public:
    // Connects and says HELLO, both within connect_timeout. Errors: the socket's ("rpc
    // 127.0.0.1:50052: connection refused"), no HELLO reply in time (a server busy with another
    // client), a server of another protocol version (both named).
    static result<std::unique_ptr<connection>> open(const endpoint& where, const connection_options& options = {});

    // A command whose reply is exactly `reply.size()` bytes (zero for free_buffer, buffer_clear).
    status call(command cmd, std::span<const std::uint8_t> request, std::span<std::uint8_t> reply);
    // A command without a reply (set_tensor, graph_compute): `head` then `tail` as one payload.
    // The server reports nothing; confirm() finds out whether it handled it.
    status send(command cmd, std::span<const std::uint8_t> head, std::span<const std::uint8_t> tail = {});
    // A get_alignment round trip when a command without a reply is outstanding: its failure
    // (the server aborts or closes on a bad request) is reported as that command's.
    status confirm();

    [[nodiscard]] const endpoint& where() const { return m_where; }
    [[nodiscard]] bool broken() const { return m_broken.has_value(); }

private:
    connection(endpoint where, tcp_socket socket, const connection_options& options)
        : m_where(std::move(where)), m_socket(std::move(socket)), m_options(options) {}
    // Errors are blamed on `blamed`: the outstanding command the server may have died on.
    status write_request(command cmd, command blamed, std::span<const std::uint8_t> head,
                         std::span<const std::uint8_t> tail);
    // Closes the connection and keeps "rpc HOST:PORT: what during cmd" as its error.
    error fail(command cmd, const std::string& what);

    endpoint m_where;
    tcp_socket m_socket;
    connection_options m_options;
    std::optional<command> m_unconfirmed; // the last command sent without a reply since a round trip
    std::optional<error> m_broken;
};

} // namespace planscope::rpc
