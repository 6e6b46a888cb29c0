// The planner comparison (issue 10 in the GUI): both plans of a graph, the per-step curves, the
// offset diff model under QAbstractItemModelTester, and the dialog planning on a worker thread.
#include "alloc_trace_fixture.h"
#include "compare/compare_dialog.h"
#include "compare/offset_diff_model.h"
#include "compare/plan_layout_view.h"
#include "timeline/memory_timeline.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QImage>
#include <QLocale>
#include <QProgressBar>
#include <QSignalSpy>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

class TestCompare : public QObject {
    Q_OBJECT
private slots:
    void valuesPerStep_data();
    void valuesPerStep();
    void smallGraphPlansAlike();
    void diffModelOnAttention();
    void dialogPlansOnAWorkerThread();
    void plannerLabelsHaveBuddies_data();
    void plannerLabelsHaveBuddies();
};

void TestCompare::valuesPerStep_data() {
    QTest::addColumn<int>("value");
    QTest::addColumn<QList<qulonglong>>("expected");
    QTest::newRow("live") << static_cast<int>(StepValue::Live) << QList<qulonglong>{100, 100, 0, 50, 50, 0};
    QTest::newRow("high water") << static_cast<int>(StepValue::HighWater) << QList<qulonglong>{150, 150, 0, 80, 80, 0};
}

void TestCompare::valuesPerStep() {
    QFETCH(int, value);
    QFETCH(QList<qulonglong>, expected);
    // Two stretches with nothing alive at step 2 and after step 4.
    const std::vector<step_memory> stretches{{0, 2, 100, 150, 50, 50, 1}, {3, 5, 50, 80, 30, 30, 1}};
    const auto got = ui::valuesPerStep(stretches, 6, static_cast<StepValue>(value));
    QCOMPARE(QList<qulonglong>(got.begin(), got.end()), expected);
}

void TestCompare::smallGraphPlansAlike() {
    // small.json: four allocations of 128, 128, 128 and 32 bytes; the first three overlap in
    // time, so both planners stack them and put `out` where `norm` was.
    auto dsa = comparisonProblem(test::smallGraph());
    QVERIFY(dsa);
    auto c = comparePlanners(*dsa, planner_kind::ggml, planner_kind::greedy_size);
    QVERIFY(c);
    QCOMPARE(c->a.plan.offsets, (dsa_offsets{0, 128, 256, 0}));
    QCOMPARE(c->b.plan.offsets, (dsa_offsets{0, 128, 256, 0}));
    QCOMPARE(c->a.plan.peak, 384u);
    QCOMPARE(c->a.stats.lower_bound, 384u);
    const TimelineData chart = comparisonTimeline(*c);
    QCOMPARE(chart.curves.size(), 3u);
    QCOMPARE(chart.curves[0].bytes, (std::vector<std::uint64_t>{128, 128, 256, 256, 384, 128, 160}));
    QCOMPARE(chart.peak, 384u);
}

void TestCompare::diffModelOnAttention() {
    auto doc = test::templateGraph("attention");
    auto dsa = comparisonProblem(doc);
    QVERIFY(dsa);
    auto c = comparePlanners(*dsa, planner_kind::ggml, planner_kind::best, {std::chrono::milliseconds(300)});
    QVERIFY(c);
    // ggml's online best fit needs 9632 bytes; the lower bound, which best reaches, is 7680.
    QCOMPARE(c->a.plan.peak, 9632u);
    QCOMPARE(c->a.stats.lower_bound, 7680u);
    QCOMPARE(c->b.plan.peak, 7680u);

    OffsetDiffModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setComparison(*c, doc);
    QCOMPARE(model.rowCount(), 67); // every tensor in the compute buffer, views included
    QCOMPARE(model.columnCount(), 5);
    const auto moved = diff_offsets(c->dsa, c->a.plan.offsets, c->b.plan.offsets);
    QCOMPARE(model.movedCount(), static_cast<int>(moved.size()));
    QVERIFY(model.movedCount() > 0);
    // Moved rows first, each showing both offsets.
    const OffsetDiffModel::Row& first = model.row(0);
    QVERIFY(first.moved());
    QCOMPARE(model.data(model.index(0, OffsetDiffModel::OffsetAColumn)).toString(), QLocale().toString(static_cast<qulonglong>(first.offsetA)));
    QCOMPARE(model.data(model.index(0, OffsetDiffModel::SizeColumn), OffsetDiffModel::SortRole).toULongLong(), first.size);
    QVERIFY(!model.row(model.rowCount() - 1).moved());
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestCompare::dialogPlansOnAWorkerThread() {
    auto doc = test::templateGraph("attention");
    CompareDialog dialog(doc);
    dialog.resize(1000, 760);
    dialog.show();
    QSignalSpy finished(&dialog, &CompareDialog::comparisonFinished);
    // The constructor started ggml vs best; the GUI thread stays free meanwhile.
    QVERIFY(dialog.isBusy());
    QVERIFY(dialog.findChild<QProgressBar*>()->isVisible());
    QVERIFY(finished.wait(15000));
    QVERIFY(!dialog.isBusy());
    QVERIFY(!dialog.findChild<QProgressBar*>()->isVisible());
    QCOMPARE(dialog.comparison()->a.plan.peak, 9632u);
    QCOMPARE(dialog.layoutA()->axis().span, 9632u); // both layouts share the larger peak's axis
    QCOMPARE(dialog.layoutB()->axis().span, 9632u);

    // A newer request wins: only its result is applied.
    dialog.setPlanners(planner_kind::ggml, planner_kind::greedy_size);
    dialog.compare();
    dialog.compare();
    QVERIFY(finished.wait(15000));
    QTest::qWait(100);
    QCOMPARE(finished.size(), 2);
    QCOMPARE(dialog.comparison()->b.plan.planner, planner_kind::greedy_size);

    const QImage image = dialog.grab().toImage();
    QVERIFY(test::drawnPixels(image) > 20000);
    image.save(QStringLiteral("/tmp/bv_compare.png"));
    QVERIFY(test::drawnPixels(dialog.layoutA()->grab().toImage()) > 2000);
}

void TestCompare::plannerLabelsHaveBuddies_data() {
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("buddy");
    QTest::newRow("A") << u"Planner &A:"_s << u"plannerA"_s;
    QTest::newRow("B") << u"Planner &B:"_s << u"plannerB"_s;
}

// With a buddy the label shows "Planner A:" and Alt+A focuses the box.
void TestCompare::plannerLabelsHaveBuddies() {
    QFETCH(QString, label);
    QFETCH(QString, buddy);
    CompareDialog dialog(test::templateGraph("attention"));
    const QLabel* found = nullptr;
    for (const QLabel* l : dialog.findChildren<QLabel*>())
        if (l->text() == label) found = l;
    QVERIFY(found);
    QVERIFY(found->buddy());
    QCOMPARE(found->buddy(), dialog.findChild<QComboBox*>(buddy));
    QVERIFY2(test::labelsWithoutBuddy(dialog).isEmpty(), qPrintable(test::labelsWithoutBuddy(dialog).join(u", "_s)));
}

QTEST_MAIN(TestCompare)
#include "test_compare.moc"
