// The item models and the graph summary: QAbstractItemModelTester on each, then their contents.
#include "model/buffer_list_model.h"
#include "model/event_log_model.h"
#include "model/graph_summary.h"
#include "model/op_summary_model.h"
#include "model/tensor_list_model.h"
#include "core/summary.h"
#include "llm/llm_build.h"
#include "llm_context/llm_reserve.h"
#include "panels/buffers_panel.h"
#include "panels/llm_memory_model.h"
#include "panels/summary_panel.h"
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
    void llmMemoryRows();
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
    auto graph = loadDefaultGraph(); // llama.cpp 2023's graph, which reported the 3.21 MiB
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

// A .gguf built as llama.cpp da46e59c builds it: stories260K at n_ctx 64 (padded to 256), n_batch 8,
// flash attention auto (on), as tests/data/llama_cpp/stories260K.tsv has llama.cpp's figures: 161
// nodes, the mapped model 1,171,200 bytes, the KV cache 163,840, the compute buffer 29,024; the
// logits buffer (output_reserve(n_seq_max)) one row of 512 floats, 2,048 bytes.
void TestModels::llmMemoryRows() {
    auto file = open_gguf(std::filesystem::path(PLANSCOPE_SHARED_DIR) / "models" / "stories260K.gguf");
    QVERIFY(file.ok());
    llm_context_params params;
    params.n_ctx = 64;
    params.n_batch = params.n_ubatch = 8;
    auto reserve = llm_reserve(*file, params);
    QVERIFY(reserve.ok());
    llm_ubatch_shape ubatch;
    ubatch.n_tokens = ubatch.n_outputs = 8;
    auto built = build_llm_graph(*file, params, ubatch);
    QVERIFY(built.ok());

    GraphSession session;
    BuffersPanel buffers(&session);
    SummaryPanel summary(&session);
    LlmMemoryModel& model = *buffers.llmMemoryModel();
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    session.setDocument(std::move(built->doc), u"stories260K.gguf"_s, built->inputs, {}, ggml_version::v2026,
                        std::make_shared<const llm_reserve_result>(std::move(*reserve)));
    QVERIFY(buffers.showsLlmMemory());
    // "CPU" (context, compute, the output buffer), "CPU_Mapped" (the model), the total.
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), static_cast<int>(LlmMemoryModel::ColumnCount));
    const auto bytes = [&](int row, int column) { return model.index(row, column).data(LlmMemoryModel::SortRole).toULongLong(); };
    QCOMPARE(model.index(0, LlmMemoryModel::BufferTypeColumn).data().toString(), u"CPU"_s);
    QCOMPARE(bytes(0, LlmMemoryModel::ContextColumn), 163840ULL);
    QCOMPARE(bytes(0, LlmMemoryModel::ComputeColumn), 29024ULL);
    QCOMPARE(bytes(0, LlmMemoryModel::OutputColumn), 2048ULL);
    QCOMPARE(bytes(0, LlmMemoryModel::ModelColumn), 0ULL);
    QCOMPARE(bytes(0, LlmMemoryModel::TotalColumn), 163840ULL + 29024 + 2048);
    QCOMPARE(model.index(1, LlmMemoryModel::BufferTypeColumn).data().toString(), u"CPU_Mapped"_s);
    QCOMPARE(bytes(1, LlmMemoryModel::ModelColumn), 1171200ULL);
    QCOMPARE(bytes(1, LlmMemoryModel::OutputColumn), 0ULL);
    QCOMPARE(model.index(2, LlmMemoryModel::BufferTypeColumn).data().toString(), u"Total"_s);
    QCOMPARE(bytes(2, LlmMemoryModel::TotalColumn), 1171200ULL + 163840 + 29024 + 2048);
    QCOMPARE(model.index(1, LlmMemoryModel::ModelColumn).data().toString(), u"1.1 MiB"_s);
    QCOMPARE(model.index(1, LlmMemoryModel::ModelColumn).data(Qt::ToolTipRole).toString(), u"1,171,200 bytes (1.1 MiB)"_s);
    QVERIFY(model.index(2, LlmMemoryModel::BufferTypeColumn).data(Qt::FontRole).value<QFont>().bold());
    QCOMPARE(model.headerData(LlmMemoryModel::ContextColumn, Qt::Horizontal).toString(), u"Context (KV)"_s);

    using Total = SummaryPanel::Total;
    QVERIFY(!summary.isShown(Total::LlamaReserve));
    for (const Total t : {Total::LlmPlannedBy, Total::LlmNodes, Total::LlmContext, Total::LlmFlashAttention, Total::LlmModel,
                          Total::LlmKv, Total::LlmCompute, Total::LlmOutput, Total::LlmTotal})
        QVERIFY(summary.isShown(t));
    QCOMPARE(summary.text(Total::LlmPlannedBy), u"ggml 2026 (d99724f2)"_s);
    QCOMPARE(summary.text(Total::LlmNodes), u"pp 161 (8 tokens), tg 161 (1 token)"_s);
    QCOMPARE(summary.text(Total::LlmContext), u"n_ctx 256, n_batch 8, n_ubatch 8"_s);
    QCOMPARE(summary.text(Total::LlmFlashAttention), u"on"_s);
    QCOMPARE(summary.text(Total::LlmModel), u"1.1 MiB (CPU_Mapped)"_s);
    QCOMPARE(summary.text(Total::LlmKv), u"160.0 KiB (CPU)"_s);
    QCOMPARE(summary.text(Total::LlmCompute), u"28.3 KiB (CPU)"_s);
    QCOMPARE(summary.text(Total::LlmOutput), u"2.0 KiB"_s);
    QCOMPARE(summary.text(Total::LlmTotal), u"1.3 MiB (model + context + compute)"_s);
    QCOMPARE(summary.toolTip(Total::LlmKv), u"163,840 bytes (160.0 KiB)"_s);
    // Another era plans it; llama.cpp's figures stay.
    session.setEra(ggml_version::v2023);
    QCOMPARE(summary.text(Total::LlmPlannedBy), u"ggml 2023 (seeds)"_s);

    // A 2023 document: the rows as they were, no breakdown.
    auto graph = loadDefaultGraph();
    QVERIFY(graph.ok());
    session.setDocument(std::move(graph).value());
    QVERIFY(!buffers.showsLlmMemory());
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(!summary.isShown(Total::LlmModel));
    QVERIFY(!summary.isShown(Total::LlmPlannedBy));
    QVERIFY(summary.isShown(Total::ComputeBuffers));
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
