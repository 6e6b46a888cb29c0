// The event log: the model over a real plan under QAbstractItemModelTester, its rows against the
// events, the Detail text of every event kind (data rows), the kind / text filter, and the panel
// following the step both ways.
#include "io/graph_json.h"
#include "alloc/tensor_allocator.h"
#include "model/event_log_model.h"
#include "model/event_text.h"
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

// The attention template with a compute buffer, as a plan's events name it.
graph_document eventDocument() {
    graph_document doc = attentionDocument();
    doc.buffers.push_back({"compute", "CPU", 0, 32});
    return doc;
}

} // namespace

Q_DECLARE_METATYPE(planscope::alloc_event)

class TestEventLog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void modelRows();
    void eventText_data();
    void eventText();
    void filterByKindAndText();
    void panelFollowsStep();
};

void TestEventLog::initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

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
    QCOMPARE(cell(model, 3, EventLogModel::DetailColumn), u"alloc 'norm': 128 bytes at compute +0 from block 0 of 1 (the last block)"_s);

    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestEventLog::eventText_data() {
    QTest::addColumn<alloc_event>("event");
    QTest::addColumn<QString>("expected");
    const graph_document doc = eventDocument();
    const buffer_id compute{doc.buffers.size() - 1};
    const tensor_id norm = findTensor(doc, "norm-0");
    const tensor_id attnNorm = findTensor(doc, "attn_norm-0");
    const tensor_id embd = findTensor(doc, "inp_embd");
    const tensor_id kq = findTensor(doc, "KQ-0");
    const free_block tail{8192, measure_capacity - 8192};

    QTest::newRow("attach, measure") << alloc_event{events::attach{compute, 32, true, {{0, measure_capacity}}, 0}}
                                     << u"compute (measure): alignment 32, 1 free block(s)"_s;
    QTest::newRow("attach") << alloc_event{events::attach{compute, 64, false, {{0, 1024}, {2048, 4096}}, 0}}
                            << u"compute: alignment 64, 2 free block(s)"_s;
    QTest::newRow("alloc, best fit")
        << alloc_event{events::alloc{norm, compute, 2048, 1024, 0, false, {{2048, 4096}, tail}, 9216, 9216}}
        << u"alloc 'norm-0': 1,024 bytes at compute +2,048 from block 0 of 2"_s;
    QTest::newRow("alloc, last block")
        << alloc_event{events::alloc{norm, compute, 8192, 1024, 1, true, {{2048, 512}, tail}, 8192, 9216}}
        << u"alloc 'norm-0': 1,024 bytes at compute +8,192 from block 1 of 2 (the last block)"_s;
    QTest::newRow("free into the measure tail")
        << alloc_event{events::free{norm, compute, 0, 1024, merge_kind::next, 0, {0, measure_capacity}}}
        << u"free 'norm-0': 1,024 bytes at compute +0, merged with next → [0, ∞)"_s;
    QTest::newRow("free, new block") << alloc_event{events::free{norm, compute, 1024, 64, merge_kind::new_block, 1, {1024, 64}}}
                                     << u"free 'norm-0': 64 bytes at compute +1,024, new block → [1,024, 1,088)"_s;
    QTest::newRow("free, both") << alloc_event{events::free{norm, compute, 64, 64, merge_kind::both, 0, {0, 4096}}}
                                << u"free 'norm-0': 64 bytes at compute +64, merged with both → [0, 4,096)"_s;
    QTest::newRow("out of space")
        << alloc_event{events::failure{kq, compute, failure_kind::out_of_space, 4096, 1024, "not enough space"}}
        << u"failed (out of space): 'KQ-0' does not fit in compute, it needs 4,096 bytes and the largest free block has 1,024"_s;
    QTest::newRow("too many free blocks")
        << alloc_event{events::failure{kq, compute, failure_kind::too_many_free_blocks, 64, 32, "cannot free"}}
        << u"failed (too many free blocks): freeing 'KQ-0' (64 bytes) in compute would need more than 256 free blocks"_s;
    QTest::newRow("invalid graph")
        << alloc_event{events::failure{kq, buffer_id{}, failure_kind::invalid_graph, 0, 0, "view 'KQ-0' has no source tensor"}}
        << u"failed (invalid graph): view 'KQ-0' has no source tensor"_s;
    QTest::newRow("reset") << alloc_event{events::reset{compute, {{0, 64}}, {0, 4096}}} << u"reset compute → [0, 4,096)"_s;
    QTest::newRow("reset, measure") << alloc_event{events::reset{compute, {}, {0, measure_capacity}}}
                                    << u"reset compute → [0, ∞)"_s;
    QTest::newRow("node") << alloc_event{events::node{3, 12, norm}} << u"node 12 'norm-0' (RMS_NORM)"_s;
    QTest::newRow("node of no tensor") << alloc_event{events::node{0, 0, tensor_id{}}} << u"node 0 ? (NONE)"_s;
    QTest::newRow("barrier") << alloc_event{events::barrier{5}} << u"barrier at parse_seq[5]"_s;
    QTest::newRow("view") << alloc_event{events::view{attnNorm, norm, {compute, 64}, false}}
                          << u"view 'attn_norm-0' of 'norm-0' at compute +64"_s;
    QTest::newRow("view of a pre-allocated tensor") << alloc_event{events::view{norm, embd, {compute, 0}, true}}
                                                    << u"view 'norm-0' of 'inp_embd' at compute +0 (pre-allocated source)"_s;
    QTest::newRow("inplace") << alloc_event{events::inplace{attnNorm, norm, norm, {compute, 1024}}}
                             << u"inplace 'attn_norm-0' reuses 'norm-0' at compute +1,024"_s;
    QTest::newRow("refused") << alloc_event{events::refused{norm, embd, refusal::other_children}}
                             << u"not reusing 'inp_embd' for 'norm-0': other children"_s;
    QTest::newRow("refused, layout") << alloc_event{events::refused{kq, norm, refusal::layout_differs}}
                                     << u"not reusing 'norm-0' for 'KQ-0': layout differs"_s;
    QTest::newRow("refused by ggml 2026, output") << alloc_event{events::refused{kq, norm, refusal::output}}
                                                  << u"not reusing 'norm-0' for 'KQ-0': output"_s;
    QTest::newRow("refused by ggml 2026, view") << alloc_event{events::refused{kq, norm, refusal::view_not_own}}
                                                << u"not reusing 'norm-0' for 'KQ-0': view, not own"_s;
    QTest::newRow("measure") << alloc_event{events::measure{compute, 9632, true}} << u"max_size of compute: 9,632 bytes"_s;
    QTest::newRow("measure, unknown buffer") << alloc_event{events::measure{buffer_id{40}, 64, false}}
                                             << u"max_size of buffer 40: 64 bytes"_s;
}

void TestEventLog::eventText() {
    QFETCH(alloc_event, event);
    QFETCH(QString, expected);
    QCOMPARE(ui::eventText(event, eventDocument()), expected);
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
