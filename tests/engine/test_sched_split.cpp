// The scheduler's passes on the hand-worked graph of sched_fixture.h (two backends, weights on
// both): every assignment with its cause, the splits and their input copies, user assignments kept
// across splits, unsupported-op rerouting, and the limits the seed asserts on.
#include "sched/split_graph.h"
#include "sched_fixture.h"

#include "core/builder.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::test;

namespace {

const std::vector<std::string> two_names{"CPU", "CPU1"};

// Buffers 0 and 2 (x's compute buffer) are backend 0's, buffer 1 backend 1's.
split_config two_backends(const std::unordered_map<tensor_id, int>* user = nullptr, sched_observer* obs = nullptr) {
    split_config c;
    c.backend_names = two_names;
    c.buffer_backend = [](buffer_id id) -> result<int> {
        if (id.value > 2) return error{"unknown buffer"};
        return id.value == 1 ? 1 : 0;
    };
    c.user = user;
    c.observer = obs;
    return c;
}

sched_graph placed_graph() {
    sched_graph s = make_sched_graph();
    s.doc.ctx[s.x].where = placement{buffer_id{2}, 0};
    return s;
}

tensor_id by_name(const context& ctx, const std::string& name) {
    for (std::size_t i = 0; i < ctx.size(); ++i)
        if (ctx[tensor_id{i}].name == name) return tensor_id{i};
    return tensor_id{};
}

std::string split_graph_names(const context& ctx, const graph& g) {
    std::string out;
    for (tensor_id id : g.nodes) out += (out.empty() ? "" : " ") + ctx[id].name;
    return out;
}

std::string inputs_of(const context& ctx, const sched_split& split) {
    std::string out;
    for (const sched_input& in : split.inputs)
        out += (out.empty() ? "" : " ") + in.name + ">" + ctx[in.copy].name + ":" + std::to_string(in.bytes);
    return out;
}

} // namespace

