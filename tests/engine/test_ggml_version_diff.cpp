// The version diff (alloc/ggml_version_diff.h): small graphs planned by ggml 2023 and 2026, each
// address worked out by hand from both allocators (docs/ggml-versions.md has the rules). f32
// tensors of 16 values (64 bytes), alignment 32; X is an INPUT leaf that 2023 places before the
// graph, as llama.cpp's inputs were.
#include "alloc/ggml2026/plan_2026.h"
#include "alloc/ggml_version_diff.h"
#include "core/builder.h"

#include <QtTest>

using namespace planscope;

namespace {

struct fixture {
    graph_document doc;
    tensor_id x;
};

using shape = void (*)(builder&, fixture&);

fixture make(shape build) {
    fixture f;
    builder b(f.doc.ctx);
    f.x = b.set_flags(b.set_name(b.new_tensor_1d(dtype::f32, 16), "X"), tensor_flag::input);
    build(b, f);
    return f;
}

void expand(fixture& f, tensor_id out) { QVERIFY(build_forward_expand(f.doc.ctx, f.doc.g, out).ok()); }

// "NAME:RULE" or "NAME:moved:BECAUSE", in the diff's order.
QStringList rows(const context& ctx, const ggml_version_diff& d) {
    QStringList out;
    for (const tensor_version_diff& t : d.differences) {
        QString row = QString::fromStdString(ctx[t.tensor].name + ":" + std::string(rule_name(t.rule)));
        if (t.because.valid()) row += QString::fromStdString(":" + ctx[t.because].name);
        out << row;
    }
    return out;
}

} // namespace

Q_DECLARE_METATYPE(shape)

class TestGgmlVersionDiff : public QObject {
    Q_OBJECT
private slots:
    void rules_data();
    void rules();
    void placementsOfOneDifference();
    void parseSeqIsNoted();
    void preallocatedNodeAsPlan2026();
};

void TestGgmlVersionDiff::rules_data() {
    QTest::addColumn<shape>("build");
    QTest::addColumn<qulonglong>("size2023");
    QTest::addColumn<qulonglong>("size2026");
    QTest::addColumn<QStringList>("differences");

    // a = cont(X); b = cont(a). Both: X 0, a 64, X freed, b 0.
    QTest::newRow("no difference") << shape([](builder& b, fixture& f) {
        expand(f, b.set_name(b.cont(b.set_name(b.cont(f.x), "a")), "b"));
    }) << 128ull << 128ull << QStringList{};
    // n1 = cont(X); n2 = n1 + L, L a leaf. 2026: leafs first, X 0, L 64; n1 128; n2 over n1.
    // 2023: X 0; n1 64; X freed; L at its consumer's turn, in X's hole: 0; n2 over n1.
    QTest::newRow("leaf allocated") << shape([](builder& b, fixture& f) {
        const tensor_id l = b.set_name(b.new_tensor_1d(dtype::f32, 16), "L");
        expand(f, b.set_name(b.add(b.set_name(b.cont(f.x), "n1"), l), "n2"));
    }) << 128ull << 192ull << QStringList{"L:leaf-allocated", "n1:moved:L", "n2:moved:L"};
    // a = cont(X); U, a leaf nothing reads. 2026: X 0, U 64 to the end, a 128. 2023: a 64.
    QTest::newRow("unused leaf") << shape([](builder& b, fixture& f) {
        const tensor_id u = b.set_name(b.new_tensor_1d(dtype::f32, 16), "U");
        expand(f, b.set_name(b.cont(f.x), "a"));
        f.doc.g.leafs.push_back(u);
    }) << 128ull << 192ull << QStringList{"U:leaf-unused-kept", "a:moved:U"};
    // a = cont(X), an OUTPUT; b = cont(a); c = cont(b). Both: X 0, a 64, X freed, b 0. 2023 frees
    // a and puts c at 64; 2026 keeps a and puts c at 128.
    QTest::newRow("output kept") << shape([](builder& b, fixture& f) {
        const tensor_id a = b.set_flags(b.set_name(b.cont(f.x), "a"), tensor_flag::output);
        expand(f, b.set_name(b.cont(b.set_name(b.cont(a), "b")), "c"));
    }) << 128ull << 192ull << QStringList{"a:output-kept", "c:moved:a"};
    // a = cont(X), an OUTPUT; b = sqr(a). 2023 runs b in place over a (64); 2026 refuses an
    // output and puts b in X's hole (0).
    QTest::newRow("in place over an output") << shape([](builder& b, fixture& f) {
        const tensor_id a = b.set_flags(b.set_name(b.cont(f.x), "a"), tensor_flag::output);
        expand(f, b.set_name(b.sqr(a), "b"));
    }) << 128ull << 128ull << QStringList{"b:inplace-refused-output"};
    // m = cont(X); v = reshape(m); r = sqr(v). 2023 runs r in place over the view v, so over m
    // (64); in 2026 a view is never the allocator's own: r goes to X's hole (0).
    QTest::newRow("in place over a view") << shape([](builder& b, fixture& f) {
        const tensor_id m = b.set_name(b.cont(f.x), "m");
        expand(f, b.set_name(b.sqr(b.set_name(b.reshape_2d(m, 4, 4), "v")), "r"));
    }) << 128ull << 128ull << QStringList{"r:inplace-view-parent-refused"};
}

