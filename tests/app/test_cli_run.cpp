// planscope-cli run: stories260K computed on the CPU for a fixed prompt (finite logits, a fixed
// argmax, the sum and L2 lines) in ggml 2026 (a .gguf's default: llama.cpp da46e59c's decode) and
// with --ggml 2023, and its one-line errors and usage errors.
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "cli_runner.h"

#include <cmath>

namespace {

QString model(const char* name) { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/") + QString::fromUtf8(name); }

// The next token after this prompt is "," (id 432), about 3.5 ahead of the second;
// test_cpu_llama finds the same argmax in process. llama.cpp da46e59c's logit for it (f32 K/V,
// flash attention off: tests/data/llama_cpp/stories260K.tsv) is 17.799397, the logits' sum
// -2256.852152.
const QString prompt = QStringLiteral("1,403,407,261,378");
constexpr int expected_argmax = 432;
constexpr double llama_cpp_top = 17.799397, llama_cpp_sum = -2256.852152;

} // namespace

class TestCliRun : public QObject {
    Q_OBJECT
private slots:
    void stories260K_data();
    void stories260K();
    void exact_f32_data();
    void exact_f32();
    void timing();
    void errors();
    void usageErrors_data();
    void usageErrors();
};

// `top_within` / `sum_within`: how far from llama.cpp's f32 figures (f16 K/V and flash attention
// round them; an f32 cache without flash attention is llama.cpp's own configuration).
void TestCliRun::stories260K_data() {
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<double>("top_within");
    QTest::addColumn<double>("sum_within");
    QTest::newRow("defaults (ggml 2026)") << QStringList{} << 5e-3 << 0.5;
    QTest::newRow("2026, f32 cache, flash attention off")
        << QStringList{"--kv-type", "f32", "--flash-attn", "off"} << 1e-5 << 1e-3;
    QTest::newRow("2026, 3 threads, ubatches of 2, f32 K")
        << QStringList{"--threads", "3", "--ubatch", "2", "--kv-type-k", "f32", "--ctx", "16"} << 5e-3 << 0.5;
    QTest::newRow("2026, decodes of 2 tokens") << QStringList{"--batch", "2", "--flash-attn", "off", "--kv-type", "f32"} << 1e-5 << 1e-3;
    QTest::newRow("ggml 2023") << QStringList{"--ggml", "2023"} << 5e-3 << 0.5;
    QTest::newRow("2023, 3 threads, f32 cache")
        << QStringList{"--ggml", "2023", "--threads", "3", "--kv-type", "f32", "--ctx", "16"} << 5e-3 << 0.5;
}

void TestCliRun::stories260K() {
    QFETCH(QStringList, extra);
    QFETCH(double, top_within);
    QFETCH(double, sum_within);
    const QString file = model("stories260K.gguf");
    if (!QFile::exists(file)) QSKIP("stories260K.gguf is not in the shared directory");
    const auto r = cli(QStringList{QStringLiteral("run"), file, QStringLiteral("--tokens"), prompt} + extra);
    QCOMPARE(r.code, 0);
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    const QStringList lines = r.out.split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 13); // 10 tokens, sum, l2, and the empty string after the last newline
    QVERIFY(lines[12].isEmpty());
    const QRegularExpression row(QStringLiteral("^(\\d+) (-?\\d+\\.\\d{6}) (.*)$"));
    double previous = INFINITY;
    for (int i = 0; i < 10; ++i) {
        const auto m = row.match(lines[i]);
        QVERIFY2(m.hasMatch(), qPrintable(lines[i]));
        const int id = m.captured(1).toInt();
        QVERIFY(id >= 0 && id < 512);
        const double logit = m.captured(2).toDouble();
        QVERIFY(std::isfinite(logit));
        QVERIFY(logit <= previous); // sorted, highest first
        previous = logit;
        if (i == 0) {
            QCOMPARE(id, expected_argmax);
            QVERIFY2(std::abs(logit - llama_cpp_top) <= top_within, qPrintable(lines[0]));
        }
    }
    const QRegularExpression sum(QStringLiteral("^sum (-?\\d+\\.\\d{6})$")), l2(QStringLiteral("^l2 (\\d+\\.\\d{6})$"));
    const auto s = sum.match(lines[10]);
    const auto n = l2.match(lines[11]);
    QVERIFY2(s.hasMatch(), qPrintable(lines[10]));
    QVERIFY2(n.hasMatch(), qPrintable(lines[11]));
    QVERIFY2(std::abs(s.captured(1).toDouble() - llama_cpp_sum) <= sum_within, qPrintable(lines[10]));
    QVERIFY(n.captured(1).toDouble() > 0);
}

