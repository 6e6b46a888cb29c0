// Node and leaf order of ggml_build_forward_expand, written out by hand.
#include "core/builder.h"
#include "core/graph.h"

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

QTEST_APPLESS_MAIN(TestGraph)
#include "test_graph.moc"
