#include "scripted_server.h"

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

namespace planscope::test {
namespace {

int listen_on_free_port(std::uint16_t& port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    ::bind(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr);
    ::listen(fd, 1);
    socklen_t len = sizeof addr;
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    port = ntohs(addr.sin_port);
    return fd;
}

bool read_exactly(int fd, std::size_t n) {
    std::vector<std::uint8_t> sink(n);
    for (std::size_t done = 0; done < n;) {
        const ssize_t r = ::recv(fd, sink.data() + done, n - done, 0);
        if (r <= 0) return false;
        done += static_cast<std::size_t>(r);
    }
    return true;
}

} // namespace

scripted_server::scripted_server(std::vector<script_step> steps, bool hold_open) {
    m_listen = listen_on_free_port(m_port);
    m_thread = std::thread([fd = m_listen, steps = std::move(steps), hold_open] {
        const int client = ::accept(fd, nullptr, nullptr);
        if (client < 0) return;
        for (const script_step& s : steps) {
            if (!read_exactly(client, s.request_bytes)) break;
            if (!s.reply.empty()) (void)::send(client, s.reply.data(), s.reply.size(), MSG_NOSIGNAL);
        }
        if (hold_open) {
            std::uint8_t byte = 0;
            while (::recv(client, &byte, 1, 0) > 0) {
            }
        }
        ::close(client);
    });
}

scripted_server::~scripted_server() {
    ::shutdown(m_listen, SHUT_RDWR); // a client that never came: accept returns
    m_thread.join();
    ::close(m_listen);
}

std::uint16_t closed_port() {
    std::uint16_t port = 0;
    ::close(listen_on_free_port(port));
    return port;
}

std::vector<std::uint8_t> framed(std::uint64_t length, const std::vector<std::uint8_t>& payload) {
    std::vector<std::uint8_t> out;
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<std::uint8_t>(length >> (8 * i)));
    out.insert(out.end(), payload.begin(), payload.end());
    return out;
}

std::vector<std::uint8_t> hello_payload(std::uint8_t major, std::uint8_t minor, std::uint8_t patch) {
    std::vector<std::uint8_t> p{major, minor, patch, 0};
    p.resize(28, 0);
    return p;
}

} // namespace planscope::test
