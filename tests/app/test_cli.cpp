// planscope-cli as a user runs it: output, exit codes, one-line errors.
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include "cli_runner.h"

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void infoCpu();
    void infoTemplate();
    void infoSchedLog();
    void infoGgml2026();
    void infoErrors_data();
    void infoErrors();
    void usage();
};

// info --cpu: the machine and the kernels chosen; PLANSCOPE_CPU_ISA=avx2 runs it as an AVX2-only
// x86 would be, plain as a baseline one.
void TestCli::infoCpu() {
    const run_result r = cli({QStringLiteral("info"), QStringLiteral("--cpu")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("cpu: ")), qPrintable(r.out));
    QCOMPARE(line_starting(r.out, QStringLiteral("dispatch:")), QStringLiteral("dispatch: all the CPU has (PLANSCOPE_CPU_ISA unset)"));
    QVERIFY(!line_starting(r.out, QStringLiteral("threads: ")).isEmpty());
#if defined(__x86_64__)
    const run_result avx2 = cli_with({QStringLiteral("info"), QStringLiteral("--cpu")}, QStringLiteral("PLANSCOPE_CPU_ISA"), QStringLiteral("avx2"));
    QCOMPARE(line_starting(avx2.out, QStringLiteral("dispatch:")), QStringLiteral("dispatch: at most avx2 (PLANSCOPE_CPU_ISA)"));
    QCOMPARE(line_starting(avx2.out, QStringLiteral("MUL_MAT q4_K:")),
             QStringLiteral("MUL_MAT q4_K: AVX2 for one row (decode), AVX2 for batches"));
    QCOMPARE(line_starting(avx2.out, QStringLiteral("f32 and f16 MUL_MAT:")), QStringLiteral("f32 and f16 MUL_MAT: AVX2"));
    QCOMPARE(line_starting(avx2.out, QStringLiteral("weights packed:")),
             QStringLiteral("weights packed: q4_0, q8_0, q4_K (groups of 16 rows, AVX2; run --no-repack: off)"));
    QCOMPARE(line_starting(avx2.out, QStringLiteral("512-bit")), QString());
    const run_result plain = cli_with({QStringLiteral("info"), QStringLiteral("--cpu")}, QStringLiteral("PLANSCOPE_CPU_ISA"), QStringLiteral("plain"));
    QCOMPARE(line_starting(plain.out, QStringLiteral("MUL_MAT q8_0:")),
             QStringLiteral("MUL_MAT q8_0: plain for one row (decode), plain for batches"));
    QCOMPARE(line_starting(plain.out, QStringLiteral("weights packed:")),
             QStringLiteral("weights packed: none (the packed kernels need AVX2)"));
#endif
    const run_result bad = cli_with({QStringLiteral("info"), QStringLiteral("--cpu")}, QStringLiteral("PLANSCOPE_CPU_ISA"), QStringLiteral("sse9"));
    QCOMPARE(line_starting(bad.out, QStringLiteral("dispatch:")),
             QStringLiteral("dispatch: all the CPU has (PLANSCOPE_CPU_ISA 'sse9' is not plain, avx2 or avx512: ignored)"));
    QVERIFY(is_usage_error(cli({QStringLiteral("info"), QStringLiteral("--cpu"), QStringLiteral("x.json")}),
                           QStringLiteral("usage error: --cpu takes no FILE and no other option")));
}

void TestCli::infoTemplate() {
    const auto r = cli({QStringLiteral("info"), QStringLiteral("template:attention")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QVERIFY2(r.out.contains(QStringLiteral("nodes: 63 (24 views)\n")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("leafs: 22\n")));
    // 9 weights per layer + inputs: 64*4 embd, 4 positions, 1 scale, 4*4 mask (f32/i32: 4 bytes each).
    const int weights = 2 * (4 * 64 * 64 + 2 * 64 + 3 * 64 * 172) * 4;
    const int inputs = (64 * 4 + 4 + 1 + 16) * 4;
    QVERIFY2(r.out.contains(QStringLiteral("leaf bytes: %1 ").arg(weights + inputs)), qPrintable(r.out));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("\\n  MUL_MAT +18\\n"))));
    QVERIFY(r.out.contains(QRegularExpression(QStringLiteral("\\n  ROPE +4\\n"))));
    QVERIFY(r.out.contains(QStringLiteral("  weights (CPU): ")));
    // The compute buffer ggml-alloc measures, and llama.cpp's figure (3,342,480 bytes of graph
    // metadata + 9,632 + 32 alignment).
    QVERIFY2(r.out.endsWith(QStringLiteral("compute buffer: 9632 bytes (9.41 KiB; llama.cpp: compute buffer total size = 3.20 MiB)\n")),
             qPrintable(r.out));
}

