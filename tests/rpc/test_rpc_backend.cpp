// The RPC backend against ggml's own rpc-server (built by tests/rpc/CMakeLists.txt from the
// shared llama.cpp da46e59c): connecting, buffers at the server's addresses, tensors set, read
// and copied there, stories260K over cpu + two servers equal to the CPU-only run, and a server
// killed in the middle of a run reported in one line.
#include "backend/rpc/rpc_backend.h"
#include "rpc_servers.h"

#include "backend/cpu/cpu_backend.h"
#include "backend/tensor_copy.h"
#include "core/builder.h"
#include "models/llama_run.h"
#include "sched/backend_factory.h"
#include "sched/sched_llama.h"

#include <QtTest>

#include <algorithm>
#include <numeric>

using namespace planscope;
using namespace planscope::test;

namespace {

const std::vector<std::int32_t> prompt{1, 403, 407, 261, 378};

std::vector<int> top10(const std::vector<float>& logits) {
    std::vector<int> ids(logits.size());
    std::iota(ids.begin(), ids.end(), 0);
    std::partial_sort(ids.begin(), ids.begin() + 10, ids.end(),
                      [&](int a, int b) { return logits[static_cast<std::size_t>(a)] > logits[static_cast<std::size_t>(b)]; });
    ids.resize(10);
    return ids;
}

// The layer of a node named "NAME-IL" (llama_graph's cb), else -1.
int layer_of(const tensor& t) {
    const auto dash = t.name.rfind('-');
    if (dash == std::string::npos || dash + 1 == t.name.size()) return -1;
    int il = 0;
    for (std::size_t i = dash + 1; i < t.name.size(); ++i) {
        if (t.name[i] < '0' || t.name[i] > '9') return -1;
        il = il * 10 + (t.name[i] - '0');
    }
    return il;
}

class kill_on_compute final : public sched_observer {
public:
    kill_on_compute(rpc_servers& servers, int server, int backend) : m_servers(servers), m_server(server), m_backend(backend) {}
    void on_event(const sched_event& e) override {
        if (const auto* b = std::get_if<sched_events::compute_begin>(&e); b && b->backend == m_backend && !killed) {
            m_servers.kill(m_server);
            killed = true;
        }
    }
    bool killed = false;

private:
    rpc_servers& m_servers;
    int m_server, m_backend;
};

} // namespace

class test_rpc_backend : public QObject {
    Q_OBJECT

    static std::string server_program() {
        const std::string path = PLANSCOPE_RPC_SERVER;
        return !path.empty() && QFileInfo(QString::fromStdString(path)).isExecutable() ? path : std::string();
    }

private slots:
    void initTestCase() {
        if (server_program().empty())
            QSKIP("no rpc-server: configure with PLANSCOPE_RPC_SERVER_SOURCE, a llama.cpp source tree "
                  "(../shared/reference/llama.cpp-da46e59c)");
    }

    void connects_and_reads_the_device() {
        rpc_servers servers(server_program(), 1);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        auto made = rpc::rpc_backend::connect(*rpc::parse_endpoint(servers.endpoint(0)));
        QVERIFY2(made.ok(), made ? "" : made.err().message.c_str());
        rpc::rpc_backend& b = **made;
        QCOMPARE(std::string(b.name()), "RPC0[" + servers.endpoint(0) + "]");
        QCOMPARE(b.alignment(), std::size_t{32}); // ggml's CPU buffer type: TENSOR_ALIGNMENT
        QVERIFY(b.max_size() >= (std::uint64_t{1} << 32));
        QVERIFY(b.memory().total > 0 && b.memory().free <= b.memory().total);
        QVERIFY(backend_device(b).starts_with(servers.endpoint(0) + ", "));
    }

