// planscope-cli on models and the sources of issue 4: `info` on every shared GGUF (architecture and
// hyperparameters, exact lines), the Llama-2-7B vocab-only file planned for a 512-token prompt,
// --ctx/--batch/--n-past/--kv-type/--ngl, template:llama and a ggml DOT dump.
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

#include "cli_runner.h"

namespace {

QString model(const char* name) { return QStringLiteral(PLANSCOPE_SHARED_DIR "/models/") + QString::fromUtf8(name); }

// The value after "KEY" on the line of `out` that starts with it ("  kv_cache (CPU): 327680 bytes").
QString lineStarting(const QString& out, const QString& start) {
    for (const QString& line : out.split(QLatin1Char('\n')))
        if (line.startsWith(start)) return line;
    return {};
}

// max_size of the compute buffer, the plan listing's last line.
qint64 computeSize(const run_result& r) {
    const QString last = r.out.trimmed().split(QLatin1Char('\n')).constLast();
    const QStringList f = last.split(QLatin1Char('\t'));
    return f.size() == 3 && f[0] == QLatin1String("max_size") && f[1] == QLatin1String("compute") ? f[2].toLongLong() : -1;
}

// "  n_embd            64": as `info` prints a hyperparameter.
QString kv(const char* key, const QString& value) {
    return QStringLiteral("  ") + QString::fromLatin1(key).leftJustified(18) + value;
}

QStringList hparams(const char* arch, const char* name, int vocab, int ctx, int embd, int head, int head_kv,
                    int layer, int rot, int ff, const char* eps_key) {
    const int head_dim = embd / head;
    const auto n = [](int v) { return QString::number(v); };
    return {
        QStringLiteral("architecture: ") + QLatin1String(arch),
        kv("arch", QLatin1String(arch)),
        kv("name", QLatin1String(name)),
        kv("n_vocab", n(vocab)),
        kv("n_ctx_train", n(ctx)),
        kv("n_embd", n(embd)),
        kv("n_head", n(head)),
        kv("n_head_kv", n(head_kv)),
        kv("n_layer", n(layer)),
        kv("n_rot", n(rot)),
        kv("n_embd_head", n(head_dim)),
        kv("n_embd_gqa", n(head_dim * head_kv)),
        kv("n_ff", n(ff)),
        kv(eps_key, QStringLiteral("1e-05")),
        kv("rope_scaling", QStringLiteral("linear")),
        kv("freq_base_train", QStringLiteral("10000")),
        kv("freq_scale_train", QStringLiteral("1")),
        kv("n_yarn_orig_ctx", n(ctx)),
    };
}

} // namespace

class TestCliModels : public QObject {
    Q_OBJECT
private slots:
    void infoPrintsHyperparameters_data();
    void infoPrintsHyperparameters();
    void infoOnVocabOnlyFile();
    void llama7bPlansA512TokenPrompt();
    void optionsChangeTheGraph();
    void optionErrors_data();
    void optionErrors();
    void llamaTemplate();
    void templateKeyAndFlag_data();
    void templateKeyAndFlag();
    void dotDump();
    void dotDump2026_data();
    void dotDump2026();
    void llamaCppFigures_data();
    void llamaCppFigures();
    void llamaCppPlanTotal();
};

void TestCliModels::infoPrintsHyperparameters_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QStringList>("lines");
    // The values of ../shared/README.md.
    QTest::newRow("stories260K") << model("stories260K.gguf")
                                 << hparams("llama", "llama", 512, 2048, 64, 8, 4, 5, 8, 172, "f_norm_rms_eps");
    QTest::newRow("llama-spm") << model("ggml-vocab-llama-spm.gguf")
                               << hparams("llama", "llama-spm", 32000, 4096, 4096, 32, 32, 32, 128, 11008, "f_norm_rms_eps");
    QTest::newRow("phi-3") << model("ggml-vocab-phi-3.gguf")
                           << hparams("phi3", "Phi3", 32064, 4096, 3072, 32, 32, 32, 96, 8192, "f_norm_rms_eps");
    QTest::newRow("gpt-2") << model("ggml-vocab-gpt-2.gguf")
                           << hparams("gpt2", "gpt-2", 50257, 1024, 768, 12, 12, 12, 64, 3072, "f_norm_eps");
}

