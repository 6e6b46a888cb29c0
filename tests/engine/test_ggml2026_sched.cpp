// ggml 2026's scheduler (ggml-backend.cpp of d99724f2, sched_split_graph) on the hand-worked graph
// of sched_fixture.h, case by case: every pass's causes, op offload, the upgrade to a better
// backend of the same buffer type, the best backend for an op nobody expanded over, n_copies 2
// with two backends, the split graph the allocator plans, and the limits ggml asserts on.
#include "sched/ggml2026/sched_2026.h"
#include "sched_fixture.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::test;
using namespace planscope::ggml2026;

namespace {

const sched_buffer_type gpu_type{"GPU", false};
const sched_buffer_type cpu_type{"CPU", true};

// "GPU" (priority 0, its own buffer type) and "CPU" (last, reads every host buffer). Buffer 0
// holds CPU weights (w0), 1 GPU weights (w1), 2 is a host buffer without weights.
sched_config_2026 gpu_cpu() {
    sched_config_2026 c;
    c.backend_names = {"GPU", "CPU"};
    c.bufts = {gpu_type, cpu_type};
    c.reads_host = {false, true};
    c.buffer = [](buffer_id id) -> result<sched_placed_buffer> {
        if (id.value > 2) return error{"unknown buffer"};
        return sched_placed_buffer{id.value == 1 ? gpu_type : cpu_type, id.value < 2};
    };
    return c;
}

// x flagged input and not placed: llama.cpp's inputs since 2024.
sched_graph input_graph() {
    sched_graph s = make_sched_graph();
    s.doc.ctx[s.x].flags = tensor_flag::input;
    return s;
}

tensor_id by_name(const context& ctx, const std::string& name) {
    for (std::size_t i = 0; i < ctx.size(); ++i)
        if (ctx[tensor_id{i}].name == name) return tensor_id{i};
    return tensor_id{};
}

// "backend:cause" of a tensor, "-" when unassigned.
QString decision(const sched_plan& plan, const context& ctx, const std::string& name) {
    const tensor_id id = by_name(ctx, name);
    if (!id.valid()) return QStringLiteral("missing");
    const int b = plan.backend(id);
    return b < 0 ? QStringLiteral("-") : QString::number(b) + u':' + QString::fromStdString(std::string(plan.cause(id)));
}

// "GPU[1,7) n0>GPU#n0#0" per split, separated by " | ".
QString splits_text(const sched_plan& plan, const context& ctx) {
    QStringList out;
    for (const sched_split& sp : plan.splits) {
        QString text = QString::fromStdString(plan.backend_names[static_cast<std::size_t>(sp.backend)]) +
                       QStringLiteral("[%1,%2)").arg(sp.i_start).arg(sp.i_end);
        for (const sched_input& in : sp.inputs)
            text += u' ' + QString::fromStdString(in.name) + u'>' + QString::fromStdString(ctx[in.copy].name);
        out << text;
    }
    return out.join(QStringLiteral(" | "));
}

QString names(const context& ctx, const std::vector<tensor_id>& ids) {
    QStringList out;
    for (tensor_id id : ids) out << QString::fromStdString(ctx[id].name);
    return out.join(u' ');
}

} // namespace

