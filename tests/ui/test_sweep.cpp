// The compute buffer sweep (Model > Compute Buffer Sweep): the chart's geometry by data rows (the
// y scale, linear or log2 x, tick labels, hit testing, one point, all zeros), the point table under
// QAbstractItemModelTester, and the dialog sweeping stories260K on its worker (the engine's
// numbers, streamed point by point), failing at a value, cancelled and closed mid-sweep, and
// refusing values parse_sweep refuses.
#include "models/llama_report.h"
#include "options/sweep_chart.h"
#include "options/sweep_chart_geometry.h"
#include "options/sweep_dialog.h"
#include "options/sweep_point_model.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

constexpr auto storiesPath = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
// A 7B-shaped llama without weights: each point builds and plans 1124 nodes.
constexpr auto llama7B = "llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000";
constexpr int sweepTimeoutMs = 60000;

sweep_point point(int value, std::uint64_t bytes) {
    return {value, 10, bytes, bytes, llama_compute_total_bytes(bytes, 32)};
}

std::vector<sweep_point> points(const QList<int>& values, std::uint64_t bytes = 1024) {
    std::vector<sweep_point> out;
    for (int v : values) out.push_back(point(v, bytes));
    return out;
}

// The default metrics in 400 x 300: plot (72, 30) 312 x 228; points from x 86 to 370.
constexpr QSizeF chartSize(400, 300);

bool near(qreal a, qreal b) { return std::abs(a - b) < 0.01; }

// 64 context sizes of the 7B shape: long enough to cancel after the first point.
QString manyContexts() {
    QStringList values;
    for (int ctx = 256; ctx <= 64 * 256; ctx += 256) values << QString::number(ctx);
    return values.join(u',');
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }
    void niceScale_data();
    void niceScale();
    void xAxis_data();
    void xAxis();
    void yTicks();
    void xLabelsThinned();
    void hitTest_data();
    void hitTest();
    void legendWraps_data();
    void legendWraps();
    void degenerate();
    void pointModel();
    void chartHover();
    void defaults();
    void stories2026();
    void storiesByBatch();
    void failingValueKeepsPoints();
    void cancelMidSweep();
    void closingStops();
    void invalidValuesDisableRun();
};

void TestSweep::niceScale_data() {
    QTest::addColumn<qulonglong>("maxBytes");
    QTest::addColumn<int>("intervals");
    QTest::addColumn<qulonglong>("top");
    QTest::addColumn<qulonglong>("step");
    QTest::newRow("all zero: 0-1 KiB") << 0ULL << 5 << 1024ULL << 512ULL;
    QTest::newRow("bytes") << 7ULL << 5 << 8ULL << 2ULL;
    QTest::newRow("100 bytes") << 100ULL << 5 << 100ULL << 20ULL;
    QTest::newRow("1 KiB") << 1024ULL << 5 << 1024ULL << 512ULL;
    QTest::newRow("stories batch 1") << 2304ULL << 5 << 2560ULL << 512ULL;
    QTest::newRow("673 KiB: 200 KiB steps") << 689184ULL << 5 << 819200ULL << 204800ULL;
    QTest::newRow("673 KiB in 10") << 689184ULL << 10 << 716800ULL << 102400ULL;
    QTest::newRow("past 1000 KiB: half MiB") << 1024001ULL << 5 << 1048576ULL << 524288ULL;
    QTest::newRow("3.8 MiB") << 4031696ULL << 5 << 4194304ULL << 1048576ULL;
    QTest::newRow("exactly 5 MiB") << 5242880ULL << 5 << 5242880ULL << 1048576ULL;
    QTest::newRow("73.5 MiB") << 77070336ULL << 5 << 83886080ULL << 20971520ULL;
    QTest::newRow("3 GiB") << 3221225472ULL << 5 << 3221225472ULL << 1073741824ULL;
}

