// What ggml users could not reach before (issue 19): a graph file's backend assignments honoured
// by plan/run --backends, a graph file's compute inputs planned as the .gguf model plans them,
// llama.cpp's worst-case (measure) graph, and the scheduler's whole plan as JSON, checked against
// docs/sched-schema.json.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "cli_runner.h"
#include "common/json_schema_check.h"

using json = nlohmann::json;

namespace {

QString model() { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf"); }
QString graph(const char* name) { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/") + name; }
const QStringList worst_case{"--ctx", "64", "--batch", "8", "--worst-case"};

json read_json(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return json::parse(f.readAll().toStdString());
}

const json& node_named(const json& root, const std::string& name) {
    for (const json& n : root["nodes"])
        if (n["name"] == name) return n;
    static const json none;
    return none;
}

} // namespace

class TestCliFidelity : public QObject {
    Q_OBJECT
private slots:
    // assigned.json puts y and out on "CPU1": the scheduler keeps them there ("usr") and c,
    // between them, follows out's input.
    void assignments_plan_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("line");
        QTest::newRow("splits") << "splits:" << "splits: 2";
        QTest::newRow("split 1") << "## SPLIT #1:" << "## SPLIT #1: CPU1 # 2 inputs: [w (   0K)] [normed (   0K)] ";
        QTest::newRow("y") << "node #  2"
                           << "node #  2 (   MUL_MAT):                    y (  0K) [CPU1      usr]:               CPU1#w "
                              "(  0K) [CPU1    4.cpy]          CPU1#normed (  0K) [CPU1    4.cpy]";
        QTest::newRow("out") << "node #  6"
                             << "node #  6 (     UNARY):                  out (  0K) [CPU1      usr]:                    "
                                "v (  0K) [CPU1   2.src0]";
        QTest::newRow("CPU1 buffer") << "CPU1:" << "CPU1: 512 bytes measured, buffer 3 of 576 bytes";
    }
    void assignments_plan() {
        QFETCH(QString, prefix);
        QFETCH(QString, line);
        const auto r = cli({"plan", graph("assigned.json"), "--backends", "cpu,cpu"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QCOMPARE(line_starting(r.out, prefix), line);
    }

    // Measured with the assignment, so the compute runs (it used to fail for want of space), and
    // gives the values of the same graph on one CPU backend.
    void assignments_run() {
        const auto split = cli({"run", graph("assigned.json"), "--backends", "cpu,cpu"});
        QCOMPARE(split.code, 0);
        QVERIFY2(split.err.isEmpty(), qPrintable(split.err));
        QVERIFY(split.out.contains("split #1 CPU1: copy "));
        const auto plain = cli({"run", graph("small.json"), "--backends", "cpu"});
        QCOMPARE(plain.code, 0);
        const QString out = line_starting(split.out, "output out: ");
        QVERIFY(!out.isEmpty());
        QCOMPARE(out, line_starting(plain.out, "output out: "));
    }

    void assignment_to_missing_backend() {
        const auto r = cli({"plan", graph("assigned.json"), "--backends", "cpu"});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, "error: " + graph("assigned.json") +
                            ": 'y' is assigned to backend 'CPU1', which is not among the backends (CPU)\n");
    }

    // llama.cpp's measure graph: 179 nodes plus the K-shift (K_shift's ROPE and its view per
    // layer), and the compute buffer llama.cpp sized from it.
    void worst_case_graph_data() {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<int>("nodes");
        QTest::addColumn<QString>("max_size");
        QTest::newRow("worst case") << worst_case << 189 << "max_size\tcompute\t24672";
        QTest::newRow("n_past 56, no shift") << QStringList{"--ctx", "64", "--batch", "8", "--n-past", "56"} << 179
                                             << "max_size\tcompute\t24672";
        QTest::newRow("worst case, f32 KV") << worst_case + QStringList{"--kv-type", "f32"} << 189
                                            << "max_size\tcompute\t24672";
    }
    void worst_case_graph() {
        QFETCH(QStringList, options);
        QFETCH(int, nodes);
        QFETCH(QString, max_size);
        if (!QFile::exists(model())) QSKIP("stories260K.gguf is not in the shared directory");
        const auto r = cli(QStringList{"plan", model(), "--ggml", "2023"} + options); // llama.cpp 2023's figures
        QCOMPARE(r.code, 0);
        QCOMPARE(static_cast<int>(r.out.count(QStringLiteral("\nnode\t"))), nodes);
        QCOMPARE(line_starting(r.out, "max_size\t"), max_size);
        QCOMPARE(r.out.count(QStringLiteral("\tK_shift\t")), nodes == 189 ? 1 : 0);
    }

    void worst_case_errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("with n_past") << QStringList{"plan", "x.gguf", "--worst-case", "--n-past", "3"}
                                     << "usage error: --worst-case fixes n_past at n_ctx - n_batch; it takes no --n-past\n";
        QTest::newRow("not a model") << QStringList{"info", "template:mlp", "--worst-case"}
                                     << "usage error: --worst-case applies to a .gguf model or template:llama, not "
                                        "'template:mlp'\n";
    }
    void worst_case_errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = cli(args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.left(message.size()), message);
    }

