// planscope-cli capture, and info/plan of a capture file (tests/data/capture/assigned.pscap, the
// graph of tests/data/graphs/assigned.json written by planscope-make-capture): the record list,
// the captured schedule, the check, record selection, the usage errors and a missing library.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

namespace {

QString capture_file() { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/capture/assigned.pscap"); }

} // namespace

class TestCliCapture : public QObject {
    Q_OBJECT
private slots:
    void info_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("line");
        QTest::newRow("runs") << "capture:" << "capture: " + capture_file() + ", 1 run(s)";
        QTest::newRow("record") << "  #0" << "  #0 sched_graph_compute: 7 nodes, 3 leafs, 1000 us, 1 splits; compute CPU 256";
        QTest::newRow("graph") << "graph:" << "graph: assigned.pscap#0 sched_graph_compute";
        QTest::newRow("nodes") << "nodes:" << "nodes: 7 (3 views)";
        QTest::newRow("planned") << "compute buffer:" << "compute buffer: 256 bytes (256 B; llama.cpp: compute buffer total size = 3.19 MiB)";
    }
    void info() {
        QFETCH(QString, prefix);
        QFETCH(QString, line);
        const run_result r = cli({QStringLiteral("info"), capture_file()});
        QCOMPARE(r.code, 0);
        QCOMPARE(line_starting(r.out, prefix), line);
    }

