// The scheduler over CPU + OpenCL (PoCL in CI): sched_fixture.h's hand-worked splits with w1 in an
// OpenCL buffer, an op OpenCL lacks rerouted to the CPU, and CPU+OpenCL runs equal to CPU-only
// runs (the fixture and stories260K with two layers offloaded).
#include "sched/sched.h"
#include "sched/sched_llama.h"
#include "sched_fixture.h"

#include "backend/cpu/cpu_backend.h"
#include "backend/opencl/opencl_backend.h"
#include "core/builder.h"
#include "models/llama_run.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::test;

namespace {

struct cl_setup {
    cpu_backend cpu{1};
    std::unique_ptr<backend> cl;
    buffer_table table;
    std::unique_ptr<scheduler> sched;

    // w0's buffer 0 on the CPU, w1's buffer 1 on OpenCL, compute buffers from id 2.
    status init(sched_graph& measure) {
        auto made = make_opencl_backend();
        if (!made) return made.err();
        cl = std::move(*made);
        auto b0 = cpu.alloc_buffer(buffer_id{0}, 64);
        auto b1 = cl->alloc_buffer(buffer_id{1}, 64);
        if (!b0 || !b1) return error{"weight buffers"};
        table.add(*b0);
        table.add(*b1);
        const std::vector<backend*> list{&cpu, cl.get()};
        auto s = scheduler::create(list, table, buffer_id{2}, buffer_backend_of_table(table, list));
        if (!s) return s.err();
        sched = std::move(*s);
        if (auto st = preallocate(measure); !st) return st;
        return sched->init_measure(measure.doc.ctx, measure.doc.g);
    }
    status preallocate(sched_graph& g) {
        if (auto st = sched->allocator(0).alloc(g.doc.ctx, g.x); !st) return st;
        return sched->allocator(1).alloc(g.doc.ctx, g.bias);
    }
};

std::vector<float> load_and_read(const buffer_table& table, const sched_graph& g, tensor_id out) {
    int seed = 0;
    for (tensor_id id : {g.w0, g.w1, g.x, g.bias}) {
        const auto v = fixture_values(g.doc.ctx[id], ++seed);
        (void)tensor_set(table, g.doc.ctx[id], v.data(), 0, nbytes(g.doc.ctx[id]));
    }
    return std::vector<float>(static_cast<std::size_t>(nelements(g.doc.ctx[out])));
}

// sched_fixture's graph and a SUM_ROWS of n5, which the OpenCL kernels do not have.
sched_graph with_sum_rows(tensor_id& sum) {
    sched_graph g = make_sched_graph();
    builder b(g.doc.ctx);
    sum = b.set_name(b.sum_rows(g.n5), "sum");
    g.doc.g = {};
    (void)build_forward_expand(g.doc.ctx, g.doc.g, sum);
    return g;
}

} // namespace