void TestGgmlVersionDiff::rules() {
    QFETCH(shape, build);
    QFETCH(qulonglong, size2023);
    QFETCH(qulonglong, size2026);
    QFETCH(QStringList, differences);
    const fixture f = make(build);
    const std::vector<tensor_id> preallocate{f.x};
    const auto d = diff_ggml_versions(f.doc, preallocate, 32);
    QVERIFY2(d.ok(), d.ok() ? "" : d.err().message.c_str());
    QCOMPARE(d->size_2023, std::size_t(size2023));
    QCOMPARE(d->size_2026(), std::size_t(size2026));
    QCOMPARE(rows(f.doc.ctx, *d), differences);
    QVERIFY(!d->parse_seq_ignored);
    // The document itself is not planned.
    for (std::size_t i = 0; i < f.doc.ctx.size(); ++i) QVERIFY(!f.doc.ctx[tensor_id{i}].where);
}

// The leaf row in full: offsets, in-place parents and frees of both versions.
void TestGgmlVersionDiff::placementsOfOneDifference() {
    const fixture f = make([](builder& b, fixture& f) {
        const tensor_id l = b.set_name(b.new_tensor_1d(dtype::f32, 16), "L");
        expand(f, b.set_name(b.add(b.set_name(b.cont(f.x), "n1"), l), "n2"));
    });
    const std::vector<tensor_id> preallocate{f.x};
    const auto d = diff_ggml_versions(f.doc, preallocate, 32);
    QVERIFY(d.ok());
    QCOMPARE(d->placed_2023, std::size_t{4});
    QCOMPARE(d->placed_2026, std::size_t{4});
    QCOMPARE(d->chunks_2026, std::vector<std::size_t>{192});
    QCOMPARE(d->count(version_rule::moved), std::size_t{2});
    const tensor_version_diff& l = d->differences.at(0);
    QCOMPARE(l.size, std::size_t{64});
    QCOMPARE(l.v2023.offset, std::optional<std::uint64_t>{0});
    QCOMPARE(l.v2026.offset, std::optional<std::uint64_t>{64});
    QVERIFY(l.v2023.freed && l.v2026.freed);
    const tensor_version_diff& n2 = d->differences.at(2);
    QCOMPARE(n2.v2023.offset, std::optional<std::uint64_t>{64});
    QCOMPARE(n2.v2026.offset, std::optional<std::uint64_t>{128});
    QCOMPARE(f.doc.ctx[*n2.v2023.inplace_of].name, std::string("n1"));
    QCOMPARE(f.doc.ctx[*n2.v2026.inplace_of].name, std::string("n1"));
}

// 2023 follows a parse_seq; 2026 has none. a = cont(X); b = cont(a); c = cont(b), with one
// barrier at the end: 2023 frees X and a only then, b 128, c 192; 2026 frees as it goes, b 0,
// c 64.
void TestGgmlVersionDiff::parseSeqIsNoted() {
    fixture f = make([](builder& b, fixture& f) {
        expand(f, b.set_name(b.cont(b.set_name(b.cont(b.set_name(b.cont(f.x), "a")), "b")), "c"));
    });
    f.doc.parse_seq = {0, 1, 2, -1};
    const auto d = diff_ggml_versions(f.doc, std::vector<tensor_id>{f.x}, 32);
    QVERIFY(d.ok());
    QVERIFY(d->parse_seq_ignored);
    QCOMPARE(d->size_2023, std::size_t{256});
    QCOMPARE(d->size_2026(), std::size_t{128});
    QCOMPARE(rows(f.doc.ctx, *d), (QStringList{"b:parse-seq-removed", "c:moved:b"}));
}

// A node among the preallocated tensors (the 2023 llama graph's inp_embd, a GET_ROWS) is not
// flagged INPUT by 2026, which flags only leafs (flag_inputs): the diff's 2026 side places every
// tensor where `plan --ggml 2026` does. It once flagged the node and placed it first.
void TestGgmlVersionDiff::preallocatedNodeAsPlan2026() {
    tensor_id e;
    fixture f;
    {
        builder b(f.doc.ctx);
        f.x = b.set_flags(b.set_name(b.new_tensor_1d(dtype::f32, 16), "X"), tensor_flag::input);
        const tensor_id l = b.set_name(b.new_tensor_1d(dtype::f32, 16), "L");
        const tensor_id a = b.set_name(b.add(b.set_name(b.cont(l), "a"), l), "b");
        e = b.set_name(b.cont(f.x), "E");
        expand(f, b.set_name(b.add(a, e), "c"));
    }
    const std::vector<tensor_id> preallocate{f.x, e};
    const auto d = diff_ggml_versions(f.doc, preallocate, 32);
    QVERIFY2(d.ok(), d.ok() ? "" : d.err().message.c_str());

    graph_document planned = copy_document(f.doc);
    plan_options options;
    options.version = ggml_version::v2026;
    options.preallocate = preallocate;
    const auto plan = ggml2026::plan_graph(planned, options);
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QVERIFY(!has_flag(planned.ctx[e].flags, tensor_flag::input));
    QCOMPARE(d->size_2026(), plan->max_size);
    for (const tensor_version_diff& t : d->differences) {
        QVERIFY(t.rule != version_rule::input_first || t.tensor != e);
        const auto& where = planned.ctx[t.tensor].where;
        QCOMPARE(t.v2026.offset.has_value(), where.has_value());
        if (where) QCOMPARE(*t.v2026.offset, std::uint64_t{where->offset});
    }
}

QTEST_APPLESS_MAIN(TestGgmlVersionDiff)
#include "test_ggml_version_diff.moc"