void TestSweep::niceScale() {
    QFETCH(qulonglong, maxBytes);
    QFETCH(int, intervals);
    QFETCH(qulonglong, top);
    QFETCH(qulonglong, step);
    const ByteScale s = niceByteScale(maxBytes, intervals);
    QCOMPARE(s.top, top);
    QCOMPARE(s.step, step);
}

void TestSweep::xAxis_data() {
    QTest::addColumn<QList<int>>("values");
    QTest::addColumn<bool>("logX");
    QTest::addColumn<QList<qreal>>("xs");
    QTest::newRow("batch defaults: log2") << QList<int>{1, 8, 32, 128, 512} << true
                                          << QList<qreal>{86, 180.6667, 243.7778, 306.8889, 370};
    QTest::newRow("ctx defaults, factor 16: linear") << QList<int>{256, 512, 1024, 2048, 4096} << false
                                                     << QList<qreal>{86, 104.9333, 142.8, 218.5333, 370};
    QTest::newRow("factor 17: log2") << QList<int>{1, 17} << true << QList<qreal>{86, 370};
    QTest::newRow("unsorted: x follows the value") << QList<int>{512, 1, 32} << true << QList<qreal>{370, 86, 243.7778};
    QTest::newRow("one point: mid-plot") << QList<int>{8} << false << QList<qreal>{228};
    QTest::newRow("equal values: mid-plot") << QList<int>{8, 8} << false << QList<qreal>{228, 228};
}

void TestSweep::xAxis() {
    QFETCH(QList<int>, values);
    QFETCH(bool, logX);
    QFETCH(QList<qreal>, xs);
    const auto pts = points(values);
    const SweepChartGeometry g = sweepChartGeometry(pts, chartSize);
    QCOMPARE(g.plot, QRectF(72, 30, 312, 228));
    QCOMPARE(g.logX, logX);
    QCOMPARE(g.xs.size(), std::size_t(xs.size()));
    for (qsizetype i = 0; i < xs.size(); ++i)
        QVERIFY2(near(g.xs[std::size_t(i)], xs[i]), qPrintable(u"x%1 = %2"_s.arg(i).arg(g.xs[std::size_t(i)])));
    // The lines run left to right.
    QCOMPARE(g.computeBuffer.size(), xs.size());
    for (qsizetype i = 1; i < g.computeBuffer.size(); ++i) QVERIFY(g.computeBuffer[i].x() >= g.computeBuffer[i - 1].x());
}

void TestSweep::yTicks() {
    const std::vector<sweep_point> pts{{1, 179, 2304, 2000, 2304}};
    const SweepChartGeometry g = sweepChartGeometry(pts, chartSize);
    QCOMPARE(g.scale, (ByteScale{2560, 512}));
    QStringList labels;
    for (const SweepTick& t : g.yTicks) labels << t.label;
    QCOMPARE(labels, (QStringList{u"0 bytes"_s, u"512 bytes"_s, u"1.0 KiB"_s, u"1.5 KiB"_s, u"2.0 KiB"_s, u"2.5 KiB"_s}));
    QCOMPARE(g.yTicks.front().pos, qreal(258)); // the plot's bottom
    QCOMPARE(g.yTicks.back().pos, qreal(30));   // its top
    // 2304 of 2560 bytes: 0.9 of 228 px up; the three series at their own heights.
    QVERIFY(near(g.computeBuffer[0].y(), 258 - 0.9 * 228));
    QVERIFY(near(g.lowerBound[0].y(), 258 - 2000.0 / 2560 * 228));
    QCOMPARE(g.llamaTotal[0].y(), g.computeBuffer[0].y());

    const std::vector<sweep_point> stories{{128, 179, 689184, 655904, 4031696}};
    QStringList big;
    for (const SweepTick& t : sweepChartGeometry(stories, chartSize).yTicks) big << t.label;
    QCOMPARE(big, (QStringList{u"0 bytes"_s, u"1.0 MiB"_s, u"2.0 MiB"_s, u"3.0 MiB"_s, u"4.0 MiB"_s}));
}