// The hand-written GGML_SCHED_DEBUG=2 log of docs/ggml-versions.md.
void TestCli::infoSchedLog() {
    const auto r = cli({QStringLiteral("info"), QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.err.isEmpty());
    QVERIFY2(r.out.endsWith(QStringLiteral("assignments: 1 (other lines: 0)\n"
                                           "last assignment: line 2, 3 splits\n"
                                           "  split 0: CPU, nodes 0-0 (1 not views), 0 inputs\n"
                                           "  split 1: CUDA0, nodes 1-3 (3 not views), 1 inputs: inp_embd (16K)\n"
                                           "  split 2: CPU, nodes 4-4 (1 not views), 1 inputs: Qcur-0 (16K)\n")),
             qPrintable(r.out));
}

// The compute buffer as ggml 2026 measures it, with a chunk past the maximum size; info says which
// era planned: a template's 2023 unless --ggml, a .gguf model's 2026.
void TestCli::infoGgml2026() {
    const auto r = cli({QStringLiteral("info"), QStringLiteral("template:attention"), QStringLiteral("--ggml"), QStringLiteral("2026")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("\nplanned by ggml 2026 (d99724f2)\ncompute buffer: ")), qPrintable(r.out));
    const auto seeds = cli({QStringLiteral("info"), QStringLiteral("template:attention")});
    QVERIFY2(seeds.out.contains(QStringLiteral("\nplanned by ggml 2023 (seeds)\ncompute buffer: ")), qPrintable(seeds.out));
    const QString stories = QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    if (QFile::exists(stories)) {
        const auto model = cli({QStringLiteral("info"), stories});
        QVERIFY2(model.out.contains(QStringLiteral("\nplanned by ggml 2026 (d99724f2)\n")), qPrintable(model.out));
        const auto asked = cli({QStringLiteral("info"), stories, QStringLiteral("--ggml"), QStringLiteral("2023")});
        QVERIFY2(asked.out.contains(QStringLiteral("\nplanned by ggml 2023 (seeds)\n")), qPrintable(asked.out));
    }
    const auto chunked = cli({QStringLiteral("info"), QStringLiteral("template:attention"), QStringLiteral("--ggml"),
                              QStringLiteral("2026"), QStringLiteral("--max-buffer-size"), QStringLiteral("4096")});
    QCOMPARE(chunked.code, 0);
    QVERIFY2(chunked.out.contains(QStringLiteral("\n  compute#1: ")), qPrintable(chunked.out));
}

void TestCli::infoErrors_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("contents");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing") << "missing.json" << QString() << "error: %1: ";
    QTest::newRow("not json") << "bad.json" << "{\"tensors\": [" << "error: %1: ";
    QTest::newRow("unknown template") << "template:nope" << QString() << "error: template:nope: unknown template 'nope'";
    QTest::newRow("log without splits") << "run.log" << "llama_model_load: done\n"
                                        << "error: %1: no '## SPLIT #0' line: not the output of GGML_SCHED_DEBUG";
    QTest::newRow("log with a bad node line") << "bad.log" << "\n## SPLIT #0: CPU # 0 inputs\nnode #  0 (x): y\n"
                                              << "error: %1: line 3: a node line is 'node #  N (%10s): ' then the node";
}

void TestCli::infoErrors() {
    QFETCH(QString, file);
    QFETCH(QString, contents);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QString path = file;
    if (!file.startsWith(QStringLiteral("template:"))) {
        path = dir.filePath(file);
        if (!contents.isNull()) {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(contents.toUtf8());
        }
    }
    const auto r = cli({QStringLiteral("info"), path});
    QCOMPARE(r.code, 1);
    QVERIFY(r.out.isEmpty());
    QVERIFY2(r.err.startsWith(message.arg(path)), qPrintable(r.err));
    QCOMPARE(r.err.count(QLatin1Char('\n')), 1); // one line
}

void TestCli::usage() {
    QCOMPARE(cli({}).code, 2);
    QCOMPARE(cli({QStringLiteral("frobnicate")}).code, 2);
    QCOMPARE(cli({QStringLiteral("info")}).code, 2);
    const auto help = cli({QStringLiteral("info"), QStringLiteral("--help")});
    QCOMPARE(help.code, 0);
    QVERIFY(help.out.startsWith(QStringLiteral("usage: planscope-cli info FILE")));
    QCOMPARE(cli({QStringLiteral("--help")}).code, 0);
    for (const auto* flag : {"--version", "-v"}) {
        const auto version = cli({QString::fromLatin1(flag)});
        QCOMPARE(version.code, 0);
        QCOMPARE(version.out, QStringLiteral("planscope-cli %1\n").arg(QStringLiteral(PLANSCOPE_VERSION)));
        QVERIFY(version.err.isEmpty());
    }
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
