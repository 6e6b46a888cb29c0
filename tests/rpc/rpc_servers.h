#pragma once
// ggml rpc-server processes for the tests, on 127.0.0.1 at free ports, one CPU thread each;
// stopped (SIGKILL) when the set goes out of scope.
#include <QProcess>

#include <memory>
#include <string>
#include <vector>

namespace planscope::test {

class rpc_servers {
public:
    // Starts `n` servers of `program` and waits (up to 20 s) until each accepts connections.
    // Empty `error()` on success.
    rpc_servers(const std::string& program, int n);
    ~rpc_servers();

    [[nodiscard]] const std::string& error() const { return m_error; }
    // "127.0.0.1:PORT" of server i.
    [[nodiscard]] std::string endpoint(int i) const;
    // SIGKILL server i and wait for it to be gone.
    void kill(int i);

private:
    std::vector<std::unique_ptr<QProcess>> m_processes;
    std::vector<std::uint16_t> m_ports;
    std::string m_error;
};

} // namespace planscope::test
