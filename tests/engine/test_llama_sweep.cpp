// The compute buffer of a llama model at several n_batch / n_ctx values (source/llama_sweep.h):
// the spec parser, and stories260K's points, which grow with the batch as its logits do.
#include "models/llama_report.h"
#include "source/llama_sweep.h"

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
};

void TestLlamaSweep::parse_data() {
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("error"); // empty: parses
    QTest::addColumn<QList<int>>("values");
    QTest::newRow("batch") << "batch=1,8,32" << QString() << QList<int>{1, 8, 32};
    QTest::newRow("ctx") << "ctx=512" << QString() << QList<int>{512};
    QTest::newRow("no key") << "1,8" << "expected KEY=V1,V2,... with KEY batch or ctx" << QList<int>{};
    QTest::newRow("unknown key") << "ubatch=1" << "the key is batch or ctx, not 'ubatch'" << QList<int>{};
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
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", {}, sweep_key::batch, values);
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
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", base, sweep_key::ctx, values);
    QVERIFY(points.ok());
    QCOMPARE(points->size(), std::size_t{2});
    QVERIFY((*points)[1].max_size >= (*points)[0].max_size);
}

void TestLlamaSweep::failingPointNamesItsValue() {
    llama_params base;
    base.n_ctx = 16;
    const int values[] = {8, 64}; // 64 tokens do not fit a 16-cell cache
    const auto points = sweep_compute_buffer(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", base, sweep_key::batch, values);
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

QTEST_APPLESS_MAIN(TestLlamaSweep)
#include "test_llama_sweep.moc"
