#pragma once
// A stand-in RPC server for the reply tests: listens on 127.0.0.1 (a free port), accepts one
// client and plays a script, each step reading a request's bytes and writing canned reply bytes,
// then closes, or (hold_open) waits for the client to close first.
#include <cstdint>
#include <thread>
#include <vector>

namespace planscope::test {

struct script_step {
    std::size_t request_bytes = 0;
    std::vector<std::uint8_t> reply;
};

class scripted_server {
public:
    explicit scripted_server(std::vector<script_step> steps, bool hold_open = false);
    ~scripted_server();
    scripted_server(const scripted_server&) = delete;
    scripted_server& operator=(const scripted_server&) = delete;

    [[nodiscard]] std::uint16_t port() const { return m_port; }

private:
    int m_listen = -1;
    std::uint16_t m_port = 0;
    std::thread m_thread;
};

// A port nothing listens on (bound, then closed).
std::uint16_t closed_port();

// | u64 length | payload |, as the server frames a reply.
std::vector<std::uint8_t> framed(std::uint64_t length, const std::vector<std::uint8_t>& payload);
// hello's reply payload: major, minor, patch, padding, 24 bytes of conn_caps.
std::vector<std::uint8_t> hello_payload(std::uint8_t major, std::uint8_t minor, std::uint8_t patch);

} // namespace planscope::test