// 20 values 15 px apart: a label every third value keeps them 40 px apart; the last value takes
// the place of the label before it.
void TestSweep::xLabelsThinned() {
    QList<int> values;
    for (int v = 101; v <= 120; ++v) values << v;
    const auto pts = points(values);
    const SweepChartGeometry g = sweepChartGeometry(pts, chartSize);
    QVERIFY(!g.logX);
    QStringList labels;
    for (const SweepTick& t : g.xTicks) labels << t.label;
    QCOMPARE(labels, (QStringList{u"101"_s, u"104"_s, u"107"_s, u"110"_s, u"113"_s, u"116"_s, u"120"_s}));
}

void TestSweep::hitTest_data() {
    QTest::addColumn<qreal>("x");
    QTest::addColumn<int>("index");
    // Points (log2) at 86, 180.7, 243.8, 306.9, 370; the plot spans 72-384, slack 12.
    QTest::newRow("on the first") << qreal(86) << 0;
    QTest::newRow("nearer the first") << qreal(130) << 0;
    QTest::newRow("nearer the second") << qreal(140) << 1;
    QTest::newRow("on the last") << qreal(370) << 4;
    QTest::newRow("right edge of the slack") << qreal(396) << 4;
    QTest::newRow("past the slack") << qreal(397) << -1;
    QTest::newRow("left edge of the slack") << qreal(60) << 0;
    QTest::newRow("left of the slack") << qreal(59) << -1;
}

void TestSweep::hitTest() {
    QFETCH(qreal, x);
    QFETCH(int, index);
    const auto pts = points({1, 8, 32, 128, 512});
    QCOMPARE(sweepPointAt(sweepChartGeometry(pts, chartSize), x), index);
}

void TestSweep::legendWraps_data() {
    QTest::addColumn<qreal>("right");
    QTest::addColumn<QList<QPointF>>("at");
    // Entries 100, 60 and 120 wide, 20 apart, from x 10, rows 20 high.
    QTest::newRow("one row") << qreal(400) << QList<QPointF>{{10, 0}, {130, 0}, {210, 0}};
    QTest::newRow("exactly fits") << qreal(330) << QList<QPointF>{{10, 0}, {130, 0}, {210, 0}};
    QTest::newRow("last wraps") << qreal(329) << QList<QPointF>{{10, 0}, {130, 0}, {10, 20}};
    QTest::newRow("each its own row") << qreal(150) << QList<QPointF>{{10, 0}, {10, 20}, {10, 40}};
    QTest::newRow("too narrow for one") << qreal(50) << QList<QPointF>{{10, 0}, {10, 20}, {10, 40}};
}

void TestSweep::legendWraps() {
    QFETCH(qreal, right);
    QFETCH(QList<QPointF>, at);
    const qreal widths[] = {100, 60, 120};
    const std::vector<QPointF> got = legendPositions(widths, 10, right, 20, 20);
    QCOMPARE(QList<QPointF>(got.begin(), got.end()), at);
}

void TestSweep::degenerate() {
    // No points: the axes of an all-zero chart, nothing to hit.
    const SweepChartGeometry empty = sweepChartGeometry({}, chartSize);
    QCOMPARE(empty.scale, (ByteScale{1024, 512}));
    QCOMPARE(empty.yTicks.size(), std::size_t{3});
    QVERIFY(empty.xs.empty() && empty.xTicks.empty() && empty.computeBuffer.isEmpty());
    QCOMPARE(sweepPointAt(empty, 200), -1);

    // One point, all zeros: mid-plot on the bottom line, one label, hit from anywhere in the plot.
    const std::vector<sweep_point> zero{{64, 0, 0, 0, 0}};
    const SweepChartGeometry g = sweepChartGeometry(zero, chartSize);
    QCOMPARE(g.scale, (ByteScale{1024, 512}));
    QCOMPARE(g.computeBuffer, QPolygonF({QPointF(228, 258)}));
    QCOMPARE(g.lowerBound, g.computeBuffer);
    QCOMPARE(g.xTicks.size(), std::size_t{1});
    QCOMPARE(g.xTicks[0].label, u"64"_s);
    QCOMPARE(sweepPointAt(g, 80), 0);
    QCOMPARE(sweepPointAt(g, 380), 0);

    // Equal values: the first of them.
    const auto twice = points({8, 8});
    QCOMPARE(sweepPointAt(sweepChartGeometry(twice, chartSize), 228), 0);
}

