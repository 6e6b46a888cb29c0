// DOT text and Graphviz layout read back: geometry a canvas can draw.
#include "core/builder.h"
#include "layout/graph_layout.h"

#include <QtTest>

#include <algorithm>

using namespace planscope;

namespace {

// x -> a = sqr(x), c = sqrt(x) -> d = add(a, c)
graph_document diamond() {
    graph_document doc;
    doc.name = "diamond";
    builder b(doc.ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 8), "x");
    const auto a = b.set_name(b.sqr(x), "a");
    const auto c = b.set_name(b.sqrt(x), "c");
    const auto d = b.set_name(b.add(a, c), "d");
    (void)build_forward_expand(doc.ctx, doc.g, d);
    return doc;
}

const layout_node& node(const graph_layout& l, std::uint32_t id) {
    return *std::find_if(l.nodes.begin(), l.nodes.end(), [&](const layout_node& n) { return n.id.value == id; });
}

} // namespace

class TestLayout : public QObject {
    Q_OBJECT
private slots:
    void dotText();
    void diamondGeometry();
    void clusters();
    void leafsOmitted();
    void badDot();
    void cancelled();
};

void TestLayout::dotText() {
    const auto doc = diamond();
    const std::string dot = to_dot(doc);
    QVERIFY(dot.starts_with("digraph \"diamond\" {\n  rankdir=TB;\n"));
    QVERIFY(dot.find("  t0 [label=\"x\\nNONE · f32 [8, 1, 1, 1]\\n32 B\", shape=box, style=\"rounded,filled\"") !=
            std::string::npos);
    QVERIFY(dot.find("  t0 -> t1 [label=\"src0\"];\n") != std::string::npos);
    QVERIFY(dot.find("  t1 -> t3 [label=\"src0\"];\n  t2 -> t3 [label=\"src1\"];\n") != std::string::npos);
    QCOMPARE(dot_quote("a \"b\" \\c"), std::string("\"a \\\"b\\\" \\\\c\""));
}

void TestLayout::diamondGeometry() {
    const auto doc = diamond();
    auto l = layout_graph(doc);
    QVERIFY2(l.ok(), l.ok() ? "" : l.err().message.c_str());
    QCOMPARE(l->nodes.size(), std::size_t{4});
    QCOMPARE(l->edges.size(), std::size_t{4});
    QVERIFY(l->width > 0 && l->height > 0);
    // Top to bottom: x above a and c, which are side by side above d.
    const auto& x = node(*l, 0);
    const auto& a = node(*l, 1);
    const auto& c = node(*l, 2);
    const auto& d = node(*l, 3);
    QVERIFY(x.center.y < a.center.y);
    QCOMPARE(a.center.y, c.center.y);
    QVERIFY(a.center.y < d.center.y);
    QVERIFY(a.center.x != c.center.x);
    for (const auto& n : l->nodes) {
        QVERIFY(n.width > 0 && n.height > 0);
        QVERIFY(n.center.x - n.width / 2 >= -0.5 && n.center.x + n.width / 2 <= l->width + 0.5);
        QVERIFY(n.center.y - n.height / 2 >= -0.5 && n.center.y + n.height / 2 <= l->height + 0.5);
    }
    for (const auto& e : l->edges) {
        QVERIFY(e.bezier.size() >= 4);
        QCOMPARE((e.bezier.size() - 1) % 3, std::size_t{0});
        QVERIFY(e.arrow_tip.has_value());
        QVERIFY(e.label_pos.has_value());
        // Edges run downwards, from the tail's bottom towards the head's top.
        const auto& head = node(*l, e.to.value);
        QVERIFY(std::abs(e.arrow_tip->y - (head.center.y - head.height / 2)) < 2.0);
    }
    const auto into_d = std::count_if(l->edges.begin(), l->edges.end(), [](const layout_edge& e) { return e.to.value == 3; });
    QCOMPARE(into_d, 2);
    const auto c_edge = std::find_if(l->edges.begin(), l->edges.end(),
                                     [](const layout_edge& e) { return e.from.value == 2 && e.to.value == 3; });
    QCOMPARE(c_edge->src_slot, 1);
}

void TestLayout::clusters() {
    const auto doc = diamond();
    dot_style style;
    style.cluster_of = [](tensor_id id) { return id.value == 3 ? 1 : (id.value == 0 ? -1 : 0); };
    style.cluster_labels = {"split #0", "split #1"};
    auto l = layout_graph(doc, style);
    QVERIFY(l.ok());
    QCOMPARE(l->clusters.size(), std::size_t{2});
    for (const auto& c : l->clusters) {
        QCOMPARE(c.label, std::string(c.index == 0 ? "split #0" : "split #1"));
        // Every member lies inside its cluster box.
        for (const auto& n : l->nodes) {
            if (style.cluster_of(n.id) != c.index) continue;
            QVERIFY(n.center.x > c.top_left.x && n.center.x < c.top_left.x + c.width);
            QVERIFY(n.center.y > c.top_left.y && n.center.y < c.top_left.y + c.height);
        }
    }
}

void TestLayout::leafsOmitted() {
    const auto doc = diamond();
    dot_style style;
    style.include_leafs = false;
    auto l = layout_graph(doc, style);
    QVERIFY(l.ok());
    QCOMPARE(l->nodes.size(), std::size_t{3});
    QCOMPARE(l->edges.size(), std::size_t{2});
}

void TestLayout::badDot() {
    auto l = layout_dot("digraph { a -> ");
    QVERIFY(!l.ok());
    QCOMPARE(QString::fromStdString(l.err().message),
             QStringLiteral("Graphviz: cannot parse the graph text (syntax error in line 2)"));
}

void TestLayout::cancelled() {
    std::atomic<bool> cancel{true};
    auto l = layout_graph(diamond(), {}, &cancel);
    QVERIFY(!l.ok());
    QCOMPARE(QString::fromStdString(l.err().message), QStringLiteral("layout cancelled"));
}

QTEST_APPLESS_MAIN(TestLayout)
#include "test_layout.moc"
