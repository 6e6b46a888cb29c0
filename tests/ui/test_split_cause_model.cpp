// The Splits dock's Causes tab (issue 16): the small llama with its second layer on a second CPU
// splits 10 times; its boundaries group by cause into 9 rows (ROPE reading the CPU's inp_pos
// starts 2 splits) and its copies into 7; a row names its splits and the tensor to select;
// selecting one selects that tensor and marks its splits in the split overview.
#include "sched/split_cause_model.h"
#include "sched/split_overview.h"
#include "sched/split_panel.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QTableView>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

std::shared_ptr<const SplitSchedule> smallSchedule() { return std::make_shared<const SplitSchedule>(scheduleSmallLlama()); }

QString cell(const SplitCauseModel& m, int row, int column, int role = Qt::DisplayRole) {
    return m.data(m.index(row, column), role).toString();
}

} // namespace

class TestSplitCauseModel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_split_cause_model"_s); }
    void rows();
    void selectableTensors();
    void splitList_data();
    void splitList();
    void panelMarksOverview();
};

void TestSplitCauseModel::rows() {
    SplitCauseModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    const auto s = smallSchedule();
    QCOMPARE(s->plan.splits.size(), std::size_t{11});
    model.setSchedule(s);
    QCOMPARE(model.boundaryRows(), 9);
    QCOMPARE(model.rowCount(), 16);
    QCOMPARE(model.columnCount(), int(SplitCauseModel::ColumnCount));
    using C = SplitCauseModel;
    // Most splits first: ROPE follows inp_pos back to the CPU in both layers.
    QCOMPARE(cell(model, 0, C::CountColumn), u"2"_s);
    QCOMPARE(cell(model, 0, C::KindColumn), u"boundary"_s);
    QCOMPARE(cell(model, 0, C::BackendsColumn), u"CPU1 → CPU"_s);
    QCOMPARE(cell(model, 0, C::CauseColumn), u"ROPE: src1 inp_pos lives in CPU memory"_s);
    QCOMPARE(cell(model, 0, C::CodeColumn), u"1.src1"_s);
    QCOMPARE(cell(model, 0, C::BytesColumn), QString());
    QCOMPARE(cell(model, 0, C::SplitsColumn), u"2, 6"_s);
    QCOMPARE(model.data(model.index(0, 0), C::SplitsRole).value<QList<int>>(), QList<int>({2, 6}));
    QCOMPARE(cell(model, 0, C::SplitsColumn, Qt::ToolTipRole), u"Splits 2, 6"_s);
    // A view follows the tensor it views; an ADD follows its source.
    QCOMPARE(cell(model, 3, C::CauseColumn), u"CPY: views cache_v in CPU memory"_s);
    QCOMPARE(cell(model, 3, C::CodeColumn), u"1.vsrc"_s);
    QCOMPARE(cell(model, 6, C::CauseColumn), u"ADD: follows src1 l_out-N on CPU"_s);
    QCOMPARE(cell(model, 6, C::SplitsColumn), u"8"_s);
    // Copies, most bytes first: norm-N twice to the second CPU, 128 B each.
    QCOMPARE(cell(model, 9, C::CountColumn), u"2"_s);
    QCOMPARE(cell(model, 9, C::KindColumn), u"copy"_s);
    QCOMPARE(cell(model, 9, C::BackendsColumn), u"CPU → CPU1"_s);
    QCOMPARE(cell(model, 9, C::CauseColumn), u"norm-N read on CPU1"_s);
    QCOMPARE(cell(model, 9, C::BytesColumn), u"256 bytes"_s);
    QCOMPARE(cell(model, 9, C::CodeColumn), QString());
    QCOMPARE(model.data(model.index(9, C::BytesColumn), C::SortRole).toULongLong(), 256ULL);
    QCOMPARE(cell(model, 15, C::CauseColumn), u"ffn_out-N read on CPU"_s);
    model.setSchedule(nullptr);
    QCOMPARE(model.rowCount(), 0);
}

