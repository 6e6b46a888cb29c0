// Split boundaries and copies grouped by cause (engine/sched/split_causes.h): a four-layer llama
// with two layers on a second CPU backend splits 20 times, in nine kinds of boundary that repeat
// per offloaded layer, and copies seven kinds of tensor; names fold their layer numbers to N.
#include "source/graph_source.h"
#include "sched/backend_factory.h"
#include "sched/sched_runner.h"
#include "sched/split_causes.h"

#include <QtTest>

using namespace planscope;

namespace {

sched_outcome scheduled(const std::string& source, const std::string& backends) {
    auto in = open_source(source, {});
    if (!in) qFatal("%s", in.err().message.c_str());
    auto owned = make_backends(backends, {});
    if (!owned) qFatal("%s", owned.err().message.c_str());
    auto out = plan_with_backends(std::move(*in), backend_pointers(*owned));
    if (!out) qFatal("%s", out.err().message.c_str());
    return std::move(*out);
}

const std::string four_layers = "template:llama?n_embd=64&n_layer=4&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=2";

} // namespace

class TestSplitCauses : public QObject {
    Q_OBJECT
private slots:
    void foldNumbers_data();
    void foldNumbers();
    void causeSlot_data();
    void causeSlot();
    void boundaries_data();
    void boundaries();
    void copies();
    void text();
    void oneBackendHasNone();
};

void TestSplitCauses::foldNumbers_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("folded");
    QTest::newRow("weight") << "blk.17.attn_norm.weight" << "blk.N.attn_norm.weight";
    QTest::newRow("layer suffix") << "norm-3" << "norm-N";
    QTest::newRow("view") << "Kcur-12 (reshaped)" << "Kcur-N (reshaped)";
    QTest::newRow("no number") << "inp_pos" << "inp_pos";
    QTest::newRow("two numbers") << "a10b2" << "aNbN";
}

void TestSplitCauses::foldNumbers() {
    QFETCH(QString, name);
    QFETCH(QString, folded);
    QCOMPARE(QString::fromStdString(fold_numbers(name.toStdString())), folded);
}

void TestSplitCauses::causeSlot_data() {
    QTest::addColumn<QString>("code");
    QTest::addColumn<int>("slot"); // -1: none
    QTest::newRow("pass 1 source") << "1.src1" << 1;
    QTest::newRow("pass 2 source") << "2.src0" << 0;
    QTest::newRow("last slot") << "2.src5" << 5; // GGML_MAX_SRC 6
    QTest::newRow("past the slots") << "2.src6" << -1;
    QTest::newRow("destination") << "1.dst" << -1;
    QTest::newRow("view source") << "1.vsrc" << -1;
    QTest::newRow("user") << "usr" << -1;
    QTest::newRow("no digits") << "1.src" << -1;
    QTest::newRow("2026 weight") << "1.wgt1" << 1;
    QTest::newRow("2026 expanded") << "2.sup" << -1;
    QTest::newRow("2026 view source") << "4.vsrc" << -1;
    QTest::newRow("2026 input") << "1.inp" << -1;
}

void TestSplitCauses::causeSlot() {
    QFETCH(QString, code);
    QFETCH(int, slot);
    QCOMPARE(cause_slot(code.toStdString()).value_or(-1), slot);
}

// The 20 boundaries: per offloaded layer, ROPE back on CPU twice (inp_pos lives there), the
// layer's weights pulling MULs and MUL_MATs to CPU1, the V cache store and two residual ADDs
// following their CPU source.
void TestSplitCauses::boundaries_data() {
    QTest::addColumn<QString>("op");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("to");
    QTest::addColumn<QList<int>>("splits");
    QTest::newRow("ROPE") << "ROPE" << "1.src1" << "inp_pos" << 1 << 0 << QList<int>{2, 6, 12, 16};
    QTest::newRow("attention norm") << "MUL" << "1.src1" << "blk.N.attn_norm.weight" << 0 << 1 << QList<int>{1, 11};
    QTest::newRow("V") << "MUL_MAT" << "1.src0" << "blk.N.attn_v.weight" << 0 << 1 << QList<int>{3, 13};
    QTest::newRow("V cache store") << "CPY" << "1.vsrc" << "cache_v" << 1 << 0 << QList<int>{4, 14};
    QTest::newRow("residual") << "ADD" << "2.src1" << "l_out-N" << 1 << 0 << QList<int>{8, 18};
}

void TestSplitCauses::boundaries() {
    QFETCH(QString, op);
    QFETCH(QString, code);
    QFETCH(QString, source);
    QFETCH(int, from);
    QFETCH(int, to);
    QFETCH(QList<int>, splits);
    const sched_outcome s = scheduled(four_layers, "cpu,cpu");
    QCOMPARE(s.plan.splits.size(), std::size_t{21});
    QCOMPARE(s.causes.boundaries.size(), std::size_t{9});
    std::size_t total = 0;
    for (const boundary_group& g : s.causes.boundaries) total += g.splits.size();
    QCOMPARE(total, std::size_t{20}); // every boundary in one group
    const auto g = std::find_if(s.causes.boundaries.begin(), s.causes.boundaries.end(), [&](const boundary_group& b) {
        return b.op == op.toStdString() && b.source == source.toStdString();
    });
    QVERIFY(g != s.causes.boundaries.end());
    QCOMPARE(QString::fromStdString(g->code), code);
    QCOMPARE(g->from_backend, from);
    QCOMPARE(g->to_backend, to);
    QCOMPARE(QList<int>(g->splits.begin(), g->splits.end()), splits);
    // The largest group comes first.
    QCOMPARE(s.causes.boundaries.front().op, std::string("ROPE"));
}

void TestSplitCauses::copies() {
    const sched_outcome s = scheduled(four_layers, "cpu,cpu");
    std::size_t copies = 0;
    for (const copy_group& g : s.causes.copies) copies += g.copies;
    QCOMPARE(copies, std::size_t{16});
    QCOMPARE(s.causes.copies.size(), std::size_t{7});
    // norm-N goes to CPU1 twice per layer (attention and FFN norms): 4 x 8 x 64 x 4 bytes.
    const copy_group& norm = s.causes.copies.front();
    QCOMPARE(norm.tensor, std::string("norm-N"));
    QCOMPARE(norm.from_backend, 0);
    QCOMPARE(norm.to_backend, 1);
    QCOMPARE(norm.copies, std::size_t{4});
    QCOMPARE(norm.bytes, std::uint64_t{8192});
    QCOMPARE(QList<int>(norm.splits.begin(), norm.splits.end()), (QList<int>{1, 9, 11, 19}));
}

void TestSplitCauses::text() {
    const sched_outcome s = scheduled(four_layers, "cpu,cpu");
    const std::string t = format_split_causes(s.causes, s.backend_names);
    QVERIFY(t.starts_with("boundaries\t4\tCPU1 -> CPU\tROPE\t1.src1\tinp_pos\tsplits 2 6 12 16\n"));
    QVERIFY(t.find("copies\t4\tCPU -> CPU1\tnorm-N\t8192\t8.00 KiB\n") != std::string::npos);
}

void TestSplitCauses::oneBackendHasNone() {
    const sched_outcome s = scheduled(four_layers, "cpu");
    QCOMPARE(s.plan.splits.size(), std::size_t{1});
    QVERIFY(s.causes.boundaries.empty());
    QVERIFY(s.causes.copies.empty());
}

QTEST_APPLESS_MAIN(TestSplitCauses)
#include "test_split_causes.moc"