class test_ggml2026_sched : public QObject {
    Q_OBJECT

private slots:
    void causes_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        // Worked by hand from sched_split_graph of d99724f2 (passes 1-4).
        QTest::newRow("CPU weight leaf") << "plain" << "w0" << "1:1.dst";
        QTest::newRow("GPU weight leaf") << "plain" << "w1" << "0:1.dst";
        QTest::newRow("input on the last backend") << "plain" << "x" << "1:1.inp";
        QTest::newRow("op follows its CPU weight") << "plain" << "n0" << "1:1.wgt0";
        // Expanded from n2 upwards (GPU up); CPU nodes stop the GPU sweeps but not the others.
        QTest::newRow("GPU expanded up") << "plain" << "n1" << "0:2.sup";
        QTest::newRow("op follows its GPU weight") << "plain" << "n2" << "0:1.wgt0";
        QTest::newRow("GPU expanded down") << "plain" << "n3" << "0:2.sup";
        QTest::newRow("view from its view_src") << "plain" << "r" << "0:4.vsrc";
        QTest::newRow("unplaced leaf from its node") << "plain" << "bias" << "0:4.cur";
        QTest::newRow("GPU expanded down to the end") << "plain" << "n5" << "0:2.sup";
        // The GPU asks for mul_mat: n0 leaves its CPU weight.
        QTest::newRow("op offload") << "offload" << "n0" << "0:1.off";
        QTest::newRow("op offload off") << "no offload" << "n0" << "1:1.wgt0";
        QTest::newRow("user assignment kept") << "user n1 on CPU" << "n1" << "1:usr";
        QTest::newRow("user assignment, n3 still GPU") << "user n1 on CPU" << "n3" << "0:2.sup";
        // Two host backends share the CPU buffer type: pass 3 moves n1 up, over the user's choice.
        QTest::newRow("upgrade to the same buffer type") << "two CPUs, user n1 on CPU1" << "n1" << "0:3.upg";
        QTest::newRow("input on the last CPU") << "two CPUs, user n1 on CPU1" << "x" << "1:1.inp";
        // Only GPU1 runs rms_norm; neither neighbour's sweep can take n1.
        QTest::newRow("best backend for an op nobody took") << "three, rms_norm on GPU1" << "n1" << "1:3.best";
    }
    void causes() {
        QFETCH(QString, variant);
        QFETCH(QString, name);
        QFETCH(QString, expected);
        sched_graph s = input_graph();
        sched_config_2026 c = gpu_cpu();
        std::unordered_map<tensor_id, int> user;
        if (variant == "offload" || variant == "no offload") {
            c.offload = [](int b, const context&, const tensor& t) { return b == 0 && t.op == op_kind::mul_mat; };
            c.op_offload = variant == "offload";
        } else if (variant == "user n1 on CPU") {
            user[s.n1] = 1;
            c.user = &user;
        } else if (variant == "two CPUs, user n1 on CPU1") {
            c.backend_names = {"CPU", "CPU1"};
            c.bufts = {cpu_type, cpu_type};
            c.reads_host = {true, true};
            c.buffer = [](buffer_id id) -> result<sched_placed_buffer> { return sched_placed_buffer{cpu_type, id.value < 2}; };
            user[s.n1] = 1;
            c.user = &user;
        } else if (variant == "three, rms_norm on GPU1") {
            c.backend_names = {"GPU", "GPU1", "CPU"};
            c.bufts = {gpu_type, {"GPU1", false}, cpu_type};
            c.reads_host = {false, false, true};
            c.supports = [](int b, const context&, const tensor& t) { return t.op != op_kind::rms_norm || b == 1; };
        }
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY2(plan.ok(), plan ? "" : plan.err().message.c_str());
        QCOMPARE(decision(*plan, s.doc.ctx, name.toStdString()), expected);
    }

    void splits_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("expected");
        QTest::newRow("CPU then GPU") << "plain" << "CPU[0,1) | GPU[1,7) n0>GPU#n0#0";
        // Everything on the GPU: the CPU weight and the input are copied in, src0 first.
        QTest::newRow("offload") << "offload" << "GPU[0,7) w0>GPU#w0#0 x>GPU#x#0";
        QTest::newRow("user") << "user n1 on CPU" << "CPU[0,2) | GPU[2,7) n1>GPU#n1#0";
        // Shared host memory: no copies, one split.
        QTest::newRow("two CPUs") << "two CPUs" << "CPU[0,7)";
    }
    void splits() {
        QFETCH(QString, variant);
        QFETCH(QString, expected);
        sched_graph s = input_graph();
        sched_config_2026 c = gpu_cpu();
        std::unordered_map<tensor_id, int> user;
        if (variant == "offload") c.offload = [](int b, const context&, const tensor&) { return b == 0; };
        if (variant == "user n1 on CPU") {
            user[s.n1] = 1;
            c.user = &user;
        }
        if (variant == "two CPUs") {
            c.backend_names = {"CPU", "CPU1"};
            c.bufts = {cpu_type, cpu_type};
            c.reads_host = {true, true};
            c.buffer = [](buffer_id id) -> result<sched_placed_buffer> { return sched_placed_buffer{cpu_type, id.value < 2}; };
        }
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY2(plan.ok(), plan ? "" : plan.err().message.c_str());
        QCOMPARE(splits_text(*plan, s.doc.ctx), expected);
        // The copy is what the node reads now.
        if (variant == "plain") QCOMPARE(s.doc.ctx[s.n1].src[0], by_name(s.doc.ctx, "GPU#n0#0"));
    }

    void splitGraphKeepsInputsAlive() {
        sched_graph s = input_graph();
        auto plan = split_graph(s.doc.ctx, s.doc.g, gpu_cpu());
        QVERIFY2(plan.ok(), plan ? "" : plan.err().message.c_str());
        // Per split: a view of each input (reading it, so it lives until the copy), its copy, the nodes.
        QCOMPARE(names(s.doc.ctx, plan->split_graph.nodes), QStringLiteral("n0 n0 (view) GPU#n0#0 n1 n2 n3 r n4 n5"));
        QCOMPARE(names(s.doc.ctx, plan->split_graph.leafs), names(s.doc.ctx, s.doc.g.leafs));
        const tensor& dep = s.doc.ctx[by_name(s.doc.ctx, "n0 (view)")];
        QCOMPARE(dep.view_src, s.n0);
        QCOMPARE(dep.src[0], s.n0);
        QCOMPARE(plan->backend(by_name(s.doc.ctx, "n0 (view)")), 1); // the input's backend
        QCOMPARE(plan->backend(by_name(s.doc.ctx, "GPU#n0#0")), 0);
    }

    void twoCopiesWithTwoBackends() {
        sched_graph s = input_graph();
        sched_config_2026 c = gpu_cpu();
        c.n_copies = 2;
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY2(plan.ok(), plan ? "" : plan.err().message.c_str());
        const context& ctx = s.doc.ctx;
        QCOMPARE(splits_text(*plan, ctx), QStringLiteral("CPU[0,1) | GPU[1,7) n0>GPU#n0#0"));
        // The graph input: copy 0 is x itself (the current copy), copy 1 a twin on x's backend.
        QCOMPARE(plan->graph_inputs.size(), std::size_t{1});
        QCOMPARE(names(ctx, plan->graph_inputs[0].copies), QStringLiteral("x CPU#x#1"));
        QCOMPARE(names(ctx, plan->splits[1].inputs[0].copies), QStringLiteral("GPU#n0#0 GPU#n0#1"));
        // Every copy, and x, is an input and an output: the allocator places them first and keeps them.
        for (const char* name : {"x", "CPU#x#1", "GPU#n0#0", "GPU#n0#1"})
            QCOMPARE(ctx[by_name(ctx, name)].flags, tensor_flag::input | tensor_flag::output);
        QCOMPARE(plan->backend(by_name(ctx, "CPU#x#1")), 1);
        QCOMPARE(plan->backend(by_name(ctx, "GPU#n0#1")), 0);
        // Leafs: the graph inputs' copies, the split inputs' copies, then the graph's leafs.
        QCOMPARE(names(ctx, plan->split_graph.leafs),
                 QStringLiteral("x CPU#x#1 GPU#n0#0 GPU#n0#1 ") + names(ctx, s.doc.g.leafs));
        // Restoring gives x its flags back and drops the copies.
        const std::size_t before = plan->n_tensors_before;
        undo_split(s.doc.ctx, s.doc.g, *plan);
        QCOMPARE(s.doc.ctx.size(), before);
        QCOMPARE(s.doc.ctx[s.x].flags, tensor_flag::input);
        QCOMPARE(s.doc.ctx[s.n1].src[0], s.n0);
    }

    void refusals_data() {
        QTest::addColumn<QString>("variant");
        QTest::addColumn<QString>("message");
        QTest::newRow("five copies") << "n_copies 5" << "n_copies is 5; it must be 1 to 4";
        QTest::newRow("no backend runs it") << "nobody runs rms_norm" << "no backend can run node 'n1' (RMS_NORM)";
        QTest::newRow("placed where nobody runs it")
            << "GPU weight, GPU runs no NONE" << "pre-allocated tensor 'w1' is in a GPU buffer, and no backend that can use it runs NONE";
        QTest::newRow("unknown buffer") << "buffer 7" << "tensor 'w1': unknown buffer";
        QTest::newRow("user backend out of range") << "user 2" << "tensor 'n1' is assigned to backend 2, but the scheduler has 2";
    }
    void refusals() {
        QFETCH(QString, variant);
        QFETCH(QString, message);
        sched_graph s = input_graph();
        sched_config_2026 c = gpu_cpu();
        std::unordered_map<tensor_id, int> user;
        if (variant == "n_copies 5") c.n_copies = 5;
        if (variant == "nobody runs rms_norm") c.supports = [](int, const context&, const tensor& t) { return t.op != op_kind::rms_norm; };
        if (variant == "GPU weight, GPU runs no NONE")
            c.supports = [](int b, const context&, const tensor& t) { return b != 0 || t.op != op_kind::none; };
        if (variant == "buffer 7") s.doc.ctx[s.w1].where = placement{buffer_id{7}, 0};
        if (variant == "user 2") {
            user[s.n1] = 2;
            c.user = &user;
        }
        const std::size_t before = s.doc.ctx.size();
        auto plan = split_graph(s.doc.ctx, s.doc.g, c);
        QVERIFY(!plan.ok());
        QCOMPARE(QString::fromStdString(plan.err().message), message);
        QCOMPARE(s.doc.ctx.size(), before); // nothing left behind
    }
};

QTEST_GUILESS_MAIN(test_ggml2026_sched)
#include "test_ggml2026_sched.moc"
