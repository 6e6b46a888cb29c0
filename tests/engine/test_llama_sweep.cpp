// The compute buffer of a llama model at several n_batch / n_ubatch / n_ctx values
// (source/llama_sweep.h): the spec parser, stories260K's points in ggml 2023, which grow with the
// batch as its logits do, and in ggml 2026, each llama.cpp da46e59c's reserve as the real
// llama.cpp printed it (tests/data/llama_cpp/stories260K.tsv), template:llama's 7B shape too.
#include "models/llama_report.h"
#include "source/llama_sweep.h"

#include <QFile>
#include <QtTest>

using namespace planscope;

class TestLlamaSweep : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void stories260KByBatch();
    void byContext();
    void failingPointNamesItsValue();
    void builderReportsEachPointAndStops();
    void stories260K2026_data();
    void stories260K2026();
    void byUbatch2026();
    void template7B2026_data();
    void template7B2026();
    void ubatchNotIn2023();
};

void TestLlamaSweep::parse_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("error"); // empty: parses
    QTest::addColumn<QList<int>>("values");
    QTest::newRow("batch") << "batch=1,8,32" << QString() << QList<int>{1, 8, 32};
    QTest::newRow("ctx") << "ctx=512" << QString() << QList<int>{512};
    QTest::newRow("ubatch") << "ubatch=8,32" << QString() << QList<int>{8, 32};
    QTest::newRow("no key") << "1,8" << "expected KEY=V1,V2,... with KEY batch, ubatch or ctx" << QList<int>{};
    QTest::newRow("unknown key") << "seqs=1" << "the key is batch, ubatch or ctx, not 'seqs'" << QList<int>{};
    QTest::newRow("zero") << "batch=0" << "'0' is not a positive integer" << QList<int>{};
    QTest::newRow("empty value") << "batch=1,,2" << "'' is not a positive integer" << QList<int>{};
    QTest::newRow("not a number") << "ctx=big" << "'big' is not a positive integer" << QList<int>{};
}

void TestLlamaSweep::parse() {
    QFETCH(QString, spec);
    QFETCH(QString, error);
    QFETCH(QList<int>, values);
    const auto r = parse_sweep(spec.toStdString());
    QCOMPARE(r.ok(), error.isEmpty());
    if (!r) {
        QCOMPARE(QString::fromStdString(r.err().message), error);
        return;
    }
    QCOMPARE(QList<int>(r->second.begin(), r->second.end()), values);
}

// With 8 tokens the logits are 512 x 8 f32 = 16 KiB and the peak 18 KiB; with 128 tokens the
// attention scores take over and the plan is 5 % above the lower bound.
void TestLlamaSweep::stories260KByBatch() {
    const int values[] = {1, 8, 32, 128};
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2023, {},
                                             sweep_key::batch, values);
    QVERIFY2(points.ok(), points.ok() ? "" : points.err().message.c_str());
    QCOMPARE(points->size(), std::size_t{4});
    const std::size_t max_size[] = {2304, 18432, 73728, 689184};
    const std::uint64_t bound[] = {2304, 18432, 73728, 655904};
    // What llama.cpp reserves: its measure graph's buffer (19,296 ... 2,458,656) plus metadata.
    const std::uint64_t llama_total[] = {3361808, 3496208, 3957200, 5801168};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE((*points)[i].value, values[i]);
        QCOMPARE((*points)[i].nodes, std::size_t{179});
        QCOMPARE((*points)[i].max_size, max_size[i]);
        QCOMPARE((*points)[i].lower_bound, bound[i]);
        QCOMPARE((*points)[i].llama_total, llama_total[i]);
    }
}

void TestLlamaSweep::byContext() {
    llama_params base;
    base.n_batch = 8;
    const int values[] = {64, 512};
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2023, base,
                                             sweep_key::ctx, values);
    QVERIFY(points.ok());
    QCOMPARE(points->size(), std::size_t{2});
    QVERIFY((*points)[1].max_size >= (*points)[0].max_size);
}

