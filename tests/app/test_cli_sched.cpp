// planscope-cli plan/run --backends: the scheduler's split report for stories260K with two
// layers on a second CPU backend, a CPU+CPU run equal to the CPU-only run, a template run's
// output summary, run --ggml 2026's outputs equal to the 2023 run's for the graph files, and the
// one-line errors.
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "cli_runner.h"

#include <cmath>

namespace {

QString model() { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf"); }
const QString prompt = QStringLiteral("1,403,407,261,378");

QString graph_file(const char* name) { return QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/") + QString::fromUtf8(name); }

// The "output NAME: first ... min ... max ... mean ..." lines of a run.
QStringList output_lines(const QString& out) {
    QStringList lines;
    for (const QString& l : out.split(QLatin1Char('\n')))
        if (l.startsWith(QStringLiteral("output "))) lines << l;
    return lines;
}

// Two output lines with the same words and numbers within `tolerance` (relative, plus absolute).
bool outputs_close(const QString& got, const QString& want, double tolerance) {
    const QStringList a = got.split(QLatin1Char(' ')), b = want.split(QLatin1Char(' '));
    if (a.size() != b.size()) return false;
    for (qsizetype i = 0; i < a.size(); ++i) {
        bool na = false, nb = false;
        const double x = a[i].toDouble(&na), y = b[i].toDouble(&nb);
        if (na != nb || (!na && a[i] != b[i])) return false;
        if (na && std::abs(x - y) > tolerance * (1 + std::abs(y))) return false;
    }
    return true;
}

} // namespace

class TestCliSched : public QObject {
    Q_OBJECT
private slots:
    void plan_report_data() {
        QTest::addColumn<QString>("prefix");
        QTest::addColumn<QString>("line");
        QTest::newRow("backends") << "backends:" << "backends: CPU CPU1";
        QTest::newRow("splits") << "splits:" << "splits: 21";
        QTest::newRow("split 1") << "## SPLIT #1:" << "## SPLIT #1: CPU1 # 1 inputs: [norm-3 (   1K)] ";
        QTest::newRow("split 2") << "## SPLIT #2:" << "## SPLIT #2: CPU # 1 inputs: [Kcur-3 (reshaped) (   0K)] ";
        QTest::newRow("pre-allocated node")
            << "node #  0"
            << "node #  0 (  GET_ROWS):             inp_embd (  1K) [ CPU    1.dst]:    token_embd.weight (128K) "
               "[ CPU   1.leaf]           inp_tokens (  0K) [ CPU   1.leaf]";
        QTest::newRow("kv store") << "node #  7"
                                  << "node #  7 (       CPY): k_cache_view-0 (copy (  0K) [ CPU   1.vsrc]:               "
                                     "Kcur-0 (  0K) [ CPU   1.src1]       k_cache_view-0 (  0K) [ CPU   1.vsrc]";
        QTest::newRow("buffer CPU") << "CPU:" << "CPU: 11520 bytes measured, buffer 3 of 11584 bytes";
        QTest::newRow("buffer CPU1") << "CPU1:" << "CPU1: 8192 bytes measured, buffer 4 of 8256 bytes";
    }
    void plan_report() {
        QFETCH(QString, prefix);
        QFETCH(QString, line);
        if (!QFile::exists(model())) QSKIP("stories260K.gguf is not in the shared directory");
        const auto r = cli({"plan", model(), "--backends", "cpu,cpu", "--ngl", "2", "--batch", "5", "--ggml", "2023"}); // the seed scheduler's
        QCOMPARE(r.code, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QCOMPARE(line_starting(r.out, prefix), line);
    }

    void run_llama_equals_cpu_run() {
        if (!QFile::exists(model())) QSKIP("stories260K.gguf is not in the shared directory");
        // llama.cpp 2023's graph (a .gguf runs llama.cpp da46e59c's decode by default, on the CPU alone).
        const auto plain = cli({"run", model(), "--tokens", prompt, "--ggml", "2023"});
        const auto split = cli({"run", model(), "--tokens", prompt, "--backends", "cpu,cpu", "--ngl", "2", "--threads", "2", "--ggml", "2023"});
        QCOMPARE(split.code, 0);
        QVERIFY2(split.err.isEmpty(), qPrintable(split.err));
        QVERIFY(split.out.startsWith("backends: CPU CPU1\nsplits: 21\n"));
        const QRegularExpression timing(QStringLiteral("^split #20 CPU: copy \\d+ us \\(1280 bytes\\), compute \\d+ us$"),
                                        QRegularExpression::MultilineOption);
        QVERIFY2(timing.match(split.out).hasMatch(), qPrintable(split.out));
        QVERIFY(line_starting(split.out, "output result_output: first ").contains(" max 17.79"));
        // The top tokens, sum and l2 lines equal the CPU-only run's.
        const QStringList tail = split.out.split('\n').mid(split.out.count('\n') - 12);
        QCOMPARE(tail.join('\n'), plain.out);
    }

    void run_template_summary() {
        const auto r = cli({"run", "template:mlp", "--backends", "cpu,cpu"});
        QCOMPARE(r.code, 0);
        const QRegularExpression out(QStringLiteral("^output probs: first( -?\\d+\\.\\d{6}){8} min 0\\.000000 max "
                                                    "\\d\\.\\d{6} mean 0\\.100000$"),
                                     QRegularExpression::MultilineOption);
        QVERIFY2(out.match(r.out).hasMatch(), qPrintable(r.out));
        QVERIFY(r.out.contains("total CPU1: 0 splits, copy 0 us (0 bytes), compute 0 us\n"));
    }

    // run --ggml 2026 computes what the 2023 scheduler computes: the same output lines (within
    // 1e-5 where OpenCL computes).
    void run_2026_equals_2023_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("backends");
        for (const char* f : {"small.json", "attention.json", "assigned.json"}) {
            QTest::addRow("%s cpu,cpu", f) << graph_file(f) << "cpu,cpu";
            if (QByteArray(f) != "assigned.json") QTest::addRow("%s opencl,cpu", f) << graph_file(f) << "opencl,cpu";
        }
        QTest::addRow("template:mlp cpu,cpu") << "template:mlp" << "cpu,cpu";
    }
    void run_2026_equals_2023() {
        QFETCH(QString, file);
        QFETCH(QString, backends);
        const auto v2023 = cli({"run", file, "--backends", backends, "--threads", "2"});
        if (backends.contains("opencl") && v2023.code != 0 && v2023.err.contains("OpenCL", Qt::CaseInsensitive))
            QSKIP("no OpenCL backend here");
        QCOMPARE(v2023.code, 0);
        const auto v2026 = cli({"run", file, "--backends", backends, "--threads", "2", "--ggml", "2026"});
        QVERIFY2(v2026.code == 0 && v2026.err.isEmpty(), qPrintable(v2026.err));
        QVERIFY(v2026.out.startsWith("backends: "));
        QVERIFY(v2026.out.contains(QRegularExpression(QStringLiteral("^split #0 .*: copy \\d+ us \\(\\d+ bytes\\), compute \\d+ us$"),
                                                      QRegularExpression::MultilineOption)));
        const QStringList want = output_lines(v2023.out), got = output_lines(v2026.out);
        QVERIFY(!want.isEmpty());
        if (!backends.contains("opencl")) {
            QCOMPARE(got, want);
            return;
        }
        QCOMPARE(got.size(), want.size());
        for (qsizetype i = 0; i < want.size(); ++i) QVERIFY2(outputs_close(got[i], want[i], 1e-5), qPrintable(got[i] + "\n" + want[i]));
    }

    void errors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("code");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown backend") << QStringList{"plan", "template:mlp", "--backends", "cpu,tpu"} << 2 // issue 36: usage
                                         << "usage error: --backends: unknown backend 'tpu' (known: cpu, opencl, rpc:HOST:PORT)\n";
        QTest::newRow("five backends") << QStringList{"run", "template:mlp", "--backends", "cpu,cpu,cpu,cpu,cpu"} << 1
                                       << "error: template:mlp: 5 backends given, the scheduler takes at most 4\n";
        QTest::newRow("ngl without backends") << QStringList{"run", "x.gguf", "--tokens", "1", "--ngl", "1"} << 2
                                              << "usage error: --ngl and --device apply with --backends\n";
        QTest::newRow("tokens for a template") << QStringList{"run", "template:mlp", "--backends", "cpu", "--tokens", "1"}
                                               << 2 << "usage error: --tokens applies to a .gguf model\n";
        const QString small = graph_file("small.json");
        QTest::newRow("run 2026 without backends")
            << QStringList{"run", small, "--ggml", "2026"} << 2
            << "usage error: run --ggml 2026 computes a .gguf model, or graph files with --backends\n";
        QTest::newRow("run 2026 of a gguf") << QStringList{"run", "x.gguf", "--backends", "cpu", "--ggml", "2026"} << 2
                                            << "usage error: run --ggml 2026 computes a .gguf model on the CPU alone: no --backends\n";
        QTest::newRow("run 2026 of a gguf, exact f32")
            << QStringList{"run", "x.gguf", "--tokens", "1", "--ggml", "2026", "--exact-f32"} << 2
            << "usage error: --exact-f32 applies to llama.cpp 2023's run (--ggml 2023)\n";
        QTest::newRow("run n-copies 2023") << QStringList{"run", small, "--backends", "cpu", "--n-copies", "1"} << 2
                                           << "usage error: --n-copies goes with --ggml 2026\n";
        QTest::newRow("run n-copies 5") << QStringList{"run", small, "--backends", "cpu", "--ggml", "2026", "--n-copies", "5"}
                                        << 2 << "usage error: --n-copies is 1 to 4 (GGML_SCHED_MAX_COPIES), not '5'\n";
        QTest::newRow("run max-buffer-size 2023") << QStringList{"run", small, "--backends", "cpu", "--max-buffer-size", "64"}
                                                  << 2 << "usage error: --max-buffer-size goes with --ggml 2026\n";
        QTest::newRow("run bad ggml") << QStringList{"run", small, "--backends", "cpu", "--ggml", "2025"} << 2
                                      << "usage error: --ggml is 2023 or 2026, not '2025'\n";
        QTest::newRow("run 2026 assigned to a missing backend")
            << QStringList{"run", graph_file("assigned.json"), "--backends", "cpu", "--ggml", "2026"} << 1
            << "error: " + graph_file("assigned.json") + ": 'y' is assigned to backend 'CPU1', which is not among the backends (CPU)\n";
    }
    void errors() {
        QFETCH(QStringList, args);
        QFETCH(int, code);
        QFETCH(QString, message);
        const auto r = cli(args);
        QCOMPARE(r.code, code);
        QCOMPARE(r.err.left(message.size()), message);
    }
};

QTEST_APPLESS_MAIN(TestCliSched)
#include "test_cli_sched.moc"
