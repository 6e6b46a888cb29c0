// The item models and the graph summary: QAbstractItemModelTester on each, then their contents.
#include "model/buffer_list_model.h"
#include "model/event_log_model.h"
#include "model/graph_summary.h"
#include "model/op_summary_model.h"
#include "model/tensor_list_model.h"
#include "core/summary.h"
#include "panels/buffers_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "session/startup_graph.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QFont>
#include <QSignalSpy>
#include <QtTest>


using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

class TestModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void summaryOfDefaultGraph();
    void summaryCountsMatchEngine();
    void opSummaryModel();
    void tensorListModel();
    void tensorListModelIndexOf();
    void bufferListModel();
    void computeBufferRows();
    void eventLogModel();
    void modelsSurviveResetToEmpty();
};

void TestModels::initTestCase() { QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates)); }

void TestModels::summaryOfDefaultGraph() {
    const GraphSummary s = summarizeGraph(attentionDocument());
    QCOMPARE(static_cast<int>(s.totals.n_nodes), attentionNodes);
    QCOMPARE(static_cast<int>(s.totals.n_leafs), attentionLeafs);
    QCOMPARE(static_cast<int>(s.tensors), attentionTensors);
    QCOMPARE(s.ops.front().name, std::string("MUL_MAT"));
    QCOMPARE(static_cast<int>(s.ops.front().count), attentionMulMats);
    // Two layers of SwiGLU: one SILU each, counted as UNARY like `planscope-cli info` does.
    const auto unary = std::find_if(s.ops.begin(), s.ops.end(), [](const OpCount& c) { return c.op == op_kind::unary; });
    QVERIFY(unary != s.ops.end());
    QCOMPARE(unary->name, std::string("UNARY"));
    QCOMPARE(unary->count, std::size_t{2});
    for (std::size_t i = 1; i < s.ops.size(); ++i) QVERIFY(s.ops[i - 1].count >= s.ops[i].count);
}

void TestModels::summaryCountsMatchEngine() {
    const graph_document doc = attentionDocument();
    const GraphSummary s = summarizeGraph(doc);
    const graph_summary engine = planscope::summarize(doc);
    QCOMPARE(s.totals.n_nodes, engine.n_nodes);
    QCOMPARE(s.totals.leaf_bytes, engine.leaf_bytes);
    QCOMPARE(s.totals.node_bytes, engine.node_bytes);
    QCOMPARE(s.totals.preallocated_bytes, engine.preallocated_bytes);
    // The weights are exactly what is preallocated.
    std::uint64_t weightBytes = 0;
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (doc.ctx[tensor_id{i}].where) weightBytes += nbytes(doc.ctx[tensor_id{i}]);
    QCOMPARE(static_cast<std::uint64_t>(s.totals.preallocated_bytes), weightBytes);

    // Rows: one per op with the engine's counts; bytes summed over that op's results.
    std::size_t total = 0;
    for (const OpCount& c : s.ops) {
        QCOMPARE(c.count, engine.nodes_per_op.at(c.op));
        std::uint64_t bytes = 0;
        for (tensor_id id : doc.g.nodes)
            if (doc.ctx[id].op == c.op) bytes += nbytes(doc.ctx[id]);
        QCOMPARE(c.bytes, bytes);
        total += c.count;
    }
    QCOMPARE(total, doc.g.nodes.size());
}

void TestModels::opSummaryModel() {
    OpSummaryModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const GraphSummary s = summarizeGraph(attentionDocument());
    model.setSummary(s);
    QCOMPARE(model.rowCount(), static_cast<int>(s.ops.size()));
    QCOMPARE(model.columnCount(), 3);
    QCOMPARE(model.index(0, OpSummaryModel::OpColumn).data().toString(), u"MUL_MAT"_s);
    QCOMPARE(model.index(0, OpSummaryModel::CountColumn).data().toString(), u"18"_s);
    QCOMPARE(model.index(0, OpSummaryModel::CountColumn).data(OpSummaryModel::SortRole).toInt(), attentionMulMats);
    const QModelIndex last = model.index(model.rowCount() - 1, OpSummaryModel::OpColumn);
    QCOMPARE(last.data().toString(), QString::fromStdString(s.ops.back().name));
    QCOMPARE(model.index(0, OpSummaryModel::BytesColumn).data(OpSummaryModel::SortRole).toULongLong(),
             static_cast<qulonglong>(s.ops.front().bytes));
    QCOMPARE(model.headerData(OpSummaryModel::OpColumn, Qt::Horizontal).toString(), u"Op"_s);
}