class test_sched_split : public QObject {
    Q_OBJECT

private slots:
    void assignments_data() {
        QTest::addColumn<QString>("tensor");
        QTest::addColumn<int>("backend");
        QTest::addColumn<QString>("cause");
        // Worked by hand from the seed's sched_split_graph:
        QTest::newRow("w1 leaf") << "w1" << 1 << "1.leaf";
        QTest::newRow("w0 leaf") << "w0" << 0 << "1.leaf";
        QTest::newRow("x leaf") << "x" << 0 << "1.leaf";
        // w0 (64 B, backend 0) wins; x (32 B, backend 0) is not better placed.
        QTest::newRow("n0 placed src0") << "n0" << 0 << "1.src0";
        QTest::newRow("n1 from n0") << "n1" << 0 << "2.src0";
        QTest::newRow("n2 placed w1") << "n2" << 1 << "1.src0";
        // n2 (backend 1) first, then n1: better priority and as large.
        QTest::newRow("n3 from n1") << "n3" << 0 << "2.src1";
        QTest::newRow("r view from n3") << "r" << 0 << "2.src0";
        QTest::newRow("n4 placed w1") << "n4" << 1 << "1.src0";
        QTest::newRow("n5 from n4") << "n5" << 1 << "2.src0";
        QTest::newRow("bias from n5") << "bias" << 1 << "3.dst";
        QTest::newRow("copy of n1") << "CPU1#n1" << 1 << "4.cpy";
        QTest::newRow("copy of n2") << "CPU#n2" << 0 << "4.cpy";
        QTest::newRow("copy of r") << "CPU1#r" << 1 << "4.cpy";
    }
    void assignments() {
        QFETCH(QString, tensor);
        QFETCH(int, backend);
        QFETCH(QString, cause);
        sched_graph s = placed_graph();
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends());
        QVERIFY2(plan.ok(), plan ? "" : plan.err().message.c_str());
        const tensor_id id = by_name(s.doc.ctx, tensor.toStdString());
        QVERIFY(id.valid());
        QCOMPARE(plan->backend(id), backend);
        QCOMPARE(QString::fromStdString(std::string(plan->cause(id))), cause);
        QVERIFY(plan->warnings.empty());
    }

    void splits_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("backend");
        QTest::addColumn<int>("i_start");
        QTest::addColumn<int>("i_end");
        QTest::addColumn<QString>("inputs");
        QTest::newRow("split 0") << 0 << 0 << 0 << 2 << "";
        QTest::newRow("split 1") << 1 << 1 << 2 << 3 << "n1>CPU1#n1:32";
        QTest::newRow("split 2") << 2 << 0 << 3 << 5 << "n2>CPU#n2:32";
        QTest::newRow("split 3") << 3 << 1 << 5 << 7 << "r>CPU1#r:32";
    }
    void splits() {
        QFETCH(int, index);
        QFETCH(int, backend);
        QFETCH(int, i_start);
        QFETCH(int, i_end);
        QFETCH(QString, inputs);
        sched_graph s = placed_graph();
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends());
        QVERIFY(plan.ok());
        QCOMPARE(plan->splits.size(), std::size_t{4});
        const sched_split& split = plan->splits[static_cast<std::size_t>(index)];
        QCOMPARE(split.backend, backend);
        QCOMPARE(split.i_start, static_cast<std::size_t>(i_start));
        QCOMPARE(split.i_end, static_cast<std::size_t>(i_end));
        QCOMPARE(QString::fromStdString(inputs_of(s.doc.ctx, split)), inputs);
    }

    void split_graph_puts_copies_first_and_rewrites_sources() {
        sched_graph s = placed_graph();
        const std::size_t n_before = s.doc.ctx.size();
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends());
        QVERIFY(plan.ok());
        QCOMPARE(QString::fromStdString(split_graph_names(s.doc.ctx, plan->split_graph)),
                 QStringLiteral("n0 n1 CPU1#n1 n2 CPU#n2 n3 r CPU1#r n4 n5"));
        const context& ctx = s.doc.ctx;
        QCOMPARE(ctx[ctx[s.n2].src[1]].name, std::string("CPU1#n1"));
        QCOMPARE(ctx[ctx[s.n3].src[0]].name, std::string("CPU#n2"));
        QCOMPARE(ctx[s.n3].src[1], s.n1); // same backend: no copy
        const tensor& copy = ctx[ctx[s.n4].src[1]];
        QCOMPARE(copy.src[0], s.r);
        QCOMPARE(copy.op, op_kind::none);
        QCOMPARE(copy.nb, ctx[s.r].nb);
        restore_graph(s.doc.ctx, s.doc.g, *plan);
        QCOMPARE(s.doc.ctx.size(), n_before);
        QCOMPARE(s.doc.ctx[s.n4].src[1], s.r);
    }

    void events_follow_the_passes() {
        sched_graph s = placed_graph();
        sched_recorder rec;
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends(nullptr, &rec));
        QVERIFY(plan.ok());
        std::vector<std::string> lines;
        for (const sched_event& e : rec.events())
            if (!std::holds_alternative<sched_events::assign>(e)) lines.push_back(describe(e, s.doc.ctx, two_names));
        QCOMPARE(lines.front(), std::string("split #0 on CPU starts at node 0"));
        QCOMPARE(lines[1], std::string("split #0 ends before node 2, 0 inputs"));
        QCOMPARE(lines[2], std::string("split #1 on CPU1 starts at node 2"));
        QCOMPARE(lines[3], std::string("split #1: n2 src 1 n1 read through CPU1#n1 (new copy)"));
        QCOMPARE(lines.back(), std::string("split #3 ends before node 7, 1 inputs"));
        QCOMPARE(plan->assignments.size(), std::size_t{14}); // 3 leafs, 7 nodes, bias, 3 copies
        QCOMPARE(plan->assignments[3].tensor, s.n0);
        QCOMPARE(plan->assignments[3].pass, sched_pass::buffers);
        QCOMPARE(plan->assignments[10].tensor, s.bias);
        QCOMPARE(plan->assignments[10].pass, sched_pass::unassigned);
    }

    // Fix 1: the seed wipes ggml_backend_sched_set_node_backend's assignments at every split.
    void user_assignment_survives_splits() {
        sched_graph s = placed_graph();
        const std::unordered_map<tensor_id, int> user{{s.n1, 1}};
        for (int round = 0; round < 2; ++round) {
            auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends(&user));
            QVERIFY(plan.ok());
            QCOMPARE(plan->backend(s.n1), 1);
            QCOMPARE(plan->cause(s.n1), std::string_view("usr"));
            QCOMPARE(plan->backend(s.n3), 1); // n2 first; n1 now as good, not better
            QCOMPARE(plan->cause(s.n3), std::string_view("2.src0"));
            QCOMPARE(plan->splits.size(), std::size_t{2});
            QCOMPARE(plan->splits[1].i_start, std::size_t{1});
            QCOMPARE(QString::fromStdString(inputs_of(s.doc.ctx, plan->splits[1])), QStringLiteral("n0>CPU1#n0:32"));
            restore_graph(s.doc.ctx, s.doc.g, *plan);
        }
    }

    void user_view_on_other_backend_is_a_sanity_warning() {
        sched_graph s = placed_graph();
        const std::unordered_map<tensor_id, int> user{{s.r, 1}};
        sched_recorder rec;
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends(&user, &rec));
        QVERIFY(plan.ok());
        // r is a view op: skipped by pass 4, so nothing copies n3 for it.
        QCOMPARE(plan->warnings, std::vector<std::string>{"r has backend CPU1, src 0 (n3) has backend CPU"});
        const auto warnings = std::count_if(rec.events().begin(), rec.events().end(), [](const sched_event& e) {
            return std::holds_alternative<sched_events::warning>(e);
        });
        QCOMPARE(warnings, 1);
    }

    void user_assignment_out_of_range_is_an_error() {
        sched_graph s = placed_graph();
        const std::unordered_map<tensor_id, int> user{{s.n1, 2}};
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends(&user));
        QVERIFY(!plan.ok());
        QCOMPARE(plan.err().message, std::string("tensor 'n1' is assigned to backend 2, but the scheduler has 2"));
    }

    // Beyond the seed: backend 1 cannot ADD, so n5 moves to backend 0 and its bias follows it.
    void unsupported_op_moves_to_a_backend_that_runs_it() {
        sched_graph s = placed_graph();
        split_config c = two_backends();
        c.supports = [](int b, const context&, const tensor& t) { return !(b == 1 && t.op == op_kind::add); };
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY(plan.ok());
        QCOMPARE(plan->backend(s.n5), 0);
        QCOMPARE(plan->cause(s.n5), std::string_view("unsupported"));
        QCOMPARE(plan->backend(s.bias), 0);
        QCOMPARE(plan->splits.size(), std::size_t{5});
        QCOMPARE(plan->splits[4].i_start, std::size_t{6});
        QCOMPARE(QString::fromStdString(inputs_of(s.doc.ctx, plan->splits[4])), QStringLiteral("n4>CPU#n4:32"));
        c.supports = [](int, const context&, const tensor& t) { return t.op != op_kind::rms_norm; };
        sched_graph s2 = placed_graph();
        auto none = split_graph(s2.doc.ctx, s2.doc.g, c);
        QVERIFY(!none.ok());
        QCOMPARE(none.err().message, std::string("node 'n1' (RMS_NORM): no backend can run it"));
        QCOMPARE(s.doc.ctx.size(), std::size_t{15}); // 11 tensors and 4 copies
        QCOMPARE(s2.doc.ctx.size(), std::size_t{11}); // the failed split left no copies
    }

    void unplaced_graph_has_no_backend() {
        sched_graph s = make_sched_graph();
        s.doc.ctx[s.w0].where.reset();
        s.doc.ctx[s.w1].where.reset();
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.err().message,
                 std::string("node 'n0' has no backend: none of its sources is in a buffer or assigned"));
    }

    // Fix 3: splits past GGML_MAX_SPLITS and inputs past GGML_MAX_SPLIT_INPUTS are errors.
    void split_limit_data() {
        QTest::addColumn<int>("n_nodes");
        QTest::addColumn<bool>("ok");
        QTest::newRow("256 splits") << 256 << true;
        QTest::newRow("257 splits") << 257 << false;
    }
    void split_limit() {
        QFETCH(int, n_nodes);
        QFETCH(bool, ok);
        graph_document doc;
        builder b(doc.ctx);
        const tensor_id w[2] = {b.new_tensor_2d(dtype::f32, 4, 4), b.new_tensor_2d(dtype::f32, 4, 4)};
        doc.ctx[w[0]].where = placement{buffer_id{0}, 0};
        doc.ctx[w[1]].where = placement{buffer_id{1}, 0};
        tensor_id cur = b.new_tensor_2d(dtype::f32, 4, 1);
        for (int i = 0; i < n_nodes; ++i) cur = b.mul_mat(w[i % 2], cur); // w (64 B) beats cur: alternating
        QVERIFY(build_forward_expand(doc.ctx, doc.g, cur).ok());
        auto plan = split_graph(doc.ctx, doc.g, two_backends());
        QCOMPARE(plan.ok(), ok);
        if (ok) {
            QCOMPARE(plan->splits.size(), std::size_t{256});
        } else {
            QCOMPARE(plan.err().message,
                     std::string("node 'node_256' would start split 257, more than the 256 a graph may have"));
        }
    }

    void input_limit_data() {
        QTest::addColumn<int>("n_extra");
        QTest::addColumn<bool>("ok");
        QTest::newRow("16 inputs") << 15 << true;
        QTest::newRow("17 inputs") << 16 << false;
    }
    void input_limit() {
        QFETCH(int, n_extra);
        QFETCH(bool, ok);
        graph_document doc;
        builder b(doc.ctx);
        const tensor_id w1 = b.new_tensor_2d(dtype::f32, 4, 4);
        doc.ctx[w1].where = placement{buffer_id{1}, 0};
        const tensor_id x = b.set_name(b.new_tensor_2d(dtype::f32, 4, 1), "x");
        doc.ctx[x].where = placement{buffer_id{0}, 0};
        tensor_id cur = b.mul_mat(w1, x); // backend 1, reads x from backend 0
        std::unordered_map<tensor_id, int> user;
        for (int i = 0; i < n_extra; ++i) {
            // Scalars on backend 0: too small to pull the chain over (pass 2 wants size >= the best).
            const tensor_id a = b.set_name(b.new_tensor_2d(dtype::f32, 1, 1), "a" + std::to_string(i));
            user[a] = 0;
            cur = b.add(cur, a);
        }
        QVERIFY(build_forward_expand(doc.ctx, doc.g, cur).ok());
        auto plan = split_graph(doc.ctx, doc.g, two_backends(&user));
        QCOMPARE(plan.ok(), ok);
        if (ok) {
            QCOMPARE(plan->splits.size(), std::size_t{1});
            QCOMPARE(plan->splits[0].inputs.size(), std::size_t{16});
        } else {
            QCOMPARE(plan.err().message, std::string("split 0 needs more than 16 inputs: 'a15' read by "
                                                     "'node_16' would be input 17"));
        }
    }

    void hash_capacity_is_checked() {
        sched_graph s = placed_graph();
        split_config c = two_backends();
        c.hash_capacity = 11; // 7 nodes + 4 leafs: no room for a copy
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY(!plan.ok());
        QCOMPARE(plan.err().message,
                 std::string("the graph and its copies exceed the scheduler's hash capacity of 11 tensors"));
        c.hash_capacity = 10;
        auto small = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY(!small.ok());
        QVERIFY(small.err().message.starts_with("the graph has 11 tensors, more than the scheduler's hash capacity of 10"));
    }

    void unknown_buffer_is_an_error() {
        sched_graph s = placed_graph();
        s.doc.ctx[s.w0].where = placement{buffer_id{7}, 0};
        auto plan = split_graph(s.doc.ctx, s.doc.g, two_backends());
        QVERIFY(!plan.ok());
        QCOMPARE(plan.err().message, std::string("tensor 'w0': unknown buffer"));
    }
};

QTEST_APPLESS_MAIN(test_sched_split)
#include "test_sched_split.moc"