void TestCliRun::exact_f32_data() {
    QTest::addColumn<QString>("kv_type");
    QTest::addColumn<bool>("sums_differ");
    // stories260K's weights are f32: only the f16 cache's K and V meet ggml's f16 rounding.
    QTest::newRow("f16 cache") << QStringLiteral("f16") << true;
    QTest::newRow("f32 cache") << QStringLiteral("f32") << false;
}

// --exact-f32 (llama.cpp 2023's run) keeps activations in f32 against f16 weights
// (docs/numerics.md): the top token stays ',' (432), the logits move with an f16 cache only.
void TestCliRun::exact_f32() {
    QFETCH(QString, kv_type);
    QFETCH(bool, sums_differ);
    const QString file = model("stories260K.gguf");
    if (!QFile::exists(file)) QSKIP("stories260K.gguf is not in the shared directory");
    const QStringList args{QStringLiteral("run"), file, QStringLiteral("--tokens"), prompt, QStringLiteral("--kv-type"), kv_type,
                           QStringLiteral("--ggml"), QStringLiteral("2023")};
    const auto ggml = cli(args);
    const auto exact = cli(args + QStringList{QStringLiteral("--exact-f32")});
    QCOMPARE(ggml.code, 0);
    QCOMPARE(exact.code, 0);
    QVERIFY2(exact.err.isEmpty(), qPrintable(exact.err));
    const QStringList g = ggml.out.split(QLatin1Char('\n')), e = exact.out.split(QLatin1Char('\n'));
    QCOMPARE(e.size(), 13);
    QCOMPARE(g.size(), 13);
    QVERIFY2(e[0].startsWith(QStringLiteral("%1 ").arg(expected_argmax)), qPrintable(e[0]));
    QVERIFY2(g[0].startsWith(QStringLiteral("%1 ").arg(expected_argmax)), qPrintable(g[0]));
    QVERIFY2(e[10].startsWith(QStringLiteral("sum ")), qPrintable(e[10]));
    QCOMPARE(g[10] != e[10], sums_differ);
}

// --timing adds one stderr line, the graphs' compute time; the results stay as they are, and are
// the same on 1 and 2 threads (a node shared by the workers ready for it: thread_pool.h).
void TestCliRun::timing() {
    const QString file = model("stories260K.gguf");
    if (!QFile::exists(file)) QSKIP("stories260K.gguf is not in the shared directory");
    const QStringList args{QStringLiteral("run"), file, QStringLiteral("--tokens"), prompt, QStringLiteral("--threads")};
    const auto one = cli(args + QStringList{QStringLiteral("1")});
    const auto two = cli(args + QStringList{QStringLiteral("2"), QStringLiteral("--timing")});
    QCOMPARE(one.code, 0);
    QCOMPARE(two.code, 0);
    QVERIFY(one.out.startsWith(QStringLiteral("%1 ").arg(expected_argmax)));
    QCOMPARE(two.out, one.out);
    QVERIFY(one.err.isEmpty());
    const auto line = QRegularExpression(QStringLiteral("^compute (\\d+) us\n$")).match(two.err);
    QVERIFY2(line.hasMatch(), qPrintable(two.err));
    QVERIFY(line.captured(1).toLongLong() > 0);
    QVERIFY(line.captured(1).toLongLong() < 10'000'000);
}