    // The model saved as a graph file lists its compute inputs and plans byte for byte as the
    // model; the same file without them plans as llama.cpp would not (max 24,640, not 24,672).
    void compute_inputs_round_trip() {
        if (!QFile::exists(model())) QSKIP("stories260K.gguf is not in the shared directory");
        QTemporaryDir dir;
        const QString saved = dir.filePath("worst.json");
        const auto e = cli(QStringList{"export", model(), "--what", "graph", "-o", saved, "--ggml", "2023"} + worst_case);
        QCOMPARE(e.code, 0);
        QVERIFY2(e.err.isEmpty(), qPrintable(e.err));
        const json file = read_json(saved);
        QCOMPARE(file["compute_inputs"].size(), std::size_t{6}); // inp_tokens, inp_embd, inp_pos, KQ_scale, KQ_mask, K_shift

        const auto from_model = cli(QStringList{"plan", model(), "--ggml", "2023"} + worst_case); // as the file's era
        const auto from_file = cli({"plan", saved});
        QCOMPARE(from_file.code, 0);
        QCOMPARE(from_file.out, from_model.out);

        json stripped = file;
        stripped.erase("compute_inputs");
        const QString bare = dir.filePath("bare.json");
        QFile f(bare);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray::fromStdString(stripped.dump()));
        f.close();
        const auto from_bare = cli({"plan", bare});
        QCOMPARE(from_bare.code, 0);
        QCOMPARE(line_starting(from_bare.out, "max_size\t"), QStringLiteral("max_size\tcompute\t24640"));
    }

    // The scheduler's plan as JSON: valid against its schema, names whole, node ranges, offsets
    // in each backend's buffer, the copies' placements and the free lists.
    void sched_json() {
        if (!QFile::exists(model())) QSKIP("stories260K.gguf is not in the shared directory");
        const auto r = cli({"plan", model(), "--backends", "cpu,cpu", "--ngl", "2", "--batch", "5", "--format", "json", "--ggml", "2023"});
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        const json root = json::parse(r.out.toStdString());
        const json schema = read_json(QStringLiteral(PLANSCOPE_SOURCE_DIR "/docs/sched-schema.json"));
        QVERIFY(!schema.is_null());
        const std::string problem = schema_violation(schema, schema, root, "");
        QVERIFY2(problem.empty(), problem.c_str());

        QCOMPARE(root["splits"].size(), std::size_t{21});
        const json& split1 = root["splits"][1];
        QCOMPARE(split1["backend"], "CPU1");
        QCOMPARE(split1["i_start"], 107);
        QCOMPARE(split1["i_end"], 110);
        const json& input = split1["inputs"][0];
        QCOMPARE(input["name"], "norm-3");
        QCOMPARE(input["copy"], "CPU1#norm-3");
        QCOMPARE(input["copy_placement"]["buffer"], "CPU1 compute");
        QCOMPARE(input["copy_placement"]["offset"], 0);

        const json& buffers = root["buffers"];
        QCOMPARE(buffers.size(), std::size_t{5});
        // The offloaded weights on the backend that holds them, not the document's "GPU".
        QCOMPARE(buffers[1]["name"], "weights_gpu");
        QCOMPARE(buffers[1]["backend"], "CPU1");
        QCOMPARE(buffers[3]["name"], "CPU compute");
        QCOMPARE(buffers[3]["size"], 11520);
        QCOMPARE(buffers[3]["compute"]["free_after"], json::parse(R"([{"offset":0,"size":1280}])"));
        QCOMPARE(buffers[4]["compute"]["free_after"], json::parse(R"([{"offset":0,"size":8192}])"));

        // Names over 20 characters, which the text form cuts as ggml printed them.
        const json& k = node_named(root, "kqv_merged_cont-0");
        QCOMPARE(k["backend"], "CPU");
        QCOMPARE(k["split"], 0);
        QCOMPARE(k["placement"]["buffer"], "CPU compute");
        // ROPE in place of the reshape of the matmul result, which owns the memory.
        const json& rope = root["nodes"][5];
        QCOMPARE(rope["placement"]["kind"], "inplace");
        QCOMPARE(rope["placement"]["of"], "Kcur-0 (reshaped)");
        QCOMPARE(rope["placement"]["owner"], "Kcur-0");
        QVERIFY(rope["placement"]["owner_id"] != rope["id"]);
        QCOMPARE(root["causes"]["boundaries"].size(), std::size_t{9});
    }

    // The checker is not vacuous: a plan missing a split's range breaks the schema.
    void sched_schema_rejects() {
        const json schema = read_json(QStringLiteral(PLANSCOPE_SOURCE_DIR "/docs/sched-schema.json"));
        const auto r = cli({"plan", graph("assigned.json"), "--backends", "cpu,cpu", "--format", "json"});
        QCOMPARE(r.code, 0);
        json root = json::parse(r.out.toStdString());
        QCOMPARE(schema_violation(schema, schema, root, ""), std::string());
        root["splits"][0].erase("i_end");
        QCOMPARE(schema_violation(schema, schema, root, ""), std::string("/splits/0: missing i_end"));
    }

    void sched_alignment_refused() {
        const auto r = cli({"plan", graph("small.json"), "--backends", "cpu", "--alignment", "64"});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.startsWith("usage error: --alignment sets the single compute buffer's; with --backends each "
                                 "backend's own applies\n"));
    }
};

QTEST_APPLESS_MAIN(TestCliFidelity)
#include "test_cli_fidelity.moc"
