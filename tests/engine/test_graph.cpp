// Node and leaf order of ggml_build_forward_expand, written out by hand.
#include "core/builder.h"
#include "core/graph.h"

#include "common/time_budget.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace planscope;

namespace {

QStringList names(const context& ctx, const std::vector<tensor_id>& ids) {
    QStringList out;
    for (tensor_id id : ids) out << QString::fromStdString(ctx[id].name);
    return out;
}

} // namespace

class TestGraph : public QObject {
    Q_OBJECT
private slots:
    void diamond();
    void sharedLeafDiamond();
    void twoLayerAttention();
    void unnamedGetGgmlNames();
    void expandTwice();
    void cycleRejected();
    void deepChain();
    void manyExpandsLinear();
    void listsEditedBetweenExpands();
    void indexAfterCycle();
    void cycleNamesPrintable();
};

void TestGraph::diamond() {
    context ctx;
    builder b(ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 8), "x");
    const auto a = b.set_name(b.sqr(x), "a");
    const auto c = b.set_name(b.sqrt(x), "c");
    const auto d = b.set_name(b.add(a, c), "d");
    graph g;
    QVERIFY(build_forward_expand(ctx, g, d).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"a", "c", "d"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"x"}));
}

void TestGraph::sharedLeafDiamond() {
    context ctx;
    builder b(ctx);
    const auto x = b.set_name(b.new_tensor_2d(dtype::f32, 8, 2), "x");
    const auto w1 = b.set_name(b.new_tensor_2d(dtype::f32, 8, 8), "w1");
    const auto w2 = b.set_name(b.new_tensor_2d(dtype::f32, 8, 8), "w2");
    const auto a = b.set_name(b.mul_mat(w1, x), "a");
    const auto c = b.set_name(b.mul_mat(w2, x), "c");
    const auto d = b.set_name(b.add(a, c), "d");
    graph g;
    QVERIFY(build_forward_expand(ctx, g, d).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"a", "c", "d"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"w1", "x", "w2"}));
}

// Two attention layers (norm, Q/K/V, KQ, soft max, KQV with a transposed V, residual).
void TestGraph::twoLayerAttention() {
    context ctx;
    builder b(ctx);
    auto leaf = [&](const char* n, std::int64_t ne0, std::int64_t ne1) {
        return b.set_name(b.new_tensor_2d(dtype::f32, ne0, ne1), n);
    };
    auto layer = [&](int l, tensor_id inp) {
        const auto s = [l](const char* n) { return std::string(n) + std::to_string(l); };
        const auto wq = leaf(s("wq").c_str(), 8, 8), wk = leaf(s("wk").c_str(), 8, 8);
        const auto wv = leaf(s("wv").c_str(), 8, 8), an = leaf(s("attn_norm").c_str(), 8, 1);
        const auto n = b.set_name(b.rms_norm(inp, 1e-5f), s("n"));
        const auto nw = b.set_name(b.mul(n, an), s("nw"));
        const auto q = b.set_name(b.mul_mat(wq, nw), s("q"));
        const auto k = b.set_name(b.mul_mat(wk, nw), s("k"));
        const auto kq = b.set_name(b.mul_mat(k, q), s("kq"));
        const auto sm = b.set_name(b.soft_max(kq), s("sm"));
        const auto v = b.set_name(b.mul_mat(wv, nw), s("v"));
        const auto tr = b.set_name(b.transpose(v), s("tr"));
        const auto vt = b.set_name(b.cont(tr), s("vt"));
        const auto kqv = b.set_name(b.mul_mat(vt, sm), s("kqv"));
        return b.set_name(b.add(kqv, inp), s("out"));
    };
    const auto inp = leaf("inp0", 8, 4);
    const auto out = layer(1, layer(0, inp));
    QVERIFY(b.ok());
    graph g;
    QVERIFY(build_forward_expand(ctx, g, out).ok());
    QCOMPARE(names(ctx, g.nodes),
             (QStringList{"n0", "nw0", "v0", "tr0", "vt0", "k0", "q0", "kq0", "sm0", "kqv0", "out0",
                          "n1", "nw1", "v1", "tr1", "vt1", "k1", "q1", "kq1", "sm1", "kqv1", "out1"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"wv1", "wv0", "inp0", "attn_norm0", "wk0", "wq0", "attn_norm1",
                                               "wk1", "wq1"}));
}

void TestGraph::unnamedGetGgmlNames() {
    context ctx;
    builder b(ctx);
    const auto x = b.new_tensor_1d(dtype::f32, 4);
    const auto y = b.new_tensor_1d(dtype::f32, 4);
    const auto s = b.add(b.sqr(x), y);
    graph g;
    QVERIFY(build_forward_expand(ctx, g, s).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"node_0", "node_1"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"leaf_0", "leaf_1"}));
}

void TestGraph::expandTwice() {
    context ctx;
    builder b(ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 4), "x");
    const auto a = b.set_name(b.sqr(x), "a");
    const auto c = b.set_name(b.sqrt(a), "c");
    const auto d = b.set_name(b.log(a), "d");
    graph g;
    QVERIFY(build_forward_expand(ctx, g, c).ok());
    QVERIFY(build_forward_expand(ctx, g, d).ok());
    QVERIFY(build_forward_expand(ctx, g, c).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"a", "c", "d"}));
}

