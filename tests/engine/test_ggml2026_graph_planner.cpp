// ggml 2026's graph planner (alloc/ggml2026/graph_planner.h, ggml_gallocr_reserve_n of d99724f2)
// on small graphs whose every address was worked out by hand from ggml_gallocr_alloc_graph_impl:
// leafs first, inputs before the nodes, outputs never freed nor taken over, in-place chains, views,
// tensors placed already, several buffer types (their own or one shared), chunks of a maximum size.
// f32 tensors of 16 values (64 bytes) unless said; alignment 32.
#include "alloc/ggml2026/graph_planner.h"
#include "core/builder.h"

#include <QtTest>

#include <functional>

using namespace planscope;
using namespace planscope::ggml2026;

namespace {

struct scenario {
    context ctx;
    graph g;
    std::vector<buffer_type_info> types{buffer_type_info{}};
    std::vector<int> node_ids, leaf_ids;
};

// x, w leafs; a = x + w; b = a * w; c = sqr(b); out = c + x. `output_a` flags a as an output.
void chain(scenario& s, bool output_a) {
    builder b(s.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const tensor_id w = b.set_name(b.new_tensor_1d(dtype::f32, 16), "w");
    const tensor_id a = b.set_name(b.add(x, w), "a");
    if (output_a) b.set_flags(a, tensor_flag::output);
    const tensor_id bb = b.set_name(b.mul(a, w), "b");
    const tensor_id c = b.set_name(b.sqr(bb), "c");
    const tensor_id out = b.set_flags(b.set_name(b.add(c, x), "out"), tensor_flag::output);
    QVERIFY(build_forward_expand(s.ctx, s.g, out).ok());
}

// x leaf; t1 = sqr(x); t2 = sqr(t1); inp = sqr(t2), flagged INPUT when `flag`.
void input_last(scenario& s, bool flag) {
    builder b(s.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const tensor_id t1 = b.set_name(b.sqr(x), "t1");
    const tensor_id t2 = b.set_name(b.sqr(t1), "t2");
    const tensor_id inp = b.set_name(b.sqr(t2), "inp");
    if (flag) b.set_flags(inp, tensor_flag::input);
    QVERIFY(build_forward_expand(s.ctx, s.g, inp).ok());
}

// x leaf; v = the first 8 values of x (32 bytes); y = sqr(v).
void view_of_leaf(scenario& s) {
    builder b(s.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const tensor_id v = b.set_name(b.view_1d(x, 8, 0), "v");
    const tensor_id y = b.set_name(b.sqr(v), "y");
    QVERIFY(build_forward_expand(s.ctx, s.g, y).ok());
}

// x leaf; a = sqr(x), an output when `output_a`; b = cont(a); c = cont(b).
void copies(scenario& s, bool output_a = false) {
    builder b(s.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const tensor_id a = b.set_name(b.sqr(x), "a");
    if (output_a) b.set_flags(a, tensor_flag::output);
    const tensor_id bb = b.set_name(b.cont(a), "b");
    const tensor_id c = b.set_name(b.cont(bb), "c");
    QVERIFY(build_forward_expand(s.ctx, s.g, c).ok());
}

// x leaf; v = a view of all of x; y = sqr(x); out = v + y.
void viewed_parent(scenario& s) {
    builder b(s.ctx);
    const tensor_id x = b.set_name(b.new_tensor_1d(dtype::f32, 16), "x");
    const tensor_id v = b.set_name(b.view_1d(x, 16, 0), "v");
    const tensor_id y = b.set_name(b.sqr(x), "y");
    const tensor_id out = b.set_name(b.add(v, y), "out");
    QVERIFY(build_forward_expand(s.ctx, s.g, out).ok());
}

// "x=0/0:0 v=- ...": buffer/chunk:offset of every tensor by name, "-" where the plan places none.
QString addresses(const scenario& s, const graph_plan_2026& plan) {
    QStringList parts;
    for (std::size_t i = 0; i < s.ctx.size(); ++i) {
        const auto& w = plan.where[i];
        parts << QStringLiteral("%1=%2").arg(QString::fromStdString(s.ctx[tensor_id{i}].name),
                                             w ? QStringLiteral("%1/%2:%3").arg(w->buffer).arg(w->addr.chunk).arg(w->addr.offset)
                                               : QStringLiteral("-"));
    }
    return parts.join(' ');
}

QString chunk_sizes(const graph_plan_2026& plan) {
    QStringList buffers;
    for (const auto& sizes : plan.chunk_sizes) {
        QStringList parts;
        for (const std::size_t n : sizes) parts << QString::number(n);
        buffers << QStringLiteral("[%1]").arg(parts.join(','));
    }
    return buffers.join(' ');
}

QString inplace(const scenario& s, const graph_plan_2026& plan) {
    QStringList parts;
    for (const auto& [node, parent] : plan.inplace)
        parts << QString::fromStdString(s.ctx[node].name + "<" + s.ctx[parent].name);
    return parts.join(' ');
}

using setup = std::function<void(scenario&)>;

} // namespace

Q_DECLARE_METATYPE(setup)

class TestGgml2026GraphPlanner : public QObject {
    Q_OBJECT
private slots:
    void plans_data();
    void plans();
    void errors();
};

void TestGgml2026GraphPlanner::plans_data() {
    QTest::addColumn<setup>("make");
    QTest::addColumn<QString>("where");
    QTest::addColumn<QString>("sizes");
    QTest::addColumn<QString>("taken");
    QTest::newRow("leafs first, then an in-place chain; x freed after out")
        << setup([](scenario& s) { chain(s, false); }) << "x=0/0:0 w=0/0:64 a=0/0:128 b=0/0:128 c=0/0:128 out=0/0:128"
        << "[192]" << "b<a c<b out<c";
    QTest::newRow("an output is neither taken over nor freed: b takes w's memory instead")
        << setup([](scenario& s) { chain(s, true); }) << "x=0/0:0 w=0/0:64 a=0/0:128 b=0/0:64 c=0/0:64 out=0/0:64"
        << "[192]" << "b<w c<b out<c";
    QTest::newRow("without INPUT, the chain runs in x's memory")
        << setup([](scenario& s) { input_last(s, false); }) << "x=0/0:0 t1=0/0:0 t2=0/0:0 inp=0/0:0" << "[64]"
        << "t1<x t2<t1 inp<t2";
    QTest::newRow("an INPUT node is placed before every other node")
        << setup([](scenario& s) { input_last(s, true); }) << "x=0/0:0 t1=0/0:0 t2=0/0:0 inp=0/0:64" << "[128]"
        << "t1<x t2<t1";
    QTest::newRow("a view takes no memory and is never taken over; its root lives until its consumer ran")
        << setup(view_of_leaf) << "x=0/0:0 v=- y=0/0:64" << "[96]" << "";
    QTest::newRow("an output's memory is not freed for later tensors")
        << setup([](scenario& s) { copies(s, true); }) << "x=0/0:0 a=0/0:0 b=0/0:64 c=0/0:128" << "[192]" << "a<x";
    QTest::newRow("a tensor with a live view is not taken over")
        << setup(viewed_parent) << "x=0/0:0 v=- y=0/0:64 out=0/0:64" << "[128]" << "out<y";
    QTest::newRow("tensors placed already take no memory")
        << setup([](scenario& s) {
               chain(s, false);
               s.ctx[tensor_id{1}].where = placement{buffer_id{9}, 0}; // w: a weight
           })
        << "x=0/0:0 w=- a=0/0:64 b=0/0:64 c=0/0:64 out=0/0:64" << "[128]" << "b<a c<b out<c";
    QTest::newRow("two buffer types")
        << setup([](scenario& s) {
               copies(s);
               s.types.push_back(buffer_type_info{});
               s.node_ids = {0, 1, 1};
               s.leaf_ids = {0};
           })
        << "x=0/0:0 a=0/0:0 b=1/0:0 c=1/0:64" << "[64] [128]" << "a<x";
    QTest::newRow("two buffer ids of one buffer type share its allocator")
        << setup([](scenario& s) {
               copies(s);
               s.types = {buffer_type_info{32, SIZE_MAX, 7, {}}, buffer_type_info{32, SIZE_MAX, 7, {}}};
               s.node_ids = {0, 1, 1};
               s.leaf_ids = {0};
           })
        << "x=0/0:0 a=0/0:0 b=1/0:64 c=1/0:0" << "[128] []" << "a<x";
    QTest::newRow("chunks of 100 bytes: one per 64-byte tensor, the freed one reused")
        << setup([](scenario& s) {
               copies(s);
               s.types = {buffer_type_info{32, 100, -1, {}}};
           })
        << "x=0/0:0 a=0/0:0 b=0/1:0 c=0/0:0" << "[64,64]" << "a<x";
}

void TestGgml2026GraphPlanner::plans() {
    QFETCH(setup, make);
    QFETCH(QString, where);
    QFETCH(QString, sizes);
    QFETCH(QString, taken);
    scenario s;
    make(s);
    auto plan = reserve(s.ctx, s.g, s.types, s.node_ids, s.leaf_ids);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QCOMPARE(addresses(s, *plan), where);
    QCOMPARE(chunk_sizes(*plan), sizes);
    QCOMPARE(inplace(s, *plan), taken);
}

void TestGgml2026GraphPlanner::errors() {
    scenario s;
    copies(s);
    const std::vector<int> bad{0, 5, 0};
    auto r = reserve(s.ctx, s.g, s.types, bad, {});
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), QStringLiteral("tensor 'b': buffer id 5 is not one of the 1 buffer types"));
    const std::vector<int> short_ids{0};
    r = reserve(s.ctx, s.g, s.types, short_ids, {});
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.err().message), QStringLiteral("node buffer ids: 1 for 3 nodes"));
    QVERIFY(!reserve(s.ctx, s.g, {}, {}, {}).ok());
}

QTEST_APPLESS_MAIN(TestGgml2026GraphPlanner)
#include "test_ggml2026_graph_planner.moc"