void TestModels::tensorListModel() {
    const graph_document doc = attentionDocument();
    TensorListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDocument(doc);
    QCOMPARE(model.rowCount(), attentionTensors);
    QCOMPARE(model.columnCount(), static_cast<int>(TensorListModel::ColumnCount));

    const tensor_id kq = findTensor(doc, "KQ-0");
    QVERIFY(kq.valid());
    const int row = static_cast<int>(kq.index());
    QCOMPARE(model.index(row, TensorListModel::NameColumn).data().toString(), u"KQ-0"_s);
    QCOMPARE(model.index(row, TensorListModel::RoleColumn).data().toString(), u"node"_s);
    QCOMPARE(model.index(row, TensorListModel::OpColumn).data().toString(), u"MUL_MAT"_s);
    QCOMPARE(model.index(row, TensorListModel::TypeColumn).data().toString(), u"f32"_s);
    QCOMPARE(model.index(row, TensorListModel::ShapeColumn).data().toString(), u"[4, 4, 8, 1]"_s);
    QCOMPARE(model.index(row, TensorListModel::BytesColumn).data(TensorListModel::SortRole).toULongLong(), 4 * 4 * 8 * 4ull);

    const tensor_id q = findTensor(doc, "Q-0"); // a PERMUTE: a view
    QCOMPARE(model.index(static_cast<int>(q.index()), TensorListModel::RoleColumn).data().toString(), u"node (view)"_s);
    const tensor_id weight = findTensor(doc, "blk.0.attn_q.weight");
    QCOMPARE(model.index(static_cast<int>(weight.index()), TensorListModel::RoleColumn).data().toString(), u"leaf"_s);
}

void TestModels::tensorListModelIndexOf() {
    const graph_document doc = attentionDocument();
    TensorListModel model;
    model.setDocument(doc);
    const tensor_id id = findTensor(doc, "l_out-1");
    const QModelIndex index = model.indexOf(id, TensorListModel::OpColumn);
    QVERIFY(index.isValid());
    QCOMPARE(index.column(), static_cast<int>(TensorListModel::OpColumn));
    QCOMPARE(TensorListModel::tensorAt(index), id);
    QVERIFY(!model.indexOf(tensor_id{}).isValid());
    QVERIFY(!model.indexOf(tensor_id{std::size_t{100000}}).isValid());
    QVERIFY(!TensorListModel::tensorAt({}).valid());
}

void TestModels::bufferListModel() {
    const graph_document doc = attentionDocument();
    BufferListModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setDocument(doc);
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.index(0, BufferListModel::NameColumn).data().toString(), u"weights"_s);
    QCOMPARE(model.index(0, BufferListModel::BackendColumn).data().toString(), u"CPU"_s);
    QCOMPARE(model.index(0, BufferListModel::SizeColumn).data(BufferListModel::SortRole).toULongLong(),
             static_cast<qulonglong>(doc.buffers[0].size));
    QCOMPARE(model.index(0, BufferListModel::AlignmentColumn).data().toString(), u"64"_s);
    // 9 weights per layer, all placed in the weights buffer.
    QCOMPARE(model.index(0, BufferListModel::TensorsColumn).data().toString(), u"18"_s);
}