    void tensors_live_at_the_servers_addresses() {
        rpc_servers servers(server_program(), 1);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        auto made = rpc::make_rpc_backend(servers.endpoint(0));
        QVERIFY(made.ok());
        backend& b = **made;
        context ctx;
        builder bld(ctx);
        const tensor_id x = bld.new_tensor_2d(dtype::f32, 4, 3);
        const tensor_id y = bld.new_tensor_2d(dtype::f32, 4, 3);
        QVERIFY(bld.ok());
        auto buf = b.alloc_buffer(buffer_id{0}, 256);
        QVERIFY2(buf.ok(), buf ? "" : buf.err().message.c_str());
        QVERIFY(!(*buf)->host_visible());
        QCOMPARE((*buf)->base() % 32, std::uint64_t{0});
        QVERIFY((*buf)->base() != 0);
        buffer_table table;
        QVERIFY(table.add(*buf).ok());
        ctx[x].where = placement{buffer_id{0}, 0};
        ctx[y].where = placement{buffer_id{0}, 64};
        std::vector<float> in(12);
        std::iota(in.begin(), in.end(), 1.0f);
        QVERIFY(tensor_set(table, ctx[x], in.data(), 0, 48).ok());
        QVERIFY(tensor_copy(table, ctx[x], ctx[y]).ok()); // copy_tensor on the server
        std::vector<float> out(12, 0.0f);
        QVERIFY(tensor_get(table, ctx[y], out.data(), 0, 48).ok());
        QCOMPARE(out, in);
        std::vector<float> part(2, 0.0f);
        QVERIFY(tensor_get(table, ctx[x], part.data(), 8, 8).ok());
        QCOMPARE(part, (std::vector<float>{3.0f, 4.0f}));
        QCOMPARE(b.alloc_buffer(buffer_id{1}, std::numeric_limits<std::size_t>::max()).err().message,
                 "rpc " + servers.endpoint(0) + ": buffer 1 of 18446744073709551615 bytes: the server could not allocate it");
    }

    void stories260k_over_two_servers_equals_the_cpu_run() {
        auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
        if (!file) QSKIP("stories260K.gguf is not in the shared directory");
        rpc_servers servers(server_program(), 2);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        auto backends = make_backends("cpu,rpc:" + servers.endpoint(0) + ",rpc:" + servers.endpoint(1));
        QVERIFY2(backends.ok(), backends ? "" : backends.err().message.c_str());
        auto expected = run_llama_prompt(*file, prompt, {});
        QVERIFY(expected.ok());

        // Layers 2-4's weights on the first server (-ngl 3); layer 4's nodes on the second, which
        // receives its weights from the first through host memory.
        sched_llama_options options;
        options.ngl = 3;
        options.node_backend = [](const tensor& t) { return !t.is_view() && layer_of(t) == 4 ? 2 : -1; };
        auto got = run_llama_prompt_sched(*file, prompt, backend_pointers(*backends), options);
        QVERIFY2(got.ok(), got ? "" : got.err().message.c_str());
        std::vector<bool> used(3, false);
        for (const auto& s : got->report.plan.splits)
            if (s.backend >= 0 && s.i_start != s.i_end) used[static_cast<std::size_t>(s.backend)] = true;
        QCOMPARE(used, (std::vector<bool>{true, true, true}));

        QCOMPARE(got->logits.size(), expected->size());
        QCOMPARE(top10(got->logits), top10(*expected));
        float worst = 0;
        for (std::size_t i = 0; i < expected->size(); ++i)
            worst = std::max(worst, std::abs(got->logits[i] - (*expected)[i]));
        QVERIFY2(worst <= 1e-3f, std::to_string(worst).c_str());
        qInfo("largest logit difference %g, %zu splits", static_cast<double>(worst), got->report.plan.splits.size());
    }

    void a_server_killed_mid_run_is_one_error() {
        auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
        if (!file) QSKIP("stories260K.gguf is not in the shared directory");
        rpc_servers servers(server_program(), 1);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        auto backends = make_backends("cpu,rpc:" + servers.endpoint(0));
        QVERIFY(backends.ok());
        kill_on_compute killer(servers, 0, 1);
        sched_llama_options options;
        options.ngl = 3;
        options.observer = &killer;
        auto got = run_llama_prompt_sched(*file, prompt, backend_pointers(*backends), options);
        QVERIFY(killer.killed);
        QVERIFY(!got.ok());
        const std::string& message = got.err().message;
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
        const std::string want = "rpc " + servers.endpoint(0) + ": server closed the connection during graph_compute";
        QVERIFY2(message.ends_with(want), message.c_str());
        // The backend stays usable as an object: every later call fails at once with the same line.
        auto& rpc = static_cast<rpc::rpc_backend&>(*(*backends)[1]);
        QCOMPARE(rpc.synchronize().err().message, want);
        QCOMPARE(rpc.alloc_buffer(buffer_id{0}, 64).err().message, want);
    }
};

QTEST_APPLESS_MAIN(test_rpc_backend)
#include "test_rpc_backend.moc"