void TestSweep::pointModel() {
    SweepPointModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.append({8, 179, 18432, 18432, 3360944});
    model.append({128, 179, 689184, 655904, 4031696});
    QCOMPARE(inserted.count(), 2);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), int(SweepPointModel::ColumnCount));
    QStringList headers;
    for (int c = 0; c < model.columnCount(); ++c) headers << model.headerData(c, Qt::Horizontal).toString();
    QCOMPARE(headers, (QStringList{u"Value"_s, u"Nodes"_s, u"Compute buffer"_s, u"Lower bound"_s, u"Plan / bound"_s,
                                   u"llama.cpp total"_s}));
    QStringList row;
    for (int c = 0; c < model.columnCount(); ++c) row << model.index(1, c).data().toString();
    QCOMPARE(row, (QStringList{u"128"_s, u"179"_s, u"673.0 KiB"_s, u"640.5 KiB"_s, u"1.0507"_s, u"3.8 MiB"_s}));
    QCOMPARE(model.index(0, SweepPointModel::RatioColumn).data().toString(), u"1.0000"_s);
    QCOMPARE(model.index(1, SweepPointModel::ComputeColumn).data(Qt::ToolTipRole).toString(), u"689,184 bytes (673.0 KiB)"_s);
    QCOMPARE(model.index(1, SweepPointModel::BoundColumn).data(Qt::ToolTipRole).toString(), u"655,904 bytes (640.5 KiB)"_s);
    QCOMPARE(model.index(1, SweepPointModel::LlamaColumn).data(Qt::ToolTipRole).toString(), u"4,031,696 bytes (3.8 MiB)"_s);
    QVERIFY(model.headerData(SweepPointModel::LlamaColumn, Qt::Horizontal, Qt::ToolTipRole).toString().contains(u"worst-case graph"_s));
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestSweep::chartHover() {
    SweepChart chart;
    chart.resize(500, 320);
    QCOMPARE(chart.toolTipAt(QPointF(250, 160)), QString()); // empty
    chart.setKey(sweep_key::batch);
    chart.appendPoint({8, 179, 18432, 18432, 3360944});
    chart.appendPoint({128, 179, 689184, 655904, 4031696});
    const SweepChartGeometry g = chart.chartGeometry();
    QVERIFY(!g.logX); // a factor 16
    const qreal y = g.plot.center().y();
    QCOMPARE(chart.pointAt(QPointF(g.xs[0], y)), 0);
    QCOMPARE(chart.pointAt(QPointF(g.xs[1] - 5, y)), 1);
    QCOMPARE(chart.pointAt(QPointF(g.xs[1], g.plot.top() - 10)), -1); // in the legend
    chart.show();
    QVERIFY(QTest::qWaitForWindowExposed(&chart));
    QTest::mouseMove(&chart, QPointF(g.xs[1] - 5, y).toPoint());
    QTRY_COMPARE(chart.hoveredPoint(), 1);
    QCOMPARE(chart.toolTipAt(QPointF(g.xs[1], y)),
             u"n_batch 128: 179 node(s)\nCompute buffer (ggml): 689,184 bytes (673.0 KiB)\n"
             u"Lower bound: 655,904 bytes (640.5 KiB)\nPlan / bound: 1.0507\nllama.cpp total: 4,031,696 bytes (3.8 MiB)"_s);
}

