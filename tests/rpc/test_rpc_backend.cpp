// The RPC backend against ggml's own rpc-server (built by tests/rpc/CMakeLists.txt from the
// shared llama.cpp da46e59c): connecting, buffers at the server's addresses, tensors set, read
// and copied there, stories260K over cpu + two servers equal to the CPU-only run, and a server
// killed in the middle of a run reported in one line.
#include "backend/rpc/rpc_backend.h"
#include "rpc_servers.h"
#include "../app/cli_runner.h"

#include "backend/cpu/cpu_backend.h"
#include "backend/tensor_copy.h"
#include "core/builder.h"
#include "fold/fold_structure.h"
#include "export/chrome_trace.h"
#include "export/export_schedule.h"
#include "models/llama_run.h"
#include "sched/backend_factory.h"
#include "sched/sched_llama.h"
#include "source/graph_source.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
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
        options.node_backend = [](const tensor& t) { return !t.is_view() && layer_of(t.name) == 4 ? 2 : -1; };
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

        // Network bytes (sched/network_traffic.h). stories260K: n_embd 64, 8 heads of 8, 4 KV heads
        // (n_embd_gqa 32), n_ff 172, f32 weights, f16 KV cache, n_ctx 512; 5 tokens, n_kv 32.
        // Layers 2 and 3 on server 1 cross between it and the CPU 8 times each: norm, Qcur, kqv_merged,
        // kqv_out, ffn norm and ffn_out (64 x 5 floats, 1280 bytes), Kcur and v_cur_t (32 x 5, 640):
        // 6 x 1280 + 2 x 640 = 8960 per layer. Layer 4 on server 2 reads l_out-3 twice (1280 each),
        // Kcur-4 and v_cur_t-4 go back (640 each), norm comes out (1280), and it gets from the CPU
        // inp_pos twice (20), KQ_scale (4), KQ_mask (32 x 5 floats, 640), the cache's k-4 view
        // (32 x 32 halves, 2048) and v-4 view (strided over n_ctx: 64 + 7 x 1024 + 3 x 8192 = 31808).
        // Its weights live on server 1 and pass through this host, twice: attn_norm and ffn_norm
        // (256 each), attn_k and attn_v (64 x 32 floats, 8192 each), attn_q and attn_output
        // (64 x 64, 16384 each), ffn_gate, ffn_up and ffn_down (64 x 172, 44032 each).
        const std::uint64_t layers_2_3 = 2 * 8960;
        const std::uint64_t layer_4_activations = 2 * 1280 + 2 * 640 + 1280 + 2 * 20 + 4 + 640 + 2048 + 31808;
        const std::uint64_t layer_4_weights = 2 * (2 * 256 + 2 * 8192 + 2 * 16384 + 3 * 44032);
        const network_traffic& net = got->report.network;
        QVERIFY(net.remote);
        QCOMPARE(layer_4_weights, std::uint64_t{363520});
        QCOMPARE(net.bytes, layers_2_3 + layer_4_activations + layer_4_weights); // 421100
        QCOMPARE(net.n_tokens, prompt.size());
        QCOMPARE(*net.bytes_per_token(), 84220.0);
        QCOMPARE(net.boundaries.size(), std::size_t{27});
        // Split 25 (layer 4's attention and FFN) reads six of layer 4's weights from server 1.
        const auto weights = std::find_if(net.boundaries.begin(), net.boundaries.end(), [](const network_boundary& b) {
            return b.to_split == 25 && b.from_split == -1 && b.from_backend == 1;
        });
        QVERIFY(weights != net.boundaries.end());
        QCOMPARE(weights->copies, std::size_t{6});
        QCOMPARE(weights->bytes, std::uint64_t{2 * (2 * 16384 + 256 + 3 * 44032)});
        // What the run copied (bytes_copied): every input once, the weights' second crossing aside.
        std::uint64_t copied = 0;
        for (const sched_split_timing& t : got->report.timings) copied += t.bytes_copied;
        QCOMPARE(copied, net.bytes - layer_4_weights / 2);
    }

    // run --backends cpu,rpc with -ngl 3 (layers 2-4 on the server): 8960 bytes per layer (above),
    // 1792 a token; plan lists the same under ## NETWORK; the CPU alone prints no network line.
    void the_cli_prints_the_network_bytes() {
        const QString model = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
        if (!QFileInfo::exists(model)) QSKIP("stories260K.gguf is not in the shared directory");
        rpc_servers servers(server_program(), 1);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        const QString server = QString::fromStdString(servers.endpoint(0));
        const QStringList run{"run", model, "--ggml", "2023", "--tokens", "1,403,407,261,378", "--ngl", "3", "--backends"};
        const run_result r = cli(run + QStringList{"cpu,rpc:" + server});
        QVERIFY2(r.code == 0, qPrintable(r.err));
        QCOMPARE(line_starting(r.out, "network\tsplit 0 "), "network\tsplit 0 -> 1\tCPU -> RPC0[" + server + "]\t1 copy\t1280 bytes");
        QCOMPARE(line_starting(r.out, "network total"), QStringLiteral("network total\t26880 bytes\t5 tokens\t5376.0 bytes per token"));
        const run_result plan = cli({"plan", model, "--ggml", "2023", "--batch", "5", "--ngl", "3", "--backends", "cpu,rpc:" + server});
        QVERIFY2(plan.code == 0, qPrintable(plan.err));
        QVERIFY(plan.out.contains(QStringLiteral("\n## NETWORK\nnetwork\tsplit 0 -> 1\t")));
        QCOMPARE(line_starting(plan.out, "network total"), line_starting(r.out, "network total"));
        // The server's colon is its port's, not a device's: the name stays whole.
        QVERIFY2(line_starting(plan.out, "llama.cpp: RPC0").startsWith("llama.cpp: RPC0[" + server + "] compute buffer size = "),
                 qPrintable(plan.out));
        const run_result json = cli({"plan", model, "--ggml", "2023", "--batch", "5", "--ngl", "3", "--backends", "cpu,rpc:" + server, "--format", "json"});
        QVERIFY2(json.code == 0, qPrintable(json.err));
        const QJsonObject network = QJsonDocument::fromJson(json.out.toUtf8()).object().value("network").toObject();
        QCOMPARE(network.value("bytes").toInteger(), 26880);
        QCOMPARE(network.value("bytes_per_token").toDouble(), 5376.0);
        QCOMPARE(network.value("boundaries").toArray().size(), 24);
        const run_result cpu = cli(run + QStringList{"cpu"});
        QVERIFY2(cpu.code == 0, qPrintable(cpu.err));
        QVERIFY(!cpu.out.contains(QStringLiteral("network")));
    }

    // The Chrome trace of a run over cpu,rpc: SET_TENSOR and GET_TENSOR slices on the server's
    // track with their network bytes (26880 in all, as plan counts them), and its splits as
    // graph_compute slices there, each with its measured time.
    void the_trace_shows_transfers_and_remote_computes() {
        const std::string model = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
        if (!QFileInfo::exists(QString::fromStdString(model))) QSKIP("stories260K.gguf is not in the shared directory");
        rpc_servers servers(server_program(), 1);
        QVERIFY2(servers.error().empty(), servers.error().c_str());
        llama_params p;
        p.n_batch = 5;
        p.ngl = 3;
        const auto open = [&] { return open_source(model, p, ggml_version::v2023); };
        export_schedule_options options;
        options.backends = "cpu,rpc:" + servers.endpoint(0);
        auto view = run_for_trace(open, options);
        QVERIFY2(view.ok(), view ? "" : view.err().message.c_str());
        QCOMPARE(view->remote, (std::vector<bool>{false, true}));
        auto first = open();
        QVERIFY(first.ok());
        auto text = chrome_trace_json(first->doc, *view);
        QVERIFY2(text.ok(), text ? "" : text.err().message.c_str());
        const QJsonArray events = QJsonDocument::fromJson(QByteArray::fromStdString(*text)).object().value("traceEvents").toArray();
        qint64 network = 0;
        int sets = 0, gets = 0, computes = 0;
        for (const auto& v : events) {
            const QJsonObject e = v.toObject();
            const QString cat = e.value("cat").toString(), name = e.value("name").toString();
            const QJsonObject args = e.value("args").toObject();
            if (cat == QLatin1String("network")) {
                QCOMPARE(e.value("tid").toInt(), 2); // the server's track
                QVERIFY(e.value("dur").toDouble() >= 0);
                network += args.value("network_bytes").toInteger();
                const QString command = args.value("command").toString();
                QVERIFY2(name.startsWith(command + " RPC0[") || name.startsWith(command + " CPU#"), qPrintable(name));
                (command == QLatin1String("set_tensor") ? sets : gets) += 1;
            }
            if (cat == QLatin1String("remote compute")) {
                QCOMPARE(e.value("tid").toInt(), 2);
                QVERIFY2(name.startsWith(QLatin1String("graph_compute split #")), qPrintable(name));
                QCOMPARE(args.value("command").toString(), QStringLiteral("graph_compute"));
                QVERIFY(e.value("dur").toDouble() > 0); // a round trip takes time
                ++computes;
            }
        }
        QCOMPARE(network, 26880);
        QCOMPARE(sets, 9);   // norm, kqv_merged_cont and the ffn norm of each layer
        QCOMPARE(gets, 15);  // Kcur, v_cur_t, Qcur, kqv_out, ffn_out of each
        QCOMPARE(computes, 15);
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
