// Network bytes of a schedule (engine/sched/network_traffic.h) on a hand-made plan whose backend
// list marks some backends remote, as an rpc-server's device is (no server, nothing computed):
// a copy counts its bytes once per remote end, a tensor read twice is copied twice, boundaries
// group by (made in split, read by split, from backend), per token by inp_tokens.
#include "sched/network_traffic.h"

#include "core/builder.h"

#include <QtTest>

using namespace planscope;

namespace {

// Three splits on backends 0, 1, 2: a (1024 bytes) on 0, b (512) on 1 reading a, c on 2 reading
// b, the leaf w (256, on backend 1) and a twice. inp_tokens holds 4 tokens.
struct three_splits {
    context ctx;
    graph g;
    sched_plan plan;

    three_splits() {
        builder bld(ctx);
        const tensor_id tokens = bld.set_name(bld.new_tensor_1d(dtype::i32, 4), "inp_tokens");
        const tensor_id x = bld.set_name(bld.new_tensor_1d(dtype::f32, 256), "x");
        const tensor_id w = bld.set_name(bld.new_tensor_1d(dtype::f32, 64), "w");
        const tensor_id a = bld.set_name(bld.add(x, x), "a");
        const tensor_id half = bld.set_name(bld.new_tensor_1d(dtype::f32, 128), "h");
        const tensor_id b = bld.set_name(bld.add(half, half), "b");
        const tensor_id c = bld.set_name(bld.add(b, b), "c");
        g.leafs = {tokens, x, w, half};
        g.nodes = {a, b, c};
        plan.backend_names = {"CPU", "RPC0[10.0.0.2:50052]", "RPC0[10.0.0.3:50052]"};
        plan.backend_of.assign(ctx.size(), 0);
        for (tensor_id id : {w, b}) plan.backend_of[id.index()] = 1;
        plan.backend_of[c.index()] = 2;
        plan.splits = {{0, 0, 1, {}},
                       {1, 1, 2, {{a, a, "a", 1024, {}}}},
                       {2, 2, 3, {{b, b, "b", 512, {}}, {w, w, "w", 256, {}}, {a, a, "a", 1024, {}}, {a, a, "a", 1024, {}}}}};
    }
};

} // namespace

class test_network_traffic : public QObject {
    Q_OBJECT
private slots:
    void totals_data() {
        QTest::addColumn<QString>("remote"); // by backend, '1' remote
        QTest::addColumn<quint64>("bytes");
        QTest::addColumn<int>("boundaries");
        QTest::newRow("nothing remote") << "000" << quint64{0} << 0;
        // split 1: a to the server 1024; split 2: b 512 and w 256 from it, a stays local.
        QTest::newRow("backend 1 remote") << "010" << quint64{1024 + 512 + 256} << 3;
        // split 2 only: b 512, w 256 and a twice 2 x 1024, all to the server.
        QTest::newRow("backend 2 remote") << "001" << quint64{512 + 256 + 2 * 1024} << 3;
        // Between the two servers through this host: b and w twice each.
        QTest::newRow("both servers") << "011" << quint64{1024 + 2 * 512 + 2 * 256 + 2 * 1024} << 4;
    }
    void totals() {
        QFETCH(QString, remote);
        QFETCH(quint64, bytes);
        QFETCH(int, boundaries);
        three_splits t;
        for (QChar c : remote) t.plan.backend_remote.push_back(c == QLatin1Char('1'));
        const network_traffic n = count_network(t.ctx, t.g, t.plan);
        QCOMPARE(n.remote, remote.contains(QLatin1Char('1')));
        QCOMPARE(n.bytes, std::uint64_t{bytes});
        QCOMPARE(static_cast<int>(n.boundaries.size()), boundaries);
        QCOMPARE(n.n_tokens, n.remote ? std::size_t{4} : std::size_t{0});
    }

    void boundaries_between_two_servers() {
        three_splits t;
        t.plan.backend_remote = {false, true, true};
        const network_traffic n = count_network(t.ctx, t.g, t.plan);
        QCOMPARE(n.boundaries.size(), std::size_t{4});
        // In split order, a leaf (-1) before the splits that made a tensor.
        const network_boundary& leaf = n.boundaries[1];
        QCOMPARE(leaf.from_split, -1);
        QCOMPARE(leaf.to_split, std::size_t{2});
        QCOMPARE(leaf.from_backend, 1);
        QCOMPARE(leaf.bytes, std::uint64_t{512});
        const network_boundary& twice = n.boundaries[2];
        QCOMPARE(twice.from_split, 0);
        QCOMPARE(twice.copies, std::size_t{2});
        QCOMPARE(twice.bytes, std::uint64_t{2048});
        QCOMPARE(*n.bytes_per_token(), 4608.0 / 4);
    }

    void listing() {
        three_splits t;
        t.plan.backend_remote = {false, true, false};
        QCOMPARE(format_network(count_network(t.ctx, t.g, t.plan), t.plan.backend_names),
                 std::string("network\tsplit 0 -> 1\tCPU -> RPC0[10.0.0.2:50052]\t1 copy\t1024 bytes\n"
                             "network\tsplit - -> 2\tRPC0[10.0.0.2:50052] -> RPC0[10.0.0.3:50052]\t1 copy\t256 bytes\n"
                             "network\tsplit 1 -> 2\tRPC0[10.0.0.2:50052] -> RPC0[10.0.0.3:50052]\t1 copy\t512 bytes\n"
                             "network total\t1792 bytes\t4 tokens\t448.0 bytes per token\n"));
        t.g.leafs.erase(t.g.leafs.begin()); // no inp_tokens: no per-token figure
        const std::string untold = format_network(count_network(t.ctx, t.g, t.plan), t.plan.backend_names);
        QCOMPARE(untold.substr(untold.rfind("network total")), std::string("network total\t1792 bytes\t- tokens\n"));
        t.plan.backend_remote.clear();
        QCOMPARE(format_network(count_network(t.ctx, t.g, t.plan), t.plan.backend_names), std::string());
    }
};

QTEST_APPLESS_MAIN(test_network_traffic)
#include "test_network_traffic.moc"