void TestSweep::defaults() {
    SweepDialog dialog;
    QVERIFY(!dialog.runButton()->isEnabled()); // no model yet
    QCOMPARE(test::labelsWithoutBuddy(dialog), QStringList());
    ModelOptions options;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options);
    QCOMPARE(dialog.windowTitle(), u"Compute Buffer Sweep — stories260K.gguf"_s);
    QCOMPARE(dialog.key(), sweep_key::batch);
    QCOMPARE(dialog.valuesEdit()->text(), u"1,8,32,128,512"_s);
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(dialog.progressBar()->isHidden()); // until a sweep starts
    // Issue 36: n_batch is not among what stays while n_batch is swept.
    QCOMPARE(dialog.messageLabel()->text(), u"The other parameters stay as they are: n_ctx 512."_s);
    dialog.setKey(sweep_key::ctx);
    QCOMPARE(dialog.valuesEdit()->text(), u"256,512,1024,2048,4096"_s);
    QCOMPARE(dialog.messageLabel()->text(), u"The other parameters stay as they are: n_batch 8."_s);

    options.params.n_ctx = 100;
    options.params.n_batch = 512;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options);
    QCOMPARE(dialog.valuesEdit()->text(), u"512,1024,2048,4096"_s); // ctx from n_batch on
    dialog.keyBox()->setCurrentIndex(dialog.keyBox()->findData(int(sweep_key::batch)));
    QCOMPARE(dialog.valuesEdit()->text(), u"1,8,32"_s); // batch up to n_ctx
}

// The engine's verified numbers (tests/engine/test_llama_sweep.cpp), one row at a time.
void TestSweep::storiesByBatch() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, {});
    dialog.setKey(sweep_key::batch);
    dialog.setValues(u"1, 8,32,128"_s); // spaces are fine
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    QSignalSpy inserted(dialog.pointModel(), &QAbstractItemModel::rowsInserted);
    dialog.run();
    QVERIFY(dialog.isRunning());
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(dialog.cancelButton()->isEnabled());
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(finished.count(), 1);
    QCOMPARE(inserted.count(), 4); // streamed
    QVERIFY(!dialog.isRunning());
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(!dialog.cancelButton()->isEnabled());

    const auto& pts = dialog.pointModel()->points();
    QCOMPARE(pts.size(), std::size_t{4});
    const int values[] = {1, 8, 32, 128};
    const std::size_t maxSize[] = {2304, 18432, 73728, 689184};
    const std::uint64_t bound[] = {2304, 18432, 73728, 655904};
    // Issue 36: llama.cpp's reservation, its worst-case graph's (not llama_compute_total_bytes(maxSize)).
    const std::uint64_t llamaTotal[] = {3361808, 3496208, 3957200, 5801168};
    for (std::size_t i = 0; i < 4; ++i) {
        QCOMPARE(pts[i].value, values[i]);
        QCOMPARE(pts[i].nodes, std::size_t{179});
        QCOMPARE(pts[i].max_size, maxSize[i]);
        QCOMPARE(pts[i].lower_bound, bound[i]);
        QCOMPARE(pts[i].llama_total, llamaTotal[i]);
    }
    QCOMPARE(dialog.pointModel()->index(3, SweepPointModel::RatioColumn).data().toString(), u"1.0507"_s);
    QCOMPARE(dialog.chart()->points().size(), std::size_t{4});
    QCOMPARE(dialog.progressBar()->value(), 4);
    QCOMPARE(dialog.progressBar()->maximum(), 4);
    QCOMPARE(dialog.messageLabel()->text(), u"Done: 4 point(s) planned."_s);
}