    void plan_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("line");
        QTest::newRow("backends") << "backends:" << "backends: CPU";
        QTest::newRow("buffer") << "CPU:" << "CPU: 256 bytes measured, buffer 2 of 256 bytes";
        QTest::newRow("splits") << "splits: captured" << "splits: captured 1 (the scheduler reported 1), Planscope 1";
        QTest::newRow("nodes") << "nodes:" << "nodes: 7, 0 on another backend";
        QTest::newRow("sizes") << "compute buffer CPU" << "compute buffer CPU: captured 256, Planscope 256 (equal)";
        QTest::newRow("offsets") << "offsets:" << "offsets: 4 captured addresses compared, 0 differ";
    }
    void plan() {
        QFETCH(QString, prefix);
        QFETCH(QString, line);
        const run_result r = cli({QStringLiteral("plan"), capture_file() + QStringLiteral("#0")});
        QCOMPARE(r.code, 0);
        QCOMPARE(line_starting(r.out, prefix), line);
    }

    // llama.cpp da46e59c's own compute of stories260K (make_llama_capture.sh): the check at the
    // addresses the last reserve gave, and the plan export with the captured addresses.
    void llama_cpp_compute() {
        const QString file = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-stories260K.pscap#0:4");
        const run_result r = cli({QStringLiteral("plan"), file});
        QCOMPARE(r.code, 0);
        QCOMPARE(line_starting(r.out, "addresses:"),
                 "addresses: the reservation of record #2 by node position (the graph fits it, as ggml_gallocr_alloc_graph finds)");
        QCOMPARE(line_starting(r.out, "compute buffer CPU"), "compute buffer CPU: captured 159904, Planscope 159904 (equal)");
        QCOMPARE(line_starting(r.out, "offsets:"), "offsets: 113 captured addresses compared, 0 differ");

        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("plan.json"));
        const run_result e = cli({QStringLiteral("export"), file, QStringLiteral("--what"), QStringLiteral("plan"),
                                  QStringLiteral("--format"), QStringLiteral("json"), QStringLiteral("-o"), out});
        QCOMPARE(e.code, 0);
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject plan = QJsonDocument::fromJson(f.readAll()).object();
        QJsonObject compute;
        for (const QJsonValue b : plan["buffers"].toArray())
            if (b["name"].toString() == "CPU compute") compute = b.toObject();
        QCOMPARE(compute["size"].toInteger(), 159904); // llama.cpp's, as captured
        QJsonObject embd;
        for (const QJsonValue n : plan["tensors"].toArray())
            if (n["name"].toString() == "embd") embd = n.toObject();
        QCOMPARE(embd["offset"].toInteger(), 20640); // where llama.cpp put it
    }

    // The what-if on device profiles (source/capture_devices.h): the weights and KV cache placed on
    // the GPU as llama.cpp places them, the split and each device's compute buffer; the split
    // diagram and the estimated trace as for a model on devices.
    void on_devices() {
        const QString file = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-stories260K.pscap#0:0");
        const run_result r = cli({QStringLiteral("plan"), file, QStringLiteral("--device"), QStringLiteral("cuda-24gb")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.err, QString());
        QCOMPARE(line_starting(r.out, "backends:"), "backends: CUDA0 CPU");
        QCOMPARE(line_starting(r.out, "splits:"), "splits: 2");
        QCOMPARE(line_starting(r.out, "CUDA0:"), "CUDA0: 158080 bytes measured");
        QCOMPARE(line_starting(r.out, "CPU:"), "CPU: 22688 bytes measured");

        QTemporaryDir dir;
        const QString trace = dir.filePath(QStringLiteral("trace.json"));
        const run_result e = cli({QStringLiteral("export"), file, QStringLiteral("--device"), QStringLiteral("cuda-24gb"),
                                  QStringLiteral("--what"), QStringLiteral("trace"), QStringLiteral("--cpu-tflops"),
                                  QStringLiteral("1"), QStringLiteral("-o"), trace});
        QCOMPARE(e.code, 0);
        QFile f(trace);
        QVERIFY(f.open(QIODevice::ReadOnly));
        int splits = 0;
        for (const QJsonValue ev : QJsonDocument::fromJson(f.readAll()).object()["traceEvents"].toArray())
            if (ev["ph"].toString() == "X" && ev["name"].toString().startsWith("split")) ++splits;
        QCOMPARE(splits, 2);

        const run_result bad = cli({QStringLiteral("plan"), file, QStringLiteral("--device"), QStringLiteral("cuda-24gb"),
                                    QStringLiteral("--ctx"), QStringLiteral("64")});
        QVERIFY(is_usage_error(bad, "usage error: --ctx applies to a .gguf model or template:llama, not '" + file + "'"));
    }

    void missing_record() {
        const run_result r = cli({QStringLiteral("plan"), capture_file() + QStringLiteral("#4")});
        QCOMPARE(r.code, 1);
        QCOMPARE(r.err, "error: " + capture_file() + ": no graph record seq 4 in run 0 (it has 0 to 0)\n");
    }

    void usage_errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("line");
        QTest::newRow("no command") << QStringList{"capture"} << "usage error: no command after '--'";
        QTest::newRow("nothing after --") << QStringList{"capture", "--"} << "usage error: no command after '--'";
        QTest::newRow("no --") << QStringList{"capture", "/bin/true"} << "usage error: the command goes after '--'";
        QTest::newRow("bad max") << QStringList{"capture", "--max", "x", "--", "/bin/true"}
                                 << "usage error: --max is a number of graph records, not 'x'";
        QTest::newRow("unknown") << QStringList{"capture", "--fast", "--", "/bin/true"} << "usage error: unknown option --fast";
    }
    void usage_errors() {
        QFETCH(QStringList, args);
        QFETCH(QString, line);
        const run_result r = cli(args);
        QVERIFY(is_usage_error(r, line));
    }

    void missing_library() {
        const run_result r = cli_with({QStringLiteral("capture"), QStringLiteral("--"), QStringLiteral("/bin/true")},
                                      QStringLiteral("PLANSCOPE_CAPTURE_LIB"), QStringLiteral("/nonexistent/libplanscope-capture.so"));
        QCOMPARE(r.code, 1);
        QCOMPARE(r.out, QString());
        QCOMPARE(r.err, QStringLiteral("error: the capture library libplanscope-capture.so is not at /nonexistent/libplanscope-capture.so "
                                       "(build the planscope-capture target, or set PLANSCOPE_CAPTURE_LIB)\n"));
    }

    // Any existing file preloads; /bin/true records nothing and its status comes back.
    void runs_and_forwards_the_status() {
        const QString out = QDir::temp().filePath(QStringLiteral("planscope-test-capture.pscap"));
        QFile::remove(out);
        const QString lib = QStringLiteral(PLANSCOPE_CLI); // an ELF file that is no library: the loader warns and runs on
        const run_result r = cli_with({QStringLiteral("capture"), QStringLiteral("--output"), out, QStringLiteral("--"),
                                       QStringLiteral("/bin/sh"), QStringLiteral("-c"), QStringLiteral("exit 3")},
                                      QStringLiteral("PLANSCOPE_CAPTURE_LIB"), lib);
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(QStringLiteral("capture: nothing recorded, ") + out + QStringLiteral(" was not written")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliCapture)
#include "test_cli_capture.moc"
