// DOT text and Graphviz layout read back: geometry a canvas can draw.
#include "core/builder.h"
#include "layout/graph_layout.h"
#include "layout/layout_codec.h"

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
    void codecRoundTrip();
    void codecRejectsGarbage_data();
    void codecRejectsGarbage();
    void framing_data();
    void framing();
    void framingRejects_data();
    void framingRejects();
};

void TestLayout::dotText() {
    const auto doc = diamond();
    const std::string dot = to_dot(doc);
    QVERIFY(dot.starts_with("digraph \"diamond\" {\n  rankdir=TB;\n  " + std::string(dot_fast_tuning) + "\n"));
    QVERIFY(dot.find("  t0 [label=\"x\\nNONE · f32 [8, 1, 1, 1]\\n32 B\", shape=box, style=\"rounded,filled\"") !=
            std::string::npos);
    // Source slots ride as an attribute: edge labels would make `dot` several times slower.
    QVERIFY(dot.find("  t0 -> t1 [slot=0];\n") != std::string::npos);
    QVERIFY(dot.find("  t1 -> t3 [slot=0];\n  t2 -> t3 [slot=1];\n") != std::string::npos);
    dot_style labelled;
    labelled.edge_labels = true;
    labelled.tuning.clear();
    const std::string with_labels = to_dot(doc, labelled);
    QVERIFY(with_labels.starts_with("digraph \"diamond\" {\n  rankdir=TB;\n  node ["));
    QVERIFY(with_labels.find("  t2 -> t3 [slot=1, label=\"src1\"];\n") != std::string::npos);
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
        QVERIFY(!e.label_pos.has_value()); // no edge labels
        QCOMPARE(e.tail, "t" + std::to_string(e.from.value));
        QCOMPARE(e.head, "t" + std::to_string(e.to.value));
        // Edges run downwards, from the tail's bottom towards the head's top.
        const auto& head = node(*l, e.to.value);
        QVERIFY(std::abs(e.arrow_tip->y - (head.center.y - head.height / 2)) < 2.0);
    }
    const auto into_d = std::count_if(l->edges.begin(), l->edges.end(), [](const layout_edge& e) { return e.to.value == 3; });
    QCOMPARE(into_d, 2);
    const auto c_edge = std::find_if(l->edges.begin(), l->edges.end(),
                                     [](const layout_edge& e) { return e.from.value == 2 && e.to.value == 3; });
    QCOMPARE(c_edge->src_slot, 1);
    for (const auto& n : l->nodes) QCOMPARE(n.name, "t" + std::to_string(n.id.value));

    // With labels, Graphviz places them and the slot still comes from the attribute.
    dot_style labelled;
    labelled.edge_labels = true;
    auto ll = layout_graph(doc, labelled);
    QVERIFY(ll.ok());
    for (const auto& e : ll->edges) QVERIFY(e.label_pos.has_value());
}

void TestLayout::codecRoundTrip() {
    auto l = layout_graph(diamond(), [] {
        dot_style s;
        s.cluster_of = [](tensor_id id) { return id.value == 3 ? 0 : -1; };
        s.cluster_labels = {"split #0 (a \"label\")"};
        s.edge_labels = true;
        return s;
    }());
    QVERIFY(l.ok());
    l->nodes.push_back({"stub with spaces", tensor_id{}, {1.25, -3.5}, 1e-3, 12345.678});
    const std::string text = encode_layout(*l);
    auto back = decode_layout(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.err().message.c_str());
    QCOMPARE(encode_layout(*back), text);
    QCOMPARE(back->nodes.size(), l->nodes.size());
    QCOMPARE(back->nodes.back().name, std::string("stub with spaces"));
    QVERIFY(!back->nodes.back().id.valid());
    QCOMPARE(back->nodes.back().center.y, -3.5);
    QCOMPARE(back->edges.size(), l->edges.size());
    for (std::size_t i = 0; i < l->edges.size(); ++i) {
        QCOMPARE(back->edges[i].bezier.size(), l->edges[i].bezier.size());
        QCOMPARE(back->edges[i].bezier.front().x, l->edges[i].bezier.front().x); // exact: shortest round trip
        QCOMPARE(back->edges[i].src_slot, l->edges[i].src_slot);
        QCOMPARE(back->edges[i].from, l->edges[i].from);
        QCOMPARE(back->edges[i].label_pos.has_value(), l->edges[i].label_pos.has_value());
    }
    QCOMPARE(back->clusters.front().label, l->clusters.front().label);
}

void TestLayout::codecRejectsGarbage_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::newRow("empty") << QByteArray() << "layout: no header";
    QTest::newRow("no header") << QByteArray("N 1 a 0 1 2 3 4") << "layout: no header";
    QTest::newRow("unknown record") << QByteArray("L 1 2\nQ 1") << "layout: unknown record";
    QTest::newRow("short name") << QByteArray("L 1 2\nN 99 abc") << "layout: malformed record";
    QTest::newRow("bad number") << QByteArray("L 1 2\nN 1 a x 1 2 3 4") << "layout: malformed record";
    QTest::newRow("huge point count") << QByteArray("L 1 2\nE 1 a 1 b 0 0 0 99999999") << "layout: bad edge";
}

void TestLayout::codecRejectsGarbage() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    auto l = decode_layout(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    QVERIFY(!l.ok());
    QCOMPARE(QString::fromStdString(l.err().message), message);
}

void TestLayout::framing_data() {
    QTest::addColumn<QByteArray>("buffer");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<QString>("tag");
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<int>("consumed");
    QTest::newRow("request") << QByteArray("3\nabcXY") << true << "" << QByteArray("abc") << 5;
    QTest::newRow("ok reply") << QByteArray("ok 2\nhi") << true << "ok" << QByteArray("hi") << 7;
    QTest::newRow("error reply") << QByteArray("error 4\nbad!") << true << "error" << QByteArray("bad!") << 12;
    QTest::newRow("body incomplete") << QByteArray("ok 5\nhi") << false << "" << QByteArray() << 0;
    QTest::newRow("line incomplete") << QByteArray("ok 5") << false << "" << QByteArray() << 0;
    QTest::newRow("empty body") << QByteArray("0\n") << true << "" << QByteArray() << 2;
}

void TestLayout::framing() {
    QFETCH(QByteArray, buffer);
    QFETCH(bool, complete);
    QFETCH(QString, tag);
    QFETCH(QByteArray, body);
    QFETCH(int, consumed);
    auto f = read_frame(std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size())), 1 << 20);
    QVERIFY(f.ok());
    QCOMPARE(f->has_value(), complete);
    if (!complete) return;
    QCOMPARE(QString::fromStdString((*f)->tag), tag);
    QCOMPARE(QByteArray::fromStdString((*f)->body), body);
    QCOMPARE(static_cast<int>((*f)->consumed), consumed);
    QCOMPARE(frame_message((*f)->tag, (*f)->body), std::string(buffer.constData(), static_cast<std::size_t>(consumed)));
}

void TestLayout::framingRejects_data() {
    QTest::addColumn<QByteArray>("buffer");
    QTest::newRow("not a number") << QByteArray("ok x\n");
    QTest::newRow("over the limit") << QByteArray("ok 2000000\n");
    QTest::newRow("line without end") << QByteArray(100, 'a');
}

void TestLayout::framingRejects() {
    QFETCH(QByteArray, buffer);
    QVERIFY(!read_frame(std::string_view(buffer.constData(), static_cast<std::size_t>(buffer.size())), 1 << 20).ok());
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