void TestSweep::failingValueKeepsPoints() {
    SweepDialog dialog;
    ModelOptions options;
    options.params.n_ctx = 16;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options);
    dialog.setKey(sweep_key::batch);
    QCOMPARE(dialog.valuesEdit()->text(), u"1,8"_s);
    dialog.setValues(u"8,64"_s); // 64 tokens do not fit 16 cells
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    dialog.run();
    QVERIFY(finished.wait(sweepTimeoutMs));
    const QString message = dialog.messageLabel()->text();
    QVERIFY2(message.startsWith(u"batch 64: "_s), qPrintable(message));
    QVERIFY(!message.contains(u'\n'));
    QCOMPARE(dialog.pointModel()->rowCount(), 1);
    QCOMPARE(dialog.pointModel()->points()[0].value, 8);
    QCOMPARE(dialog.pointModel()->points()[0].max_size, std::size_t{18432});
    QCOMPARE(dialog.chart()->points().size(), std::size_t{1});
    QVERIFY(dialog.runButton()->isEnabled());
}

// Cancelled as the first point arrives: nothing the worker still sends is shown.
void TestSweep::cancelMidSweep() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::LlamaTemplate, QString::fromUtf8(llama7B)}, {});
    dialog.setKey(sweep_key::ctx);
    dialog.setValues(manyContexts());
    QVERIFY(dialog.runButton()->isEnabled());
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    connect(dialog.pointModel(), &QAbstractItemModel::rowsInserted, &dialog, &SweepDialog::cancel);
    dialog.run();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isRunning(), sweepTimeoutMs);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(dialog.messageLabel()->text(), u"Sweep cancelled after 1 point(s)."_s);
    QTest::qWait(200);
    QCOMPARE(dialog.pointModel()->rowCount(), 1);
    QCOMPARE(dialog.pointModel()->points()[0].value, 256);
    QCOMPARE(dialog.pointModel()->points()[0].nodes, std::size_t{1124});
    QCOMPARE(dialog.progressBar()->value(), 1);
    QCOMPARE(dialog.progressBar()->maximum(), 64);
    QCOMPARE(finished.count(), 1);
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(!dialog.cancelButton()->isEnabled());
}

void TestSweep::closingStops() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::LlamaTemplate, QString::fromUtf8(llama7B)}, {});
    dialog.setKey(sweep_key::ctx);
    dialog.setValues(manyContexts());
    dialog.show();
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    connect(dialog.pointModel(), &QAbstractItemModel::rowsInserted, &dialog, &QDialog::close);
    dialog.run();
    QTRY_VERIFY_WITH_TIMEOUT(!dialog.isVisible(), sweepTimeoutMs);
    QVERIFY(!dialog.isRunning());
    QCOMPARE(finished.count(), 1);
    QCOMPARE(dialog.pointModel()->rowCount(), 1);
    QVERIFY(dialog.messageLabel()->text().contains(u"cancelled"_s));
}

void TestSweep::invalidValuesDisableRun() {
    SweepDialog dialog;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, {});
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(dialog.valuesError()->isHidden());
    dialog.setValues(u"1,x"_s);
    QVERIFY(!dialog.runButton()->isEnabled());
    QVERIFY(!dialog.valuesError()->isHidden());
    QCOMPARE(dialog.valuesError()->text(), u"Values: 'x' is not a positive integer"_s);
    dialog.run(); // refused
    QVERIFY(!dialog.isRunning());
    dialog.setValues(u"8,0"_s);
    QCOMPARE(dialog.valuesError()->text(), u"Values: '0' is not a positive integer"_s);
    dialog.setValues(QString());
    QVERIFY(!dialog.runButton()->isEnabled());
    dialog.setValues(u"8"_s);
    QVERIFY(dialog.runButton()->isEnabled());
    QVERIFY(dialog.valuesError()->isHidden());

    dialog.setModel({}, {}); // a JSON graph: nothing to sweep
    QVERIFY(!dialog.runButton()->isEnabled());
    QCOMPARE(dialog.messageLabel()->text(), u"Only a model (.gguf) or the llama template can be swept."_s);
}