void TestCliModels::infoPrintsHyperparameters() {
    QFETCH(QString, file);
    QFETCH(QStringList, lines);
    const auto r = cli({QStringLiteral("info"), file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList out = r.out.split(QLatin1Char('\n'));
    QVERIFY(out.first().startsWith(QStringLiteral("model: ") + file + QStringLiteral(" (GGUF v3, ")));
    for (const QString& line : lines) QVERIFY2(out.contains(line), qPrintable(line + QStringLiteral("\n---\n") + r.out));
}

void TestCliModels::infoOnVocabOnlyFile() {
    const auto r = cli({QStringLiteral("info"), model("ggml-vocab-llama-spm.gguf"), QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("  none (vocab-only file: a graph gets f32 placeholder weights)\n")));
    QVERIFY(r.out.contains(QStringLiteral("llama parameters: n_ctx 512, n_batch 8, n_past 0, kv_type f16, ngl 0\n")));
    QVERIFY(r.out.contains(QStringLiteral("\nnodes: 1124 (384 views)\n")));
    const auto phi = cli({QStringLiteral("info"), model("ggml-vocab-phi-3.gguf"), QStringLiteral("--ggml"), QStringLiteral("2023")});
    QCOMPARE(phi.code, 0);
    QVERIFY(phi.out.contains(QStringLiteral("graph: not built (architecture 'phi3' is not supported by the graph builder)")));
}

void TestCliModels::llama7bPlansA512TokenPrompt() {
    const auto r = cli({QStringLiteral("plan"), model("ggml-vocab-llama-spm.gguf"), QStringLiteral("--batch"),
                        QStringLiteral("512")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("planscope-plan\t2\n")));
    QVERIFY(r.out.contains(QStringLiteral("\tinp_tokens\tNONE\ti32\t[512, 1, 1, 1]\t2048\t")));
    const qint64 size = computeSize(r);
    qInfo("Llama-2-7B, 512-token prompt, n_ctx 512: compute buffer %lld bytes", size);
    // One layer's KQ alone is 512 x 512 x 32 heads of f32 = 32 MiB.
    QVERIFY2(size >= 32ll << 20 && size < 256ll << 20, qPrintable(QString::number(size)));
    const auto eight = cli({QStringLiteral("plan"), model("ggml-vocab-llama-spm.gguf")});
    QCOMPARE(eight.code, 0);
    QVERIFY(computeSize(eight) > 0 && computeSize(eight) < size);
}

void TestCliModels::optionsChangeTheGraph() {
    const QString file = model("stories260K.gguf");
    const QString kv = QStringLiteral("  kv_cache (CPU): ");
    // llama.cpp 2023's graph: n_past, ngl and its own KV cache.
    const auto cli = [](QStringList args) { return ::cli(args + QStringList{QStringLiteral("--ggml"), QStringLiteral("2023")}); };
    const auto base = cli({QStringLiteral("info"), file});
    QCOMPARE(base.code, 0);
    // K and V: n_embd_gqa 32 x 5 layers x n_ctx cells of f16.
    QCOMPARE(lineStarting(base.out, kv), kv + QStringLiteral("327680 bytes, alignment 32"));
    QVERIFY(lineStarting(base.out, QStringLiteral("  weights_gpu")).isEmpty());

    const auto ctx = cli({QStringLiteral("info"), file, QStringLiteral("--ctx"), QStringLiteral("1024")});
    QVERIFY(ctx.out.contains(QStringLiteral("llama parameters: n_ctx 1024, n_batch 8, n_past 0, kv_type f16, ngl 0\n")));
    QCOMPARE(lineStarting(ctx.out, kv), kv + QStringLiteral("655360 bytes, alignment 32"));
    const auto f32 = cli({QStringLiteral("info"), file, QStringLiteral("--kv-type"), QStringLiteral("f32")});
    QCOMPARE(lineStarting(f32.out, kv), kv + QStringLiteral("655360 bytes, alignment 32"));

    // More tokens: more bytes in the same nodes.
    const auto batch = cli({QStringLiteral("info"), file, QStringLiteral("--batch"), QStringLiteral("32")});
    QCOMPARE(lineStarting(batch.out, QStringLiteral("nodes: ")), QStringLiteral("nodes: 179 (60 views)"));
    QVERIFY(lineStarting(batch.out, QStringLiteral("node bytes: ")) != lineStarting(base.out, QStringLiteral("node bytes: ")));

    // -ngl 2: layers 3 and 4 (9 weights of 64x64, 64x172 ... each) on the second backend; -ngl 6
    // (> n_layer) the output weights too.
    const auto ngl = cli({QStringLiteral("info"), file, QStringLiteral("--ngl"), QStringLiteral("2")});
    QCOMPARE(lineStarting(ngl.out, QStringLiteral("  weights_gpu")),
             QStringLiteral("  weights_gpu (GPU): 363520 bytes, alignment 32"));
    const auto all = cli({QStringLiteral("info"), file, QStringLiteral("--ngl"), QStringLiteral("6")});
    QCOMPARE(lineStarting(all.out, QStringLiteral("  weights_gpu")),
             QStringLiteral("  weights_gpu (GPU): %1 bytes, alignment 32").arg(5 * 181760 + 256 + 512 * 64 * 4));

    // The plan follows: more cells attended, a bigger compute buffer.
    const auto plan = cli({QStringLiteral("plan"), file});
    const auto later = cli({QStringLiteral("plan"), file, QStringLiteral("--ctx"), QStringLiteral("1024"),
                            QStringLiteral("--n-past"), QStringLiteral("512")});
    QCOMPARE(later.code, 0);
    QVERIFY2(computeSize(later) > computeSize(plan), qPrintable(later.out.right(80)));
}

void TestCliModels::optionErrors_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QString file = model("stories260K.gguf");
    QTest::newRow("zero ctx") << QStringList{QStringLiteral("info"), file, QStringLiteral("--ctx"), QStringLiteral("0")} << 2
                              << QStringLiteral("usage error: --ctx takes an integer 1 to 2147483647, not '0'");
    QTest::newRow("no value") << QStringList{QStringLiteral("plan"), file, QStringLiteral("--batch")} << 2
                              << QStringLiteral("usage error: --batch needs a value");
    QTest::newRow("kv type") << QStringList{QStringLiteral("info"), file, QStringLiteral("--kv-type"), QStringLiteral("q5_0")}
                             << 2 << QStringLiteral("usage error: --kv-type is f32, f16, q8_0 or q4_0, not 'q5_0'");
    QTest::newRow("not a model") << QStringList{QStringLiteral("plan"), QStringLiteral("template:attention"),
                                                QStringLiteral("--ngl"), QStringLiteral("1")}
                                 << 2
                                 << QStringLiteral("usage error: --ngl applies to a .gguf model or template:llama, not "
                                                   "'template:attention'");
    QTest::newRow("batch over ctx") << QStringList{QStringLiteral("info"), file, QStringLiteral("--batch"), QStringLiteral("1024"),
                                                   QStringLiteral("--ggml"), QStringLiteral("2023")}
                                    << 1 << QStringLiteral("error: %1: n_batch 1024 exceeds n_ctx 512").arg(file);
    // What the era's llama.cpp cannot honour is a usage error naming the flag.
    QTest::newRow("q8_0 in 2023") << QStringList{QStringLiteral("info"), file, QStringLiteral("--kv-type"), QStringLiteral("q8_0"),
                                                 QStringLiteral("--ggml"), QStringLiteral("2023")}
                                  << 2 << QStringLiteral("usage error: --kv-type q8_0: llama.cpp 2023 stores K and V as f16 or f32 (--ggml 2026 takes it)");
    QTest::newRow("ubatch in 2023") << QStringList{QStringLiteral("plan"), file, QStringLiteral("--ubatch"), QStringLiteral("4"),
                                                   QStringLiteral("--ggml"), QStringLiteral("2023")}
                                    << 2 << QStringLiteral("usage error: --ubatch 4: llama.cpp 2023 has no ubatch, a graph is --batch tokens (--ggml 2026 takes it)");
    QTest::newRow("flash attention on a template")
        << QStringList{QStringLiteral("plan"), QStringLiteral("template:llama"), QStringLiteral("--flash-attn"), QStringLiteral("on")} << 2
        << QStringLiteral("usage error: --flash-attn on: llama.cpp 2023 has no flash attention (--ggml 2026 takes it)");
    QTest::newRow("ngl on a template in 2026")
        << QStringList{QStringLiteral("plan"), QStringLiteral("template:llama"), QStringLiteral("--ngl"), QStringLiteral("2"),
                       QStringLiteral("--ggml"), QStringLiteral("2026")} << 2
        << QStringLiteral("usage error: --ngl: llama.cpp da46e59c (ggml 2026) reserves with every KV cell and every layer on the CPU; give --ggml 2023 for llama.cpp 2023's graph");
    QTest::newRow("template's ngl in 2026")
        << QStringList{QStringLiteral("plan"), QStringLiteral("template:llama?ngl=2"), QStringLiteral("--ggml"), QStringLiteral("2026")} << 1
        << QStringLiteral("error: template:llama?ngl=2: ngl 2: llama.cpp da46e59c's graph is built with every layer on the CPU");
    QTest::newRow("template's vocabulary in 2026")
        << QStringList{QStringLiteral("info"), QStringLiteral("template:llama?n_vocab=2147483647"), QStringLiteral("--ggml"), QStringLiteral("2026")} << 1
        << QStringLiteral("error: template:llama?n_vocab=2147483647: n_vocab 2147483647 is over ggml 2026's template limit of 4194304");
    QTest::newRow("n_past in 2026") << QStringList{QStringLiteral("info"), file, QStringLiteral("--n-past"), QStringLiteral("3")} << 2
                                    << QStringLiteral("usage error: --n-past: llama.cpp da46e59c (ggml 2026) reserves with every KV cell and every layer on the CPU; give --ggml 2023 for llama.cpp 2023's graph");
    QTest::newRow("bad flash attention") << QStringList{QStringLiteral("info"), file, QStringLiteral("--flash-attn"), QStringLiteral("yes")} << 2
                                         << QStringLiteral("usage error: --flash-attn is on, off or auto, not 'yes'");
    QTest::newRow("too many sequences") << QStringList{QStringLiteral("info"), file, QStringLiteral("--seqs"), QStringLiteral("300")} << 2
                                        << QStringLiteral("usage error: --seqs takes an integer 1 to 256, not '300'");
    QTest::newRow("bad K type") << QStringList{QStringLiteral("plan"), file, QStringLiteral("--kv-type-k"), QStringLiteral("bf16")} << 2
                                << QStringLiteral("usage error: --kv-type-k is f32, f16, q8_0 or q4_0, not 'bf16'");
    // llama_init_from_model's own refusal: q8_0 blocks of 32 do not divide stories260K's 8-wide heads.
    QTest::newRow("q8_0 heads") << QStringList{QStringLiteral("info"), file, QStringLiteral("--kv-type"), QStringLiteral("q8_0")} << 1
                                << QStringLiteral("error: %1: K cache type q8_0 with block size 32 does not divide n_embd_head_k=8").arg(file);
    QTest::newRow("past the cache") << QStringList{QStringLiteral("plan"), file, QStringLiteral("--n-past"), QStringLiteral("510"),
                                                   QStringLiteral("--ggml"), QStringLiteral("2023")}
                                    << 1 << QStringLiteral("error: %1: n_past + n_batch = 518 exceeds n_ctx 512").arg(file);
}

void TestCliModels::optionErrors() {
    QFETCH(QStringList, args);
    QFETCH(int, code);
    QFETCH(QString, message);
    const auto r = cli(args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.startsWith(message + QLatin1Char('\n')), qPrintable(r.err));
}

void TestCliModels::llamaTemplate() {
    const QString spec = QStringLiteral("template:llama?n_embd=256&n_layer=4&n_head=8&n_ff=688&n_vocab=1000&n_ctx=512&n_batch=32");
    const auto r = cli({QStringLiteral("info"), spec});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("graph: llama\nnodes: 144 (48 views)\nleafs: 45\n")));
    QVERIFY(r.out.contains(QStringLiteral("  kv_cache (CPU): 2097152 bytes, alignment 32\n")));
    // Flags fill in what the template string leaves out (one that sets the same key is refused:
    // templateKeyAndFlag).
    const auto flags = cli({QStringLiteral("info"), QStringLiteral("template:llama?n_layer=2&n_ctx=256"),
                            QStringLiteral("--kv-type"), QStringLiteral("f32")});
    QCOMPARE(flags.code, 0);
    QVERIFY(flags.out.contains(QStringLiteral("  kv_cache (CPU): %1 bytes").arg(2 * 64 * 2 * 256 * 4)));
    const auto plan = cli({QStringLiteral("plan"), spec});
    QCOMPARE(plan.code, 0);
    QVERIFY(computeSize(plan) > 0);
    const auto bad = cli({QStringLiteral("info"), QStringLiteral("template:llama?n_embd=256&foo=3")});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.startsWith(QStringLiteral("error: template:llama?n_embd=256&foo=3: template 'llama' has no "
                                               "parameter 'foo'")),
             qPrintable(bad.err));
}

