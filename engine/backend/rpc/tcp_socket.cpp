#include "tcp_socket.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

namespace planscope::rpc {
namespace {

using clock = std::chrono::steady_clock;

// strerror's phrase in lower case: "connection refused".
std::string errno_phrase(int e) {
    std::string s = std::strerror(e);
    if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
}

std::string seconds(std::chrono::milliseconds t) {
    const auto ms = t.count();
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

// Waits until `fd` is ready for `events` or the deadline passes; EINTR restarts the wait.
status wait_for(int fd, short events, clock::time_point deadline, std::chrono::milliseconds timeout,
                const char* waiting) {
    while (true) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now());
        if (left.count() <= 0) return error{"no answer within " + seconds(timeout) + " " + waiting};
        pollfd p{fd, events, 0};
        const int r = ::poll(&p, 1, static_cast<int>(std::min<std::int64_t>(left.count(), 1 << 30)));
        if (r > 0) return success();
        if (r < 0 && errno != EINTR) return error{"poll failed: " + errno_phrase(errno)};
    }
}

} // namespace

tcp_socket::tcp_socket(tcp_socket&& other) noexcept : m_fd(other.m_fd) { other.m_fd = -1; }

tcp_socket& tcp_socket::operator=(tcp_socket&& other) noexcept {
    if (this != &other) {
        close();
        m_fd = other.m_fd;
        other.m_fd = -1;
    }
    return *this;
}

tcp_socket::~tcp_socket() { close(); }

void tcp_socket::close() {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = -1;
}

result<tcp_socket> tcp_socket::connect(const std::string& host, std::uint16_t port, std::chrono::milliseconds timeout) {
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    if (const int r = ::getaddrinfo(host.c_str(), nullptr, &hints, &found); r != 0 || !found)
        return error{"cannot resolve host '" + host + "': " + ::gai_strerror(r)};
    sockaddr_in addr{};
    std::memcpy(&addr, found->ai_addr, sizeof addr);
    ::freeaddrinfo(found);
    addr.sin_port = htons(port);

    tcp_socket s(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0));
    if (!s.is_open()) return error{"cannot create a socket: " + errno_phrase(errno)};
    const int one = 1;
    ::setsockopt(s.m_fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one); // small requests go out at once
    if (::connect(s.m_fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) != 0) {
        if (errno != EINPROGRESS) return error{errno_phrase(errno)};
        if (auto w = wait_for(s.m_fd, POLLOUT, clock::now() + timeout, timeout, "while connecting"); !w) return w.err();
        int err = 0;
        socklen_t len = sizeof err;
        if (::getsockopt(s.m_fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0) err = errno;
        if (err != 0) return error{errno_phrase(err)};
    }
    return s;
}

status tcp_socket::send_all(std::span<const std::uint8_t> data, std::chrono::milliseconds timeout) {
    if (!is_open()) return error{"not connected"};
    const auto deadline = clock::now() + timeout;
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::send(m_fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            if (auto w = wait_for(m_fd, POLLOUT, deadline, timeout, "while sending"); !w) return w;
            continue;
        }
        if (n < 0 && (errno == EPIPE || errno == ECONNRESET)) return error{"server closed the connection"};
        return error{"send failed: " + errno_phrase(errno)};
    }
    return success();
}

status tcp_socket::recv_all(std::span<std::uint8_t> out, std::chrono::milliseconds timeout) {
    if (!is_open()) return error{"not connected"};
    const auto deadline = clock::now() + timeout;
    std::size_t done = 0;
    while (done < out.size()) {
        const ssize_t n = ::recv(m_fd, out.data() + done, out.size() - done, 0);
        if (n > 0) {
            done += static_cast<std::size_t>(n);
            continue;
        }
        if (n == 0) return error{"server closed the connection"};
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            if (auto w = wait_for(m_fd, POLLIN, deadline, timeout, "while waiting for a reply"); !w) return w;
            continue;
        }
        if (errno == ECONNRESET) return error{"server closed the connection"};
        return error{"receive failed: " + errno_phrase(errno)};
    }
    return success();
}

} // namespace planscope::rpc