void TestGraph::cycleRejected() {
    context ctx;
    const auto i0 = ctx.add(tensor{});
    const auto i1 = ctx.add(tensor{});
    ctx[i0].name = "t0";
    ctx[i1].name = "t1";
    ctx[i0].op = ctx[i1].op = op_kind::sqr;
    ctx[i0].src[0] = i1;
    ctx[i1].src[0] = i0;
    graph g;
    const auto r = build_forward_expand(ctx, g, i0);
    QVERIFY(!r.ok());
    QVERIFY(QString::fromStdString(r.err().message).startsWith(QStringLiteral("cycle: tensor 't1' depends on 't0'")));
}

void TestGraph::deepChain() {
    context ctx;
    builder b(ctx);
    auto t = b.new_tensor_1d(dtype::f32, 4);
    for (int i = 0; i < 100000; ++i) t = b.sqr(t);
    graph g;
    QVERIFY(build_forward_expand(ctx, g, t).ok());
    QCOMPARE(g.nodes.size(), std::size_t{100000});
    QCOMPARE(g.leafs.size(), std::size_t{1});
}

// Issue 17: every expand re-indexed the whole graph, so a 4,000-layer llama took minutes. 40,000
// expands of a growing graph took ~25 s that way; kept with the graph, the index makes it ~20 ms.
void TestGraph::manyExpandsLinear() {
    context ctx;
    builder b(ctx);
    auto t = b.new_tensor_1d(dtype::f32, 4);
    graph g;
    QElapsedTimer timer;
    timer.start();
    for (int i = 0; i < 40000; ++i) {
        t = b.sqr(t);
        QVERIFY(build_forward_expand(ctx, g, t).ok());
    }
    QCOMPARE(g.nodes.size(), std::size_t{40000});
    QCOMPARE(g.leafs.size(), std::size_t{1});
    QVERIFY2(timer.elapsed() < test::budget_ms(3000), qPrintable(QString::number(timer.elapsed()) + " ms"));
}

// Code that edits the lists itself (the scheduler's copies, the DOT importer) must not leave the
// index stale: a cleared or replaced list is re-indexed on the next expand.
void TestGraph::listsEditedBetweenExpands() {
    context ctx;
    builder b(ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 4), "x");
    const auto a = b.set_name(b.sqr(x), "a");
    const auto c = b.set_name(b.sqrt(a), "c");
    const auto d = b.set_name(b.log(c), "d");
    graph g;
    QVERIFY(build_forward_expand(ctx, g, c).ok());
    g.nodes.clear();
    g.leafs.clear();
    QVERIFY(build_forward_expand(ctx, g, d).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"a", "c", "d"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"x"}));

    // Same lengths, other contents: a is gone, so expanding c adds it back before c.
    graph h;
    QVERIFY(build_forward_expand(ctx, h, a).ok());
    h.nodes = {d};
    QVERIFY(build_forward_expand(ctx, h, c).ok());
    QCOMPARE(names(ctx, h.nodes), (QStringList{"d", "a", "c"}));

    // A copy carries its index along.
    graph copy = g;
    QVERIFY(build_forward_expand(ctx, copy, d).ok());
    QCOMPARE(copy.nodes.size(), std::size_t{3});
}

// A failed expand leaves the graph usable: what it added stays, the rest can still be added.
void TestGraph::indexAfterCycle() {
    context ctx;
    builder b(ctx);
    const auto x = b.set_name(b.new_tensor_1d(dtype::f32, 4), "x");
    const auto i0 = ctx.add(tensor{});
    const auto i1 = ctx.add(tensor{});
    ctx[i0].name = "t0";
    ctx[i1].name = "t1";
    ctx[i0].op = ctx[i1].op = op_kind::add;
    ctx[i0].src[0] = x;
    ctx[i0].src[1] = i1;
    ctx[i1].src[0] = i0;
    graph g;
    QVERIFY(!build_forward_expand(ctx, g, i0).ok());
    QCOMPARE(names(ctx, g.leafs), (QStringList{"x"}));
    QVERIFY(g.nodes.empty());
    const auto y = b.set_name(b.sqr(x), "y");
    QVERIFY(build_forward_expand(ctx, g, y).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"y"}));
    QCOMPARE(names(ctx, g.leafs), (QStringList{"x"}));
    ctx[i1].src[0] = tensor_id{};
    QVERIFY(build_forward_expand(ctx, g, i0).ok());
    QCOMPARE(names(ctx, g.nodes), (QStringList{"y", "t1", "t0"}));
}

// Names from a graph file reach the error through printable(): one line, no escape sequences.
void TestGraph::cycleNamesPrintable() {
    context ctx;
    const auto i0 = ctx.add(tensor{});
    const auto i1 = ctx.add(tensor{});
    ctx[i0].name = "t0\n\x1b[2J";
    ctx[i1].name = "t1";
    ctx[i0].op = ctx[i1].op = op_kind::sqr;
    ctx[i0].src[0] = i1;
    ctx[i1].src[0] = i0;
    graph g;
    const auto r = build_forward_expand(ctx, g, i1);
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message),
             QStringLiteral("cycle: tensor 't0\\n\\x1b[2J' depends on 't1', which depends on it"));
}

QTEST_APPLESS_MAIN(TestGraph)
#include "test_graph.moc"