class test_sched_opencl : public QObject {
    Q_OBJECT

private slots:
    void splits_and_copies_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<int>("i_start");
        QTest::addColumn<QString>("inputs");
        QTest::newRow("split 0") << 0 << "CPU" << 0 << "";
        QTest::newRow("split 1") << 1 << "OpenCL" << 2 << "n1>OpenCL#n1";
        QTest::newRow("split 2") << 2 << "CPU" << 3 << "n2>CPU#n2";
        QTest::newRow("split 3") << 3 << "OpenCL" << 5 << "r>OpenCL#r";
    }
    void splits_and_copies() {
        QFETCH(int, index);
        QFETCH(QString, backend);
        QFETCH(int, i_start);
        QFETCH(QString, inputs);
        cl_setup s;
        sched_graph m = make_sched_graph();
        if (auto st = s.init(m); !st) QSKIP(st.err().message.c_str());
        const sched_plan& plan = s.sched->plan();
        QCOMPARE(plan.splits.size(), std::size_t{4});
        const sched_split& split = plan.splits[static_cast<std::size_t>(index)];
        // The OpenCL backend is "OpenCL", its device kept apart; copies carry that name.
        QCOMPARE(plan.backend_names[1], std::string("OpenCL"));
        auto shortened = [](const std::string& n) { return QString::fromStdString(n); };
        QCOMPARE(shortened(plan.backend_names[static_cast<std::size_t>(split.backend)]), backend);
        QCOMPARE(split.i_start, static_cast<std::size_t>(i_start));
        QString got;
        for (const sched_input& in : split.inputs)
            got += QString::fromStdString(in.name) + ">" + shortened(m.doc.ctx[in.copy].name);
        QCOMPARE(got, inputs);
        QCOMPARE(plan.cause(m.n3), std::string_view("2.src1"));
        QCOMPARE(plan.cause(m.n5), std::string_view("1.src1")); // bias is pre-allocated on OpenCL here
    }

    void unsupported_op_runs_on_the_cpu() {
        cl_setup s;
        tensor_id sum;
        sched_graph m = with_sum_rows(sum);
        if (auto st = s.init(m); !st) QSKIP(st.err().message.c_str());
        const sched_plan& plan = s.sched->plan();
        QCOMPARE(plan.backend(sum), 0);
        QCOMPARE(plan.cause(sum), std::string_view("unsupported"));
        QCOMPARE(plan.splits.size(), std::size_t{5});
        QCOMPARE(plan.splits[4].inputs.size(), std::size_t{1});
        QCOMPARE(m.doc.ctx[plan.splits[4].inputs[0].copy].name, std::string("CPU#n5"));

        tensor_id sum2;
        sched_graph g = with_sum_rows(sum2);
        QVERIFY(s.preallocate(g).ok());
        auto got = load_and_read(s.table, g, sum2);
        QVERIFY2(s.sched->graph_compute(g.doc.ctx, g.doc.g).ok(), "graph_compute");
        QVERIFY(tensor_get(s.table, g.doc.ctx[sum2], got.data(), 0, got.size() * 4).ok());

        // The same graph on the CPU alone.
        cpu_backend solo(1);
        buffer_table table;
        for (unsigned id : {0u, 1u}) table.add(*solo.alloc_buffer(buffer_id{id}, 64));
        const std::vector<backend*> one{&solo};
        auto cpu_sched = scheduler::create(one, table, buffer_id{2}, buffer_backend_of_table(table, one));
        QVERIFY(cpu_sched.ok());
        tensor_id sum3, sum4;
        sched_graph cm = with_sum_rows(sum3);
        QVERIFY((*cpu_sched)->allocator(0).alloc(cm.doc.ctx, cm.x).ok());
        QVERIFY((*cpu_sched)->allocator(0).alloc(cm.doc.ctx, cm.bias).ok());
        QVERIFY((*cpu_sched)->init_measure(cm.doc.ctx, cm.doc.g).ok());
        sched_graph c = with_sum_rows(sum4);
        QVERIFY((*cpu_sched)->allocator(0).alloc(c.doc.ctx, c.x).ok());
        QVERIFY((*cpu_sched)->allocator(0).alloc(c.doc.ctx, c.bias).ok());
        auto want = load_and_read(table, c, sum4);
        QVERIFY((*cpu_sched)->graph_compute(c.doc.ctx, c.doc.g).ok());
        QVERIFY(tensor_get(table, c.doc.ctx[sum4], want.data(), 0, want.size() * 4).ok());
        QCOMPARE(got.size(), std::size_t{2});
        for (std::size_t i = 0; i < got.size(); ++i) QVERIFY(std::abs(got[i] - want[i]) <= 1e-5f * (1 + std::abs(want[i])));
    }

    void llama_offloaded_to_opencl_equals_the_cpu_run() {
        auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
        if (!file) QSKIP("stories260K.gguf is not in the shared directory");
        auto cl = make_opencl_backend();
        if (!cl) QSKIP(cl.err().message.c_str());
        const std::vector<std::int32_t> tokens{1, 403, 407, 261, 378};
        auto expected = run_llama_prompt(*file, tokens, {});
        QVERIFY(expected.ok());
        cpu_backend cpu(2);
        const std::vector<backend*> backends{&cpu, cl->get()};
        sched_llama_options options;
        options.ngl = 2;
        auto got = run_llama_prompt_sched(*file, tokens, backends, options);
        QVERIFY2(got.ok(), got ? "" : got.err().message.c_str());
        float worst = 0;
        for (std::size_t i = 0; i < expected->size(); ++i) worst = std::max(worst, std::abs(got->logits[i] - (*expected)[i]));
        QVERIFY2(worst <= 1e-3f, std::to_string(worst).c_str());
        QVERIFY(got->report.plan.splits.size() > 1);
    }
};

QTEST_APPLESS_MAIN(test_sched_opencl)
#include "test_sched_opencl.moc"