// Once planned, the default model's compute buffer is listed with the others: 18,432 bytes,
// which llama.cpp reports with its graph metadata (3,342,480 bytes) and one alignment (32) as
// 3,360,944 bytes = 3.21 MiB, in bold. After Schedule there is one per backend.
void TestModels::computeBufferRows() {
    GraphSession session;
    BuffersPanel panel(&session);
    BufferListModel& model = *panel.model();
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy planned(&session, &GraphSession::planFinished);
    auto graph = loadStartupGraph({});
    QVERIFY(graph.ok());
    session.setDocument(std::move(graph).value());
    const int before = model.rowCount();
    QVERIFY(planned.wait(10000));
    QCOMPARE(model.rowCount(), before + 1);
    const int r = model.rowCount() - 1;
    QCOMPARE(model.index(r, BufferListModel::NameColumn).data().toString(), u"compute"_s);
    QCOMPARE(model.index(r, BufferListModel::SizeColumn).data(BufferListModel::SortRole).toULongLong(), 18432ULL);
    // A llama prompt graph: its own figure is labelled; llama.cpp reserved with its worst-case graph.
    const QModelIndex llama = model.index(r, BufferListModel::LlamaColumn);
    QCOMPARE(llama.data().toString(), u"3.21 MiB (prompt graph)"_s);
    QCOMPARE(llama.data(Qt::ToolTipRole).toString(),
             u"prompt graph: compute buffer total size = 3.21 MiB (llama.cpp reserves with its worst-case graph)"_s);
    // Once the session has it (the main window passes it on): 153,696 + 3,342,512 = 3,496,208 bytes.
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.setReserved(reservedLine(planscope::llama_reserve{153696, 3496208}, {}));
    QCOMPARE(changed.size(), 1);
    QCOMPARE(changed.at(0).at(0).toModelIndex(), llama);
    QCOMPARE(llama.data().toString(), u"3.33 MiB"_s);
    QCOMPARE(llama.data(Qt::ToolTipRole).toString(),
             u"llama.cpp reserves: compute buffer total size = 3.33 MiB (worst-case graph)\n"
             "prompt graph: compute buffer total size = 3.21 MiB"_s);
    model.setReserved(reservedLine(std::nullopt, u"template:llama: the worst-case graph: out of memory"_s));
    QCOMPARE(llama.data().toString(), u"3.21 MiB (prompt graph)"_s);
    QCOMPARE(llama.data(Qt::ToolTipRole).toString(),
             u"llama.cpp reserves: not planned (template:llama: the worst-case graph: out of memory)\n"
             "prompt graph: compute buffer total size = 3.21 MiB"_s);
    model.setReserved({});
    QVERIFY(model.index(r, BufferListModel::NameColumn).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!model.index(0, BufferListModel::NameColumn).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(model.index(0, BufferListModel::LlamaColumn).data().toString().isEmpty());

    test::SplitFixture f;
    BuffersPanel scheduled(&f.session);
    QVERIFY(f.schedule("cpu,cpu"));
    f.session.setScheduledTrace(scheduledTrace(*f.controller.schedule()));
    QStringList lines;
    for (int i = 0; i < scheduled.model()->rowCount(); ++i)
        if (const QString l = scheduled.model()->index(i, BufferListModel::LlamaColumn).data(Qt::ToolTipRole).toString();
            !l.isEmpty())
            lines << l;
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].startsWith(u"llama.cpp prints: CPU compute buffer size = "_s), qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith(u"llama.cpp prints: CPU1 compute buffer size = "_s), qPrintable(lines[1]));
}

void TestModels::eventLogModel() {
    EventLogModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), static_cast<int>(EventLogModel::ColumnCount));
    QCOMPARE(model.headerData(EventLogModel::EventColumn, Qt::Horizontal).toString(), u"Event"_s);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestModels::modelsSurviveResetToEmpty() {
    const graph_document doc = attentionDocument();
    const graph_document empty;
    OpSummaryModel ops;
    TensorListModel tensors;
    BufferListModel buffers;
    QAbstractItemModelTester t1(&ops, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(&tensors, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(&buffers, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (const graph_document* d : {&doc, &empty, &doc}) {
        ops.setSummary(summarizeGraph(*d));
        tensors.setDocument(*d);
        buffers.setDocument(*d);
        QCOMPARE(tensors.rowCount(), static_cast<int>(d->ctx.size()));
        QCOMPARE(buffers.rowCount(), static_cast<int>(d->buffers.size()));
    }
}

QTEST_MAIN(TestModels)
#include "test_ui_models.moc"
