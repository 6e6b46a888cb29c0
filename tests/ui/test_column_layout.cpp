// The placeholder canvas layout: rows and columns by data rows, then invariants on the default graph.
#include "canvas/column_layout.h"
#include "core/builder.h"
#include "models/templates.h"

#include <QtTest>

#include <set>

using namespace planscope;
using namespace planscope::ui;

namespace {

// Leafs x y z; s = add(x, y), t = mul(s, z), u = add(sqr(s), t). Graph order: s, sqr (node_1),
// t, u in rows 0-3. Leafs x and y both want row 0 (s), so y moves down to 1; z wants t's row 2.
graph_document smallGraph() {
    graph_document doc;
    builder b(doc.ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 4), "x");
    const auto y = b.set_name(b.new_tensor_1d(dtype::f32, 4), "y");
    const auto z = b.set_name(b.new_tensor_1d(dtype::f32, 4), "z");
    const auto s = b.set_name(b.add(x, y), "s");
    const auto t = b.set_name(b.mul(s, z), "t");
    const auto u = b.set_name(b.add(b.sqr(s), t), "u");
    if (!build_forward_expand(doc.ctx, doc.g, u).ok()) qFatal("small graph");
    return doc;
}

tensor_id byName(const graph_document& doc, const QString& name) {
    for (std::size_t i = 0; i < doc.ctx.size(); ++i)
        if (QString::fromStdString(doc.ctx[tensor_id{i}].name) == name) return tensor_id{i};
    return {};
}

} // namespace

class TestColumnLayout : public QObject {
    Q_OBJECT
private slots:
    void placement_data();
    void placement();
    void edgesOfSmallGraph();
    void defaultGraphInvariants();
    void emptyDocument();
};

void TestColumnLayout::placement_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<int>("row");
    QTest::addColumn<bool>("leaf");
    QTest::newRow("x: first leaf at its user's row") << QStringLiteral("x") << 0 << true;
    QTest::newRow("y: pushed below x") << QStringLiteral("y") << 1 << true;
    QTest::newRow("z: at its user t") << QStringLiteral("z") << 2 << true;
    QTest::newRow("s") << QStringLiteral("s") << 0 << false;
    QTest::newRow("sqr of s") << QStringLiteral("node_1") << 1 << false;
    QTest::newRow("t") << QStringLiteral("t") << 2 << false;
    QTest::newRow("u") << QStringLiteral("u") << 3 << false;
}

void TestColumnLayout::placement() {
    QFETCH(QString, tensor);
    QFETCH(int, row);
    QFETCH(bool, leaf);
    const graph_document doc = smallGraph();
    const ColumnMetrics m;
    const ColumnLayout layout = layoutColumns(doc, m);
    const LayoutBox* box = layout.boxOf(byName(doc, tensor));
    QVERIFY(box);
    QCOMPARE(box->row, row);
    QCOMPARE(box->leaf, leaf);
    QCOMPARE(box->rect.top(), rowTop(row, m));
    QCOMPARE(box->rect.left(), leaf ? leafColumnLeft(m) : nodeColumnLeft(m));
    QCOMPARE(box->rect.size(), QSizeF(m.boxWidth, m.boxHeight));
}

void TestColumnLayout::edgesOfSmallGraph() {
    const graph_document doc = smallGraph();
    const ColumnMetrics m;
    const ColumnLayout layout = layoutColumns(doc, m);
    // s<-x, s<-y, sqr<-s, t<-s, t<-z, u<-sqr, u<-t
    QCOMPARE(layout.edges.size(), std::size_t{7});
    for (const LayoutEdge& e : layout.edges) {
        const LayoutBox* from = layout.boxOf(e.from);
        const LayoutBox* to = layout.boxOf(e.to);
        QVERIFY(from && to);
        const QPointF start = e.path.pointAtPercent(0);
        const QPointF end = e.path.pointAtPercent(1);
        QCOMPARE(start, QPointF(from->rect.right(), from->rect.center().y()));
        // Leaf edges enter a node from the left, node-to-node arcs on the right.
        QCOMPARE(end, QPointF(from->leaf ? to->rect.left() : to->rect.right(), to->rect.center().y()));
        if (!from->leaf) QVERIFY(e.path.boundingRect().right() > from->rect.right() + m.arcMinBulge / 2);
    }
    QVERIFY(layout.bounds.contains(layout.boxOf(byName(doc, QStringLiteral("u")))->rect));
}

void TestColumnLayout::defaultGraphInvariants() {
    auto made = make_template(default_template);
    QVERIFY(made.ok());
    const graph_document& doc = *made;
    const ColumnLayout layout = layoutColumns(doc);
    QCOMPARE(layout.boxes.size(), doc.g.nodes.size() + doc.g.leafs.size());
    for (std::size_t i = 0; i < doc.g.nodes.size(); ++i) QCOMPARE(layout.boxOf(doc.g.nodes[i])->row, static_cast<int>(i));

    std::set<int> leafRows;
    for (const LayoutBox& b : layout.boxes) {
        if (!b.leaf) continue;
        QVERIFY2(leafRows.insert(b.row).second, "two leafs share a row");
        // A leaf never sits above the node that first reads it.
        int firstUse = -1;
        for (std::size_t i = 0; i < doc.g.nodes.size() && firstUse < 0; ++i)
            for (tensor_id s : doc.ctx[doc.g.nodes[i]].src)
                if (s == b.tensor) firstUse = static_cast<int>(i);
        QVERIFY(firstUse >= 0);
        QVERIFY(b.row >= firstUse);
    }
    std::size_t sources = 0;
    for (tensor_id n : doc.g.nodes)
        for (tensor_id s : doc.ctx[n].src) sources += s.valid() ? 1 : 0;
    QCOMPARE(layout.edges.size(), sources);
    for (const LayoutBox& b : layout.boxes) QVERIFY(layout.bounds.contains(b.rect));
}

void TestColumnLayout::emptyDocument() {
    const ColumnLayout layout = layoutColumns(graph_document{});
    QVERIFY(layout.boxes.empty());
    QVERIFY(layout.edges.empty());
    QVERIFY(layout.bounds.isNull());
}

QTEST_GUILESS_MAIN(TestColumnLayout)
#include "test_column_layout.moc"