// Issue 36: a flag and the template key it would set are a usage error naming both, for every
// template key with a flag; so is a --sweep of a key the template (or a flag) sets. A flag the
// template leaves alone still applies (llamaTemplate).
void TestCliModels::templateKeyAndFlag_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("line");
    const auto both = [](const char* flag, const char* key, const QString& spec) {
        return QStringLiteral("usage error: %1 and the template's %2 both set %2: give one (%3)").arg(flag, key, spec);
    };
    const QString t = QStringLiteral("template:llama?n_layer=2&n_ctx=256&n_batch=16&n_past=4&kv_type=f32&ngl=1");
    QTest::newRow("--ctx") << QStringList{"info", t, "--ctx", "1024"} << both("--ctx", "n_ctx", t);
    QTest::newRow("--batch") << QStringList{"plan", t, "--batch", "8"} << both("--batch", "n_batch", t);
    QTest::newRow("--n-past") << QStringList{"plan", t, "--n-past", "0"} << both("--n-past", "n_past", t);
    QTest::newRow("--kv-type") << QStringList{"plan", t, "--kv-type", "f16"} << both("--kv-type", "kv_type", t);
    QTest::newRow("--ngl") << QStringList{"plan", t, "--ngl", "0"} << both("--ngl", "ngl", t);
    const QString w = QStringLiteral("template:llama?worst_case=yes");
    QTest::newRow("--worst-case") << QStringList{"plan", w, "--worst-case"} << both("--worst-case", "worst_case", w);
    const QString b = QStringLiteral("template:llama?n_batch=512");
    QTest::newRow("sweep of a template key")
        << QStringList{"plan", b, "--sweep", "batch=1,8,32,128,512"}
        << "usage error: --sweep varies n_batch, which '" + b + "' sets: drop n_batch from the template";
    QTest::newRow("sweep of a flag") << QStringList{"plan", "template:llama", "--sweep", "ctx=64,128", "--ctx", "512"}
                                     << "usage error: --sweep varies n_ctx: it takes no --ctx";
}