void TestSplitCauseModel::selectableTensors() {
    SplitCauseModel model;
    const auto s = smallSchedule();
    model.setSchedule(s);
    const auto tensorAt = [&](int row) -> const tensor& {
        const qulonglong id = model.data(model.index(row, 0), SplitCauseModel::TensorRole).toULongLong();
        if (id >= s->splitDoc->ctx.size()) qFatal("row %d has no tensor", row);
        return s->splitDoc->ctx[tensor_id{static_cast<std::size_t>(id)}];
    };
    // The node that started the group's first split, in that split.
    const tensor& rope = tensorAt(0);
    QCOMPARE(rope.op, op_kind::rope);
    QCOMPARE(QString::fromStdString(rope.name), u"Kcur-1"_s);
    // A copy group's first tensor copied (the original, not the copy).
    QCOMPARE(QString::fromStdString(tensorAt(9).name), u"norm-1"_s);
    QCOMPARE(QString::fromStdString(tensorAt(15).name), u"ffn_out-1"_s);
}

void TestSplitCauseModel::splitList_data() {
    QTest::addColumn<QList<int>>("splits");
    QTest::addColumn<QString>("text");
    QTest::newRow("none") << QList<int>{} << QString();
    QTest::newRow("one") << QList<int>{7} << u"7"_s;
    QTest::newRow("eight, all shown") << QList<int>{1, 2, 3, 4, 5, 6, 7, 8} << u"1, 2, 3, 4, 5, 6, 7, 8"_s;
    QTest::newRow("sixteen, six and the last") << QList<int>{1, 11, 21, 31, 41, 51, 61, 71, 81, 91, 101, 111, 121, 131, 141, 151}
                                              << u"1, 11, 21, 31, 41, 51, … 151"_s;
}

void TestSplitCauseModel::splitList() {
    QFETCH(QList<int>, splits);
    QFETCH(QString, text);
    std::vector<std::size_t> v;
    for (int s : splits) v.push_back(static_cast<std::size_t>(s));
    QCOMPARE(SplitCauseModel::splitList(v), text);
}

void TestSplitCauseModel::panelMarksOverview() {
    GraphSession session;
    QVERIFY(session.openTemplate(QString::fromLatin1(smallLlama)));
    GraphCanvas canvas(&session);
    SplitPanel panel(&session, &canvas);
    panel.controller()->setReplayInterval(0);
    SplitOverview overview;
    QObject::connect(panel.controller(), &SplitController::scheduled, &overview,
                     [&] { overview.setSchedule(panel.controller()->sharedSchedule()); });
    QObject::connect(&panel, &SplitPanel::causeSplitsSelected, &overview, &SplitOverview::setMarkedSplits);
    panel.backendBox()->setCurrentIndex(1); // CPU + CPU
    QSignalSpy replayed(panel.controller(), &SplitController::replayFinished);
    panel.controller()->scheduleDocument();
    QVERIFY(replayed.wait(60000) || replayed.count() == 1);
    QTableView* view = panel.causeView();
    QCOMPARE(view->model()->rowCount(), 16);

    QSignalSpy marked(&panel, &SplitPanel::causeSplitsSelected);
    view->selectRow(0);
    QCOMPARE(marked.count(), 1);
    QCOMPARE(marked.last().at(0).value<QList<int>>(), QList<int>({2, 6}));
    QCOMPARE(QString::fromStdString(session.document().ctx[session.selection()].name), u"Kcur-1"_s);
    QCOMPARE(overview.markedBoxes(), std::vector<int>({2, 6}));
    QVERIFY(!overview.firstMarkedRect().isNull());
    view->selectRow(9); // a copy group: the splits that read norm-N
    QCOMPARE(overview.markedBoxes(), std::vector<int>({1, 9}));
    QCOMPARE(QString::fromStdString(session.document().ctx[session.selection()].name), u"norm-1"_s);
    // Another document drops the schedule and the marks.
    QVERIFY(session.openTemplate(u"attention"_s));
    QCOMPARE(view->model()->rowCount(), 0);
    QCOMPARE(marked.last().at(0).value<QList<int>>(), QList<int>());
}

QTEST_MAIN(TestSplitCauseModel)
#include "test_split_cause_model.moc"
