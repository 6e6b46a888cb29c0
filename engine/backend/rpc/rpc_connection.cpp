#include "rpc_connection.h"

#include "rpc_codec.h"
#include "rpc_reply.h"

#include <array>

namespace planscope::rpc {

result<std::unique_ptr<connection>> connection::open(const endpoint& where, const connection_options& options) {
    auto socket = tcp_socket::connect(where.host, where.port, options.connect_timeout);
    if (!socket) return error{"rpc " + where.text() + ": " + socket.err().message};
    // HELLO within the connect timeout: rpc-server serves one client at a time, and one busy with
    // another accepts the connection but answers only once that client has gone.
    connection_options hello_options = options;
    hello_options.call_timeout = options.connect_timeout;
    std::unique_ptr<connection> c(new connection(where, std::move(*socket), hello_options));
    std::array<std::uint8_t, hello_reply_size> reply{};
    if (auto s = c->call(command::hello, hello_request(), reply); !s) return s.err();
    c->m_options = options;
    if (auto v = parse_hello(reply); !v) return c->fail(command::hello, v.err().message);
    return c;
}

error connection::fail(command cmd, const std::string& what) {
    m_socket.close();
    m_broken = error{"rpc " + m_where.text() + ": " + what + " during " + std::string(command_name(cmd))};
    return *m_broken;
}

status connection::write_request(command cmd, command blamed, std::span<const std::uint8_t> head,
                                 std::span<const std::uint8_t> tail) {
    if (m_broken) return *m_broken;
    // | cmd | u64 size | head: small requests go out in one segment.
    const std::uint64_t size = head.size() + tail.size();
    bytes frame{static_cast<std::uint8_t>(cmd)};
    for (int i = 0; i < 8; ++i) frame.push_back(static_cast<std::uint8_t>(size >> (8 * i)));
    frame.insert(frame.end(), head.begin(), head.end());
    if (auto s = m_socket.send_all(frame, m_options.call_timeout); !s) return fail(blamed, s.err().message);
    if (!tail.empty())
        if (auto s = m_socket.send_all(tail, m_options.call_timeout); !s) return fail(blamed, s.err().message);
    return success();
}

status connection::call(command cmd, std::span<const std::uint8_t> request, std::span<std::uint8_t> reply) {
    // A failure here may belong to an unconfirmed command before this one: name that one.
    const command blamed = m_unconfirmed.value_or(cmd);
    if (auto s = write_request(cmd, blamed, request, {}); !s) return s;
    std::array<std::uint8_t, 8> prefix{};
    if (auto s = m_socket.recv_all(prefix, m_options.call_timeout); !s) return fail(blamed, s.err().message);
    m_unconfirmed.reset();
    if (auto s = check_reply_length(cmd, read_length(prefix), reply.size()); !s) return fail(cmd, s.err().message);
    if (auto s = m_socket.recv_all(reply, m_options.call_timeout); !s) return fail(cmd, s.err().message);
    return success();
}

status connection::send(command cmd, std::span<const std::uint8_t> head, std::span<const std::uint8_t> tail) {
    if (auto s = write_request(cmd, cmd, head, tail); !s) return s;
    m_unconfirmed = cmd;
    return success();
}

status connection::confirm() {
    if (m_broken) return *m_broken;
    if (!m_unconfirmed) return success();
    std::array<std::uint8_t, u64_reply_size> reply{};
    if (auto s = call(command::get_alignment, device_request(0), reply); !s) return s;
    if (auto a = parse_alignment(reply); !a) return fail(command::get_alignment, a.err().message);
    return success();
}

} // namespace planscope::rpc
