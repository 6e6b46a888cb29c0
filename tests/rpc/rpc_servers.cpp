#include "rpc_servers.h"

#include "scripted_server.h"

#include "backend/rpc/tcp_socket.h"

#include <thread>

namespace planscope::test {

rpc_servers::rpc_servers(const std::string& program, int n) {
    for (int i = 0; i < n; ++i) {
        const std::uint16_t port = closed_port(); // free unless another process takes it first
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel); // stdout (its banner) dropped
        p->setStandardOutputFile(QProcess::nullDevice());
        p->start(QString::fromStdString(program), {QStringLiteral("-H"), QStringLiteral("127.0.0.1"), QStringLiteral("-p"),
                                                   QString::number(port), QStringLiteral("-t"), QStringLiteral("1")});
        if (!p->waitForStarted(5000)) {
            m_error = "cannot start " + program;
            return;
        }
        m_processes.push_back(std::move(p));
        m_ports.push_back(port);
    }
    // Ready when a connection is accepted; the server drops this probe and accepts the next client.
    for (std::uint16_t port : m_ports) {
        bool up = false;
        for (int attempt = 0; attempt < 200 && !up; ++attempt) {
            up = rpc::tcp_socket::connect("127.0.0.1", port, std::chrono::milliseconds(100)).ok();
            if (!up) std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        if (!up) {
            m_error = "rpc-server on port " + std::to_string(port) + " did not come up";
            return;
        }
    }
}

rpc_servers::~rpc_servers() {
    for (std::size_t i = 0; i < m_processes.size(); ++i) kill(static_cast<int>(i));
}

std::string rpc_servers::endpoint(int i) const { return "127.0.0.1:" + std::to_string(m_ports[static_cast<std::size_t>(i)]); }

void rpc_servers::kill(int i) {
    QProcess& p = *m_processes[static_cast<std::size_t>(i)];
    if (p.state() == QProcess::NotRunning) return;
    p.kill();
    p.waitForFinished(5000);
}

} // namespace planscope::test