void TestCliModels::templateKeyAndFlag() {
    QFETCH(QStringList, args);
    QFETCH(QString, line);
    const auto r = cli(args);
    QVERIFY2(is_usage_error(r, line), qPrintable(QString::number(r.code) + u' ' + r.err));
}

void TestCliModels::dotDump() {
    const QString file = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_layer.dot");
    const auto r = cli({QStringLiteral("info"), file});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    QVERIFY(r.out.startsWith(QStringLiteral("graph: llama_layer\nnodes: 29 (10 views)\nleafs: 13\n")));
    QVERIFY(r.out.contains(QStringLiteral("inferred (not in the file):\n")));
    QVERIFY(r.out.contains(
        QStringLiteral("  node 19 'V-0': VIEW strides assumed contiguous, offset assumed 0, ne[3] assumed 1\n")));
    const auto plan = cli({QStringLiteral("plan"), file});
    QVERIFY2(plan.code == 0, qPrintable(plan.err));
    QVERIFY(computeSize(plan) > 0);
    QVERIFY(plan.err.startsWith(QStringLiteral("warning: ") + file + QStringLiteral(": leafs: ")));
    const auto bad = cli({QStringLiteral("info"), QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/unknown_op.dot")});
    QCOMPARE(bad.code, 1);
    QVERIFY2(bad.err.contains(QStringLiteral("unknown_op.dot: node 14 'KQ_soft_max-0': op symbol 'alibi(x)'")),
             qPrintable(bad.err));
}

// Issue 20: a llama layer in today's DOT format (SET_ROWS, GLU, FLASH_ATTN_EXT) plans under both
// allocators and runs on the CPU with either scheduler (weights and cache placed by name, the
// inputs allocated before the graph, all filled with the runners' pattern).
void TestCliModels::dotDump2026_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("out"); // a line of stdout
    const QString file = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/dot/llama_layer_2026.dot");
    const auto args = [&](std::initializer_list<const char*> more) {
        QStringList l;
        for (const char* a : more) l << QString::fromLatin1(a);
        l.insert(1, file);
        return l;
    };
    // SET_ROWS writes into the K cache: a view of it, no memory of its own.
    const QString set_rows = QStringLiteral("node\t10\tcache_k_l0 (view)\tSET_ROWS\tf16\t[8, 8, 1, 1]\t128\tview of cache_k_l0+0\n");
    QTest::newRow("plan") << args({"plan"}) << set_rows;
    QTest::newRow("plan 2026") << args({"plan", "--ggml", "2026"}) << set_rows;
    // Both schedulers compute the same: weights and cache placed by name get the same pattern.
    const QString output = QStringLiteral("output l_out-0: first 0.373891 0.221031 -0.276539 -0.380095 -0.828646 "
                                          "-0.759260 -1.011758 -0.723035 min -1.016686 max 0.382703 mean -0.396436\n");
    QTest::newRow("run 2026") << args({"run", "--backends", "cpu", "--ggml", "2026"}) << output;
    QTest::newRow("run 2023") << args({"run", "--backends", "cpu"}) << output;
}

void TestCliModels::dotDump2026() {
    QFETCH(QStringList, args);
    QFETCH(QString, out);
    const auto r = cli(args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    if (args.first() == QStringLiteral("plan")) {
        QVERIFY2(r.out.contains(out), qPrintable(r.out));
        QVERIFY(computeSize(r) > 0);
        return;
    }
    // Values within 2e-6: another build or SIMD path may round the last printed digit otherwise.
    const QString name = out.section(u':', 0, 0);
    QString line;
    for (const QString& l : r.out.split(u'\n'))
        if (l.startsWith(name + u':')) line = l;
    QVERIFY2(!line.isEmpty(), qPrintable(r.out));
    const QStringList got = line.split(u' '), want = out.trimmed().split(u' ');
    QCOMPARE(got.size(), want.size());
    for (qsizetype i = 0; i < got.size(); ++i) {
        bool a = false, b = false;
        const double x = got[i].toDouble(&a), y = want[i].toDouble(&b);
        if (!a || !b) QCOMPARE(got[i], want[i]);
        else QVERIFY2(std::abs(x - y) <= 2e-6, qPrintable(got[i] + QStringLiteral(" vs ") + want[i]));
    }
}

// In ggml 2026 (a .gguf's default) info prints what llama.cpp da46e59c logs for the context it
// makes: tests/data/llama_cpp/stories260K.tsv (n_ctx 64, n_batch 8, f16) and the Llama-2-7B shape
// of the vocab-only file (n_ctx 4096, n_batch 512).
void TestCliModels::llamaCppFigures_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QStringList>("lines");
    const QString stories = model("stories260K.gguf"), llama7b = model("ggml-vocab-llama-spm.gguf");
    const QStringList small{stories, QStringLiteral("--ctx"), QStringLiteral("64")};
    const QStringList big{llama7b, QStringLiteral("--ctx"), QStringLiteral("4096"), QStringLiteral("--batch"), QStringLiteral("512")};
    const QStringList off{QStringLiteral("--flash-attn"), QStringLiteral("off")};
    const QStringList stories_common{QStringLiteral("n_ctx: 256 (asked 64)"), QStringLiteral("graph splits: 1"),
                                     QStringLiteral("CPU KV buffer: 163840 bytes (0.16 MiB)"),
                                     QStringLiteral("CPU_Mapped model buffer: 1171200 bytes (1.12 MiB)"),
                                     QStringLiteral("CPU output buffer: 2048 bytes (0.00 MiB)")};
    QTest::newRow("stories260K fa off") << small + off
                                        << stories_common + QStringList{QStringLiteral("flash_attn: off"), QStringLiteral("graph nodes: 186"),
                                                                        QStringLiteral("CPU compute buffer: 86176 bytes (0.08 MiB)"),
                                                                        QStringLiteral("compute buffer (prompt graph): 86176 bytes (84.16 KiB)"),
                                                                        QStringLiteral("  CPU          250016 = 0 + 163840 + 86176")};
    QTest::newRow("stories260K fa auto") << small
                                         << stories_common + QStringList{QStringLiteral("flash_attn: on (asked auto)"), QStringLiteral("graph nodes: 161"),
                                                                         QStringLiteral("CPU compute buffer: 29024 bytes (0.03 MiB)")};
    QTest::newRow("stories260K f32 fa on") << small + QStringList{QStringLiteral("--kv-type"), QStringLiteral("f32"), QStringLiteral("--flash-attn"), QStringLiteral("on")}
                                           << QStringList{QStringLiteral("graph nodes: 171"), QStringLiteral("CPU KV buffer: 327680 bytes (0.31 MiB)"),
                                                          QStringLiteral("CPU compute buffer: 47328 bytes (0.05 MiB)")};
    QTest::newRow("stories260K ubatch 32 of 32") << QStringList{stories, QStringLiteral("--ctx"), QStringLiteral("512"), QStringLiteral("--batch"), QStringLiteral("32"),
                                                                QStringLiteral("--ubatch"), QStringLiteral("32")} + off
                                                 << QStringList{QStringLiteral("n_ctx: 512"), QStringLiteral("n_ubatch: 32"),
                                                                QStringLiteral("CPU compute buffer: 639616 bytes (0.61 MiB)")};
    QTest::newRow("7B fa off") << big + off
                               << QStringList{QStringLiteral("n_ctx: 4096"), QStringLiteral("graph nodes: 1158"), QStringLiteral("graph splits: 1"),
                                              QStringLiteral("CPU compute buffer: 335554560 bytes (320.01 MiB)"),
                                              QStringLiteral("CPU KV buffer: 2147483648 bytes (2048.00 MiB)"),
                                              QStringLiteral("CPU output buffer: 128000 bytes (0.12 MiB)")};
    QTest::newRow("7B fa on") << big + QStringList{QStringLiteral("--flash-attn"), QStringLiteral("on")}
                              << QStringList{QStringLiteral("flash_attn: on"), QStringLiteral("graph nodes: 998"),
                                             QStringLiteral("CPU compute buffer: 105396224 bytes (100.51 MiB)")};
}

void TestCliModels::llamaCppFigures() {
    QFETCH(QStringList, args);
    QFETCH(QStringList, lines);
    const auto r = cli(QStringList{QStringLiteral("info")} + args);
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const QStringList out = r.out.split(QLatin1Char('\n'));
    QVERIFY(out.contains(QStringLiteral("planned by ggml 2026 (d99724f2)")));
    for (const QString& line : lines) QVERIFY2(out.contains(line), qPrintable(line + QStringLiteral("\n---\n") + r.out));
}

// plan's llama_cpp row is the reserve's CPU compute buffer; JSON carries what else llama.cpp logged.
void TestCliModels::llamaCppPlanTotal() {
    const QString stories = model("stories260K.gguf");
    const auto text = cli({QStringLiteral("plan"), stories, QStringLiteral("--ctx"), QStringLiteral("64")});
    QVERIFY2(text.code == 0, qPrintable(text.err));
    QCOMPARE(lineStarting(text.out, QStringLiteral("llama_cpp\t")), QStringLiteral("llama_cpp\tcompute\t29024\tCPU compute buffer size = 0.03 MiB"));
    QCOMPARE(lineStarting(text.out, QStringLiteral("max_size\t")), QStringLiteral("max_size\tcompute\t29024"));
    const auto json = cli({QStringLiteral("plan"), stories, QStringLiteral("--ctx"), QStringLiteral("64"), QStringLiteral("--format"), QStringLiteral("json")});
    QVERIFY2(json.code == 0, qPrintable(json.err));
    const QJsonObject llama = QJsonDocument::fromJson(json.out.toUtf8()).object()[QStringLiteral("llama_cpp")].toObject();
    QCOMPARE(llama[QStringLiteral("compute_total")].toInt(), 29024);
    QCOMPARE(llama[QStringLiteral("graph_nodes")].toInt(), 161);
    QCOMPARE(llama[QStringLiteral("n_ctx")].toInt(), 256);
    QCOMPARE(llama[QStringLiteral("CPU.context")].toInt(), 163840);
    QCOMPARE(llama[QStringLiteral("CPU_Mapped.model")].toInt(), 1171200);
    // --ggml 2023 keeps llama.cpp 2023's graph and figure.
    const auto old = cli({QStringLiteral("plan"), stories, QStringLiteral("--ggml"), QStringLiteral("2023")});
    QVERIFY(lineStarting(old.out, QStringLiteral("llama_cpp\t")).contains(QStringLiteral("compute buffer total size = ")));
}

QTEST_GUILESS_MAIN(TestCliModels)
#include "test_cli_models.moc"