void TestCliRun::errors() {
    const QString vocab = model("ggml-vocab-llama-spm.gguf");
    const QString file = model("stories260K.gguf");
    if (!QFile::exists(vocab) || !QFile::exists(file)) QSKIP("the shared models are missing");

    for (const QStringList& era : {QStringList{}, QStringList{QStringLiteral("--ggml"), QStringLiteral("2023")}}) {
        auto r = cli(QStringList{QStringLiteral("run"), vocab, QStringLiteral("--tokens"), QStringLiteral("1,2")} + era);
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QStringLiteral("error: %1: model has no tensor data (vocab-only); it can be planned, not run\n")
                            .arg(vocab));

        r = cli(QStringList{QStringLiteral("run"), file, QStringLiteral("--tokens"), QStringLiteral("1,512")} + era);
        QCOMPARE(r.code, 1);
        QVERIFY(r.out.isEmpty());
        QCOMPARE(r.err, QStringLiteral("error: %1: token 512 is outside the vocabulary [0, 512)\n").arg(file));
    }

    // 2026 pads n_ctx 2 to 256 cells and limits n_batch to 2 (llama_context does): 3 tokens are two
    // decodes; 300 do not fit 256 cells. 2023 needs a cell per position.
    auto r = cli({QStringLiteral("run"), file, QStringLiteral("--tokens"), QStringLiteral("1,2,3"), QStringLiteral("--ctx"),
                  QStringLiteral("2")});
    QCOMPARE(r.code, 0);
    QStringList long_prompt;
    for (int i = 0; i < 300; ++i) long_prompt << QString::number(i % 500 + 1);
    r = cli({QStringLiteral("run"), file, QStringLiteral("--tokens"), long_prompt.join(u','), QStringLiteral("--ctx"),
             QStringLiteral("256")});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, QStringLiteral("error: %1: the KV cache has no 44 free cells (256 cells, up to position 255)\n").arg(file));
    r = cli({QStringLiteral("run"), file, QStringLiteral("--tokens"), QStringLiteral("1,2,3"), QStringLiteral("--ctx"),
             QStringLiteral("2"), QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(r.code, 1);
    QCOMPARE(r.err, QStringLiteral("error: %1: 3 positions do not fit in n_ctx 2\n").arg(file));

    r = cli({QStringLiteral("run"), file});
    QCOMPARE(r.code, 2);
    QCOMPARE(r.err, QStringLiteral("usage error: run needs --tokens (the prompt's token ids, e.g. --tokens 1,2,3)\n"));
    QVERIFY(r.out.isEmpty());

    r = cli({QStringLiteral("run"), file, QStringLiteral("--tokens"), QStringLiteral("1,x")});
    QCOMPARE(r.code, 2);

    // More threads than ggml allows used to end in an uncaught std::system_error (issue 17).
    r = cli({QStringLiteral("run"), file, QStringLiteral("--tokens"), QStringLiteral("1"), QStringLiteral("--threads"),
             QStringLiteral("100000")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.startsWith(QStringLiteral("usage error: --threads 100000 is over the limit of 512\n")), qPrintable(r.err));
}

// Issue 36: what run cannot compute is a usage error (exit 2), as plan's, not a file error.
void TestCliRun::usageErrors_data() {
    const QString log = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/sched_debug/three_splits.log");
    const QString logged = "usage error: '" + log +
                           "' is a GGML_SCHED_DEBUG log, a split assignment and not a graph to plan: info prints it, "
                           "planscope shows it";
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("line");
    QTest::newRow("template without backends")
        << QStringList{"run", "template:llama", "--tokens", "1,2,3"}
        << "usage error: run computes a .gguf model, not 'template:llama' (any graph source runs with --backends)";
    QTest::newRow("log") << QStringList{"run", log} << logged;
    QTest::newRow("log with backends") << QStringList{"run", log, "--backends", "cpu"} << logged;
    QTest::newRow("unknown backend") << QStringList{"run", model("stories260K.gguf"), "--tokens", "1", "--backends", "cuda"}
                                     << "usage error: --backends: unknown backend 'cuda' (known: cpu, opencl, rpc:HOST:PORT)";
    QTest::newRow("tokens twice") << QStringList{"run", model("stories260K.gguf"), "--tokens", "1", "--tokens", "2"}
                                  << "usage error: --tokens is given twice";
    // What ggml 2026's run (a .gguf's default) cannot do names the way: --ggml 2023, or another command.
    const QStringList run{"run", "x.gguf", "--tokens", "1"};
    QTest::newRow("backends in 2026 by default")
        << run + QStringList{"--backends", "cpu,cpu"}
        << "usage error: run MODEL.gguf --backends runs llama.cpp 2023's graph: give --ggml 2023 (ggml 2026, a .gguf's "
           "default, computes on the CPU alone)";
    QTest::newRow("exact-f32 in 2026 by default") << run + QStringList{"--exact-f32"}
                                                  << "usage error: --exact-f32 applies to llama.cpp 2023's run (--ggml 2023)";
    QTest::newRow("seqs") << run + QStringList{"--seqs", "2"}
                          << "usage error: --seqs 2: run decodes one sequence (info, plan and export take --seqs)";
    QTest::newRow("max-buffer-size without backends")
        << run + QStringList{"--max-buffer-size", "4096"}
        << "usage error: --max-buffer-size, --n-copies and --no-op-offload go with --backends";
    QTest::newRow("n-past") << run + QStringList{"--n-past", "2"} << "usage error: run decodes from an empty cache: it takes no --n-past";
    QTest::newRow("batch in 2023") << run + QStringList{"--ggml", "2023", "--batch", "2"}
                                   << "usage error: --batch applies to a .gguf model's run in ggml 2026 (its default)";
    QTest::newRow("timing in 2023") << run + QStringList{"--ggml", "2023", "--timing"}
                                    << "usage error: --timing applies to a .gguf model's run in ggml 2026 (--backends "
                                       "prints compute times)";
    QTest::newRow("quantized cache in 2023")
        << run + QStringList{"--ggml", "2023", "--kv-type", "q8_0"}
        << "usage error: --kv-type q8_0: llama.cpp 2023 stores K and V as f16 or f32 (--ggml 2026 takes it)";
}

void TestCliRun::usageErrors() {
    QFETCH(QStringList, args);
    QFETCH(QString, line);
    const auto r = cli(args);
    QVERIFY2(is_usage_error(r, line), qPrintable(QString::number(r.code) + u' ' + r.err));
}

QTEST_APPLESS_MAIN(TestCliRun)
#include "test_cli_run.moc"