// A 2026 document sweeps llama.cpp da46e59c's graphs, n_ubatch too (tests/engine/test_llama_sweep.cpp's
// figures, from llama.cpp's stories260K.tsv: n_ctx 512, flash attention auto (on) at n_batch 8 and
// 32: 161 nodes, 33,120 and 132,480 bytes; off at n_batch 32, n_ubatch 1, 8, 32: 186 nodes).
void TestSweep::stories2026() {
    SweepDialog dialog;
    ModelOptions options;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options, ggml_version::v2026);
    QVERIFY(!dialog.eraNote()->isHidden());
    QVERIFY2(dialog.eraNote()->text().startsWith(u"ggml 2026: "_s), qPrintable(dialog.eraNote()->text()));
    QCOMPARE(dialog.keyBox()->count(), 3);
    QCOMPARE(dialog.keyBox()->itemText(1), u"n_ubatch"_s);
    dialog.setKey(sweep_key::batch);
    dialog.setValues(u"8,32"_s);
    QSignalSpy finished(&dialog, &SweepDialog::sweepFinished);
    dialog.run();
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(dialog.messageLabel()->text(), u"Done: 2 point(s) planned."_s);
    QCOMPARE(dialog.pointModel()->rowCount(), 2);
    const auto& pts = dialog.pointModel()->points();
    QCOMPARE(pts[0].nodes, std::size_t{161});
    QCOMPARE(pts[0].llama_total, std::uint64_t{33120});
    QCOMPARE(pts[1].llama_total, std::uint64_t{132480});

    options.params.n_batch = 32;
    options.params.flash_attn = llm_flash_attn::off;
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options, ggml_version::v2026);
    dialog.setKey(sweep_key::ubatch);
    QCOMPARE(dialog.valuesEdit()->text(), u"1,8,32"_s); // up to n_batch
    QCOMPARE(dialog.messageLabel()->text(), u"The other parameters stay as they are: n_ctx 512, n_batch 32."_s);
    dialog.run();
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(dialog.pointModel()->rowCount(), 3);
    const std::uint64_t total[] = {20096, 159904, 639616};
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(dialog.pointModel()->points()[i].nodes, std::size_t{186});
        QCOMPARE(dialog.pointModel()->points()[i].llama_total, total[i]);
    }

    // ggml 2023 has no ubatch: not offered; the key falls back to n_batch; 2023's note.
    dialog.setModel({ModelSource::Kind::GgufFile, QString::fromUtf8(storiesPath)}, options, ggml_version::v2023);
    QCOMPARE(dialog.keyBox()->count(), 2);
    QCOMPARE(dialog.key(), sweep_key::batch);
    QVERIFY2(dialog.eraNote()->text().startsWith(u"ggml 2023: "_s), qPrintable(dialog.eraNote()->text()));
    // The embedded model is a .gguf too: llama.cpp 2023's in 2023, da46e59c's in 2026 (n_ubatch offered).
    dialog.setModel({ModelSource::Kind::Embedded, {}}, options, ggml_version::v2023);
    QCOMPARE(dialog.keyBox()->count(), 2);
    ModelOptions embedded; // n_ctx 512, flash attention auto (on)
    dialog.setModel({ModelSource::Kind::Embedded, {}}, embedded, ggml_version::v2026);
    QCOMPARE(dialog.keyBox()->count(), 3);
    dialog.setKey(sweep_key::batch);
    dialog.setValues(u"8,32"_s);
    dialog.run();
    QVERIFY(finished.wait(sweepTimeoutMs));
    QCOMPARE(dialog.pointModel()->rowCount(), 2);
    QCOMPARE(dialog.pointModel()->points()[0].nodes, std::size_t{161});
    QCOMPARE(dialog.pointModel()->points()[0].llama_total, std::uint64_t{33120});
    QCOMPARE(dialog.pointModel()->points()[1].llama_total, std::uint64_t{132480});
}

QTEST_MAIN(TestSweep)
#include "test_sweep.moc"
