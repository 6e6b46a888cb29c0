// ggml_gallocr_alloc_graph after a reserve (d99724f2, ggml-alloc.c 849-901, 996-1097): a graph
// fits the reservation when it has as many nodes and leafs and no node or source needs more than
// its reserved size, or memory where none was reserved; otherwise ggml_gallocr_needs_realloc
// names the first tensor that does not fit and a single buffer is reserved again, kept when no
// chunk grows. Graphs built by hand; sizes from ggml_nbytes, alignment 32.
#include "alloc/ggml2026/alloc_graph.h"
#include "core/builder.h"

#include <QtTest>

using namespace planscope;

namespace {

// y = op(x) with x an f32 leaf of n elements, z = y + y: two nodes, one leaf.
graph_document chain(std::int64_t n, const char* op) {
    graph_document doc;
    builder b(doc.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, n), "x");
    tensor_id y;
    if (std::string_view(op) == "sqr") y = b.sqr(x);
    if (std::string_view(op) == "sum") y = b.sum(x);
    if (std::string_view(op) == "reshape") y = b.reshape_2d(x, 1, n);
    if (std::string_view(op) == "cont") y = b.cont_4d(x, 1, n, 1, 1);
    b.set_name(y, "y");
    const tensor_id z = b.set_name(b.add(y, y), "z");
    if (!b.ok() || !build_forward_expand(doc.ctx, doc.g, z)) qFatal("graph not built");
    return doc;
}

} // namespace

class TestGgml2026AllocGraph : public QObject {
    Q_OBJECT

private slots:
    void verdicts_data();
    void verdicts();
    void bufferAfterRealloc_data();
    void bufferAfterRealloc();
};

void TestGgml2026AllocGraph::verdicts_data() {
    QTest::addColumn<int>("reserved_n");
    QTest::addColumn<QString>("reserved_op");
    QTest::addColumn<int>("n");
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("realloc"); // empty: fits
    QTest::newRow("same graph") << 64 << "sqr" << 64 << "sqr" << "";
    QTest::newRow("smaller") << 64 << "sqr" << 16 << "sqr" << "";
    QTest::newRow("larger node") << 16 << "sqr" << 64 << "sqr" << "node 'y' is not valid (256 bytes, 64 reserved)";
    // SUM's result is one value either way: the larger leaf is caught as the node's source.
    QTest::newRow("larger source") << 16 << "sum" << 64 << "sum"
                                   << "src 0 ('x') of node 'y' is not valid (256 bytes, 64 reserved)";
    // A view reserved nothing; a CONT in its place needs memory.
    QTest::newRow("view became a copy") << 16 << "reshape" << 16 << "cont" << "node 'y' is not valid (64 bytes, none reserved)";
    QTest::newRow("copy became a view") << 16 << "cont" << 16 << "reshape" << "";
}

void TestGgml2026AllocGraph::verdicts() {
    QFETCH(int, reserved_n);
    QFETCH(QString, reserved_op);
    QFETCH(int, n);
    QFETCH(QString, op);
    QFETCH(QString, realloc);
    const graph_document reserved = chain(reserved_n, reserved_op.toLatin1().constData());
    const graph_document doc = chain(n, op.toLatin1().constData());
    const ggml2026::buffer_type_info cpu{32, SIZE_MAX, -1, {}};
    auto plan = ggml2026::reserve(reserved.ctx, reserved.g, std::span(&cpu, 1));
    QVERIFY(plan.ok());
    const auto r = ggml2026::reservation_of(reserved.ctx, reserved.g, *plan, std::span(&cpu, 1));
    QCOMPARE(r.nodes.size(), std::size_t{2});
    QCOMPARE(r.leafs.size(), std::size_t{1});
    const auto why = ggml2026::needs_realloc(r, doc.ctx, doc.g, std::span(&cpu, 1));
    QCOMPARE(QString::fromStdString(why.value_or("")), realloc);
}

void TestGgml2026AllocGraph::bufferAfterRealloc_data() {
    QTest::addColumn<int>("reserved_n");
    QTest::addColumn<int>("n");
    QTest::addColumn<bool>("realloc");
    QTest::addColumn<qulonglong>("reserved");
    QTest::addColumn<qulonglong>("own");
    QTest::addColumn<qulonglong>("allocated");
    // x (a leaf 2026 allocates) and y, n floats each; z takes x's memory, freed after y (y has two
    // readers, so z cannot work in place of it).
    QTest::newRow("fits") << 64 << 16 << false << qulonglong{512} << qulonglong{128} << qulonglong{512};
    QTest::newRow("grows") << 16 << 64 << true << qulonglong{128} << qulonglong{512} << qulonglong{512};
}

void TestGgml2026AllocGraph::bufferAfterRealloc() {
    QFETCH(int, reserved_n);
    QFETCH(int, n);
    QFETCH(bool, realloc);
    const graph_document reserved = chain(reserved_n, "sqr");
    const graph_document doc = chain(n, "sqr");
    auto out = ggml2026::alloc_after_reserve(reserved, doc, {}, plan_options{});
    QVERIFY2(out.ok(), out.ok() ? "" : out.err().message.c_str());
    QCOMPARE(out->realloc.has_value(), realloc);
    QTEST(static_cast<qulonglong>(out->reserved), "reserved");
    QTEST(static_cast<qulonglong>(out->own), "own");
    QTEST(static_cast<qulonglong>(out->allocated), "allocated");
}

QTEST_APPLESS_MAIN(TestGgml2026AllocGraph)
#include "test_ggml2026_alloc_graph.moc"