void TestLlamaSweep::failingPointNamesItsValue() {
    llama_params base;
    base.n_ctx = 16;
    const int values[] = {8, 64}; // 64 tokens do not fit a 16-cell cache
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2023, base,
                                             sweep_key::batch, values);
    QVERIFY(!points.ok());
    // The file once, then the value (issue 36: it was "FILE: batch 64: FILE: ...").
    QCOMPARE(QString::fromStdString(points.err().message),
             QStringLiteral(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf: batch 64: n_batch 64 exceeds n_ctx 16"));
}

// The builder gets each value's parameters; on_point sees each point as it is made, and a cancel
// set from there stops the sweep before the next.
void TestLlamaSweep::builderReportsEachPointAndStops() {
    std::vector<int> built;
    const sweep_builder build = [&](const llama_params& p) {
        built.push_back(p.n_batch);
        return open_source(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", p, ggml_version::v2023); // the sweep's era
    };
    std::atomic<bool> cancel{false};
    std::vector<std::size_t> seen;
    sweep_control control;
    control.cancel = &cancel;
    control.on_point = [&](const sweep_point& p) {
        seen.push_back(p.max_size);
        if (seen.size() == 2) cancel = true;
    };
    const int values[] = {1, 8, 32};
    const auto points = sweep_compute_buffer(build, {}, sweep_key::batch, values, control);
    QVERIFY(!points.ok());
    QCOMPARE(QString::fromStdString(points.err().message), QStringLiteral("sweep cancelled"));
    QCOMPARE(built, std::vector<int>({1, 1, 8, 8})); // each point and its worst case
    QCOMPARE(seen, std::vector<std::size_t>({2304, 18432}));
}

// Every line of llama.cpp's stories260K.tsv (n_ctx 64 and 512, n_batch = n_ubatch 8 and 32, K/V f16
// and f32, flash attention off and on) as a one-point 2026 batch sweep: its graph nodes and CPU
// compute buffer; the prompt graph planned alone needs the same buffer.
void TestLlamaSweep::stories260K2026_data() {
    QTest::addColumn<int>("n_ctx");
    QTest::addColumn<int>("n_batch");
    QTest::addColumn<QString>("kv");
    QTest::addColumn<QString>("flash_attn");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<qulonglong>("compute");
    QFile tsv(QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/llama_cpp/stories260K.tsv"));
    QVERIFY(tsv.open(QIODevice::ReadOnly | QIODevice::Text));
    int rows = 0;
    while (!tsv.atEnd()) {
        QMap<QString, QString> f;
        for (const QString& kv : QString::fromUtf8(tsv.readLine()).trimmed().split(u'\t'))
            f.insert(kv.section(u'=', 0, 0), kv.section(u'=', 1));
        QTest::addRow("ctx %s batch %s %s fa %s", qPrintable(f["n_ctx"]), qPrintable(f["n_batch"]), qPrintable(f["kv"]),
                      qPrintable(f["flash_attn"]))
            << f["n_ctx"].toInt() << f["n_batch"].toInt() << f["kv"] << f["flash_attn"] << f["nodes_pp"].toInt()
            << f["CPU.compute"].toULongLong();
        ++rows;
    }
    QCOMPARE(rows, 16);
}

void TestLlamaSweep::stories260K2026() {
    QFETCH(int, n_ctx);
    QFETCH(int, n_batch);
    QFETCH(QString, kv);
    QFETCH(QString, flash_attn);
    QFETCH(int, nodes);
    QFETCH(qulonglong, compute);
    llama_params base;
    base.n_ctx = n_ctx;
    base.kv_type = kv == u"f32" ? dtype::f32 : dtype::f16;
    base.flash_attn = flash_attn == u"on" ? llm_flash_attn::on : llm_flash_attn::off;
    const int values[] = {n_batch};
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2026, base,
                                             sweep_key::batch, values);
    QVERIFY2(points.ok(), points.ok() ? "" : points.err().message.c_str());
    QCOMPARE(points->size(), std::size_t{1});
    const sweep_point& p = points->front();
    QCOMPARE(p.value, n_batch);
    QCOMPARE(static_cast<int>(p.nodes), nodes);
    QCOMPARE(qulonglong{p.llama_total}, compute);
    QCOMPARE(qulonglong{p.max_size}, compute);
    QVERIFY(p.lower_bound > 0 && p.lower_bound <= p.max_size);
}

// n_ubatch alone moves the 2026 buffer: n_ctx 512, n_batch 32, f16, flash attention off; ubatch 8
// and 32 are the tsv's n_batch 8 and 32 lines (159,904 and 639,616 bytes).
void TestLlamaSweep::byUbatch2026() {
    llama_params base;
    base.n_batch = 32;
    base.flash_attn = llm_flash_attn::off;
    const int values[] = {1, 8, 32};
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", ggml_version::v2026, base,
                                             sweep_key::ubatch, values);
    QVERIFY2(points.ok(), points.ok() ? "" : points.err().message.c_str());
    QCOMPARE(points->size(), std::size_t{3});
    const std::uint64_t total[] = {20096, 159904, 639616};
    const std::uint64_t bound[] = {19552, 155776, 623104};
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE((*points)[i].nodes, std::size_t{186});
        QCOMPARE((*points)[i].llama_total, total[i]);
        QCOMPARE((*points)[i].lower_bound, bound[i]);
    }
}

// template:llama in ggml 2026 is llama.cpp da46e59c's graph of its hyperparameters: the 7B shape
// at n_ctx 4096, n_batch 512 reserves as llama.cpp reserved for llama2-7b.gguf (zoo_real.tsv).
void TestLlamaSweep::template7B2026_data() {
    QTest::addColumn<bool>("fa");
    QTest::addColumn<int>("nodes");
    QTest::addColumn<qulonglong>("compute");
    QTest::newRow("flash attention off") << false << 1158 << 335554560ULL;
    QTest::newRow("flash attention on") << true << 998 << 105396224ULL;
}

void TestLlamaSweep::template7B2026() {
    QFETCH(bool, fa);
    QFETCH(int, nodes);
    QFETCH(qulonglong, compute);
    llama_params base;
    base.n_ctx = 4096;
    base.flash_attn = fa ? llm_flash_attn::on : llm_flash_attn::off;
    const int values[] = {512};
    const auto points = sweep_compute_buffer("template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000",
                                             ggml_version::v2026, base, sweep_key::batch, values);
    QVERIFY2(points.ok(), points.ok() ? "" : points.err().message.c_str());
    QCOMPARE(static_cast<int>(points->front().nodes), nodes);
    QCOMPARE(qulonglong{points->front().llama_total}, compute);
}

void TestLlamaSweep::ubatchNotIn2023() {
    const int values[] = {8};
    const auto points = sweep_compute_buffer("template:llama", ggml_version::v2023, {}, sweep_key::ubatch, values);
    QVERIFY(!points.ok());
    QCOMPARE(QString::fromStdString(points.err().message),
             QStringLiteral("template:llama: llama.cpp 2023 has no ubatch to sweep (ggml 2026 has)"));
}

QTEST_APPLESS_MAIN(TestLlamaSweep)
#include "test_llama_sweep.moc"
