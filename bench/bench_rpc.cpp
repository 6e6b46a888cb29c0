// stories260K over ggml rpc-servers (issue 41): one token (a batch of one at position 0) computed by
// the scheduler on the CPU alone, then over cpu + one local rpc-server (-ngl 3: layers 2-4 there)
// and cpu + two (layer 4 on the second, as test_rpc_backend splits it; its weights stay on the
// first and pass through this host each token). The benchmark starts the servers itself, one
// thread each, on free ports of 127.0.0.1: tests/rpc builds rpc-server (PLANSCOPE_RPC_SERVER at
// configure time; the environment variable of that name overrides it). Each case reports the
// network bytes per token (sched/network_traffic.h) and its splits as counters. Without a server
// the RPC cases skip with a message.
#include "backend/rpc/tcp_socket.h"
#include "core/builder.h"
#include "fold/fold_structure.h"
#include "models/gguf.h"
#include "sched/backend_factory.h"
#include "sched/sched_llama.h"

#include <benchmark/benchmark.h>

#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

using namespace planscope;

namespace {

const char* const model_path = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";

std::string server_program() {
    const char* env = std::getenv("PLANSCOPE_RPC_SERVER");
    const std::string path = env && *env ? env : PLANSCOPE_RPC_SERVER;
    return !path.empty() && ::access(path.c_str(), X_OK) == 0 ? path : std::string();
}

// A port nothing listens on now (the kernel's pick for a socket bound to port 0).
std::uint16_t free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    std::uint16_t port = 0;
    if (fd >= 0 && ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    if (fd >= 0) ::close(fd);
    return port;
}

// Two rpc-servers for the whole program, started at first use, killed at exit.
class servers {
public:
    static servers& get() {
        static servers s;
        return s;
    }
    [[nodiscard]] const std::string& error() const { return m_error; }
    [[nodiscard]] std::string endpoint(int i) const { return "127.0.0.1:" + std::to_string(m_ports[static_cast<std::size_t>(i)]); }
    ~servers() {
        for (pid_t p : m_pids) {
            ::kill(p, SIGKILL);
            ::waitpid(p, nullptr, 0);
        }
    }

private:
    servers() {
        const std::string program = server_program();
        if (program.empty()) {
            m_error = "no rpc-server: build tests/rpc's (ctest's test_rpc_backend) or set PLANSCOPE_RPC_SERVER";
            return;
        }
        for (int i = 0; i < 2; ++i) {
            const std::string port = std::to_string(free_port());
            const pid_t pid = ::fork();
            if (pid == 0) {
                std::freopen("/dev/null", "w", stdout);
                std::freopen("/dev/null", "w", stderr);
                ::execl(program.c_str(), program.c_str(), "-H", "127.0.0.1", "-p", port.c_str(), "-t", "1", nullptr);
                ::_exit(127);
            }
            m_pids.push_back(pid);
            m_ports.push_back(static_cast<std::uint16_t>(std::stoi(port)));
        }
        // Up when it accepts a connection; it drops this probe and serves the next client.
        for (std::uint16_t port : m_ports) {
            bool up = false;
            for (int attempt = 0; attempt < 200 && !up; ++attempt) {
                up = rpc::tcp_socket::connect("127.0.0.1", port, std::chrono::milliseconds(100)).ok();
                if (!up) std::this_thread::sleep_for(std::chrono::milliseconds(100));
            }
            if (!up) m_error = "rpc-server on port " + std::to_string(port) + " did not come up";
        }
    }
    std::vector<pid_t> m_pids;
    std::vector<std::uint16_t> m_ports;
    std::string m_error;
};

// servers: 0 (the CPU alone), 1 or 2.
void BM_stories260k_token(benchmark::State& state) {
    const int n_servers = static_cast<int>(state.range(0));
    auto file = open_gguf(model_path);
    if (!file) {
        state.SkipWithError((std::string(model_path) + ": " + file.err().message).c_str());
        return;
    }
    std::string list = "cpu";
    sched_llama_options options;
    if (n_servers > 0) {
        const servers& s = servers::get();
        if (!s.error().empty()) {
            state.SkipWithError(s.error().c_str());
            return;
        }
        for (int i = 0; i < n_servers; ++i) list += ",rpc:" + s.endpoint(i);
        options.ngl = 3;
        if (n_servers == 2) options.node_backend = [](const tensor& t) { return !t.is_view() && layer_of(t.name) == 4 ? 2 : -1; };
    }
    auto backends = make_backends(list);
    if (!backends) {
        state.SkipWithError(backends.err().message.c_str());
        return;
    }
    auto session = sched_llama_session::create(*file, 1, backend_pointers(*backends), options);
    if (!session) {
        state.SkipWithError(session.err().message.c_str());
        return;
    }
    const std::vector<std::int32_t> token{1};
    double per_token = 0;
    std::size_t splits = 0;
    for (auto _ : state) {
        auto out = (*session)->compute(token);
        if (!out) {
            state.SkipWithError(out.err().message.c_str());
            return;
        }
        per_token = out->report.network.bytes_per_token().value_or(0);
        splits = out->report.plan.splits.size();
    }
    state.counters["network_bytes_per_token"] = per_token;
    state.counters["splits"] = static_cast<double>(splits);
}

BENCHMARK(BM_stories260k_token)->ArgName("servers")->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMicrosecond);

// One round trip to a server: a 4-byte SET_TENSOR (no reply) and the GET_ALIGNMENT that confirms
// it, what the scheduler pays at least per remote split (compute, then synchronize) and per
// GET_TENSOR. A token's RPC time is about its splits' round trips times this.
void BM_rpc_round_trip(benchmark::State& state) {
    const servers& s = servers::get();
    if (!s.error().empty()) {
        state.SkipWithError(s.error().c_str());
        return;
    }
    auto backends = make_backends("rpc:" + s.endpoint(0));
    if (!backends) {
        state.SkipWithError(backends.err().message.c_str());
        return;
    }
    backend& b = *(*backends)[0];
    auto buffer = b.alloc_buffer(buffer_id{0}, 64);
    buffer_table table;
    context ctx;
    const tensor_id x = builder(ctx).new_tensor_1d(dtype::f32, 1);
    if (!buffer || !table.add(*buffer)) {
        state.SkipWithError("no buffer on the server");
        return;
    }
    ctx[x].where = placement{buffer_id{0}, 0};
    const float one = 1.0f;
    for (auto _ : state)
        if (!tensor_set(table, ctx[x], &one, 0, sizeof one)) {
            state.SkipWithError("the server went away");
            return;
        }
}
BENCHMARK(BM_rpc_round_trip)->Unit(benchmark::kMicrosecond);

} // namespace

BENCHMARK_MAIN();
