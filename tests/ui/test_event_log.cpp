// The event log: the model over a real plan under QAbstractItemModelTester, its rows against the
// events, the kind / text filter, and the panel following the step both ways.
#include "io/graph_json.h"
#include "model/event_log_model.h"
#include "model/format.h"
#include "panels/event_log_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

std::unique_ptr<PlanTrace> smallTrace() {
    auto doc = load_graph_json_file(PLANSCOPE_SOURCE_DIR "/tests/data/graphs/small.json");
    if (!doc) qFatal("small.json: %s", doc.err().message.c_str());
    return PlanTrace::build(*doc);
}

QString cell(const QAbstractItemModel& m, int row, int column) { return m.index(row, column).data().toString(); }

} // namespace

class TestEventLog : public QObject {
    Q_OBJECT
private slots:
    void modelRows();
    void filterByKindAndText();
    void panelFollowsStep();
};

void TestEventLog::modelRows() {
    const auto trace = smallTrace();
    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setTrace(*trace);
    QCOMPARE(model.rowCount(), static_cast<int>(trace->stepCount()));
    QCOMPARE(model.columnCount(), static_cast<int>(EventLogModel::ColumnCount));
    QCOMPARE(model.headerData(EventLogModel::DetailColumn, Qt::Horizontal).toString(), u"Detail"_s);

    // Row 0: the compute buffer attaches (step 1).
    QCOMPARE(cell(model, 0, EventLogModel::StepColumn), u"1"_s);
    QCOMPARE(cell(model, 0, EventLogModel::EventColumn), u"attach"_s);
    QCOMPARE(cell(model, 0, EventLogModel::BufferColumn), u"compute"_s);
    QCOMPARE(model.index(0, 0).data(EventLogModel::TensorIdRole).toLongLong(), -1);

    // Every alloc row shows its event's values.
    int allocs = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        const auto* a = std::get_if<events::alloc>(&trace->events()[static_cast<std::size_t>(row)]);
        if (!a) continue;
        ++allocs;
        QCOMPARE(cell(model, row, EventLogModel::EventColumn), u"alloc"_s);
        QCOMPARE(cell(model, row, EventLogModel::TensorColumn), toQString(trace->document().ctx[a->tensor].name));
        QCOMPARE(cell(model, row, EventLogModel::OffsetColumn), QLocale().toString(static_cast<qulonglong>(a->offset)));
        QCOMPARE(cell(model, row, EventLogModel::SizeColumn), QLocale().toString(static_cast<qulonglong>(a->size)));
        QCOMPARE(model.index(row, 0).data(EventLogModel::StepRole).toULongLong(), static_cast<qulonglong>(row + 1));
        QCOMPARE(model.index(row, 0).data(EventLogModel::TensorIdRole).toLongLong(), static_cast<qlonglong>(a->tensor.value));
    }
    QCOMPARE(allocs, 4);
    // The first alloc: norm, 128 bytes at 0 (small.json's plan, docs/plan-listing.md).
    QCOMPARE(cell(model, 3, EventLogModel::TensorColumn), u"norm"_s);
    QCOMPARE(cell(model, 3, EventLogModel::DetailColumn), u"alloc 'norm' 128 bytes at buffer 2 +0 from block 0 of 1 (last block)"_s);

    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestEventLog::filterByKindAndText() {
    const auto trace = smallTrace();
    EventLogModel model;
    model.setTrace(*trace);
    EventLogFilter filter;
    filter.setSourceModel(&model);
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    filter.setKind(u"alloc"_s);
    QCOMPARE(filter.rowCount(), 4);
    filter.setText(u"NORM"_s); // any column, any case
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(cell(filter, 0, EventLogModel::TensorColumn), u"norm"_s);
    filter.setKind({});
    QVERIFY(filter.rowCount() > 1);
    for (int row = 0; row < filter.rowCount(); ++row) {
        bool any = false;
        for (int c = 0; c < EventLogModel::ColumnCount; ++c)
            any = any || cell(filter, row, c).contains(u"norm"_s, Qt::CaseInsensitive);
        QVERIFY(any);
    }
    filter.setText({});
    QCOMPARE(filter.rowCount(), model.rowCount());
}

void TestEventLog::panelFollowsStep() {
    GraphSession session;
    EventLogPanel panel(&session);
    QSignalSpy finished(&session, &GraphSession::planFinished);
    session.openTemplate(u"attention"_s);
    QVERIFY(finished.wait(20000));
    QCOMPARE(panel.model()->rowCount(), static_cast<int>(session.planTrace()->stepCount()));
    QVERIFY(!panel.view()->selectionModel()->hasSelection());

    session.setStep(12);
    const QModelIndexList rows = panel.view()->selectionModel()->selectedRows();
    QCOMPARE(rows.size(), 1);
    QCOMPARE(rows.front().row(), 11);

    // Filtered to frees: a double-click on the first one jumps to its step.
    panel.kindBox()->setCurrentIndex(panel.kindBox()->findData(u"free"_s));
    QVERIFY(panel.filter()->rowCount() > 0);
    const QModelIndex first = panel.filter()->index(0, EventLogModel::EventColumn);
    QCOMPARE(first.data().toString(), u"free"_s);
    emit panel.view()->doubleClicked(first);
    const std::size_t step = first.data(EventLogModel::StepRole).toULongLong();
    QCOMPARE(session.step(), step);
    QVERIFY(std::holds_alternative<events::free>(*session.planTrace()->currentEvent()));
    QCOMPARE(panel.view()->selectionModel()->selectedRows().front().row(), 0);
}

QTEST_MAIN(TestEventLog)
#include "test_event_log.moc"
