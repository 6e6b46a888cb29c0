// The scheduler end to end on CPU backends: measured then real buffer sizes worked out by hand,
// a CPU+CPU run of sched_fixture.h's graph equal to the CPU-only run, per-split timings and
// events, and the errors of a misused scheduler.
#include "sched/backend_factory.h"
#include "sched/sched.h"
#include "sched_fixture.h"

#include "backend/cpu/cpu_backend.h"
#include "models/llama_run.h"
#include "sched/sched_llama.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::test;

namespace {

// Two weight buffers (ids 0 and 1) on `b0` and `b1` (the same backend for a CPU-only run), the
// scheduler's compute buffers from id 2 on.
struct sched_run {
    buffer_table table;
    std::unique_ptr<scheduler> sched;
    sched_recorder events;

    status setup(std::vector<backend*> backends, backend& b0, backend& b1) {
        for (auto [id, owner] : {std::pair{0u, &b0}, std::pair{1u, &b1}}) {
            auto buf = owner->alloc_buffer(buffer_id{id}, 64);
            if (!buf) return buf.err();
            if (auto s = table.add(*buf); !s) return s;
        }
        auto s = scheduler::create(backends, table, buffer_id{2}, buffer_backend_of_table(table, backends));
        if (!s) return s.err();
        sched = std::move(*s);
        sched->set_observer(&events);
        // x on the best backend, bias on the last: where the hand-worked plan has them.
        sched_graph m = make_sched_graph();
        if (auto st = preallocate(m); !st) return st;
        return sched->init_measure(m.doc.ctx, m.doc.g);
    }

    status preallocate(sched_graph& g) {
        if (auto st = sched->allocator(0).alloc(g.doc.ctx, g.x); !st) return st;
        return sched->allocator(sched->n_backends() - 1).alloc(g.doc.ctx, g.bias);
    }

    result<std::vector<float>> compute() {
        sched_graph g = make_sched_graph();
        if (auto st = preallocate(g); !st) return st.err();
        const context& ctx = g.doc.ctx;
        int seed = 0;
        for (tensor_id id : {g.w0, g.w1, g.x, g.bias}) {
            const auto v = fixture_values(ctx[id], ++seed);
            if (auto st = tensor_set(table, ctx[id], v.data(), 0, nbytes(ctx[id])); !st) return st.err();
        }
        if (auto st = sched->graph_compute(g.doc.ctx, g.doc.g); !st) return st.err();
        std::vector<float> out(8);
        if (auto st = tensor_get(table, ctx[g.n5], out.data(), 0, 32); !st) return st.err();
        return out;
    }
};

} // namespace

class test_sched_compute : public QObject {
    Q_OBJECT

private slots:
    void buffers_are_the_measured_sizes() {
        cpu_backend a(1), b(1);
        sched_run run;
        QVERIFY(run.setup({&a, &b}, a, b).ok());
        QCOMPARE(run.sched->backend_names(), (std::vector<std::string>{"CPU", "CPU1"}));
        const auto buffers = run.sched->buffers();
        QCOMPARE(buffers.size(), std::size_t{2});
        // CPU: x (64 aligned) + n0; n1 runs inplace on n0, CPU#n2 reuses x's block, n3 inplace on it.
        QCOMPARE(buffers[0].size, std::size_t{128});
        // CPU1: bias, CPU1#n1 and n2; CPU1#r and n4 reuse the freed range, n5 inplace on n4.
        QCOMPARE(buffers[1].size, std::size_t{192});
        QVERIFY(!buffers[0].measure);
        QCOMPARE(buffers[0].allocated, std::size_t{128 + 64}); // the CPU backend's over-allocation, as the seed's
        QCOMPARE(buffers[1].id, buffer_id{3});
        QVERIFY(run.table.find(buffer_id{3}) != nullptr);
        std::vector<std::string> created;
        for (const sched_event& e : run.events.events())
            if (std::holds_alternative<sched_events::buffer_created>(e))
                created.push_back(describe(e, context{}, run.sched->backend_names()));
        QCOMPARE(created, (std::vector<std::string>{
                              "CPU buffer 2: 128 bytes measured", "CPU1 buffer 3: 192 bytes measured",
                              "CPU buffer 2: 128 bytes measured, allocated 192",
                              "CPU1 buffer 3: 192 bytes measured, allocated 256"}));
    }

    void two_cpu_backends_compute_what_one_computes() {
        cpu_backend a(1), b(2), solo(1);
        sched_run two, one;
        QVERIFY(two.setup({&a, &b}, a, b).ok());
        QVERIFY(one.setup({&solo}, solo, solo).ok());
        auto split = two.compute();
        QVERIFY2(split.ok(), split ? "" : split.err().message.c_str());
        auto whole = one.compute();
        QVERIFY2(whole.ok(), whole ? "" : whole.err().message.c_str());
        QCOMPARE(one.sched->plan().splits.size(), std::size_t{1});
        QCOMPARE(two.sched->plan().splits.size(), std::size_t{4});
        for (std::size_t i = 0; i < 8; ++i) QVERIFY(std::abs((*split)[i] - (*whole)[i]) <= 1e-6f);
        QVERIFY(std::any_of(split->begin(), split->end(), [](float v) { return v != 0.0f; }));

        const auto& timings = two.sched->timings();
        QCOMPARE(timings.size(), std::size_t{4});
        QCOMPARE(timings[0].bytes_copied, std::size_t{0});
        QCOMPARE(timings[1].bytes_copied, std::size_t{32});
        QCOMPARE(timings[3].backend, 1);
        const auto totals = two.sched->totals();
        QCOMPARE(totals[0].n_splits, std::size_t{2});
        QCOMPARE(totals[1].bytes_copied, std::size_t{64});
        std::vector<std::string> steps;
        for (const sched_event& e : two.events.events())
            if (std::holds_alternative<sched_events::compute_begin>(e) || std::holds_alternative<sched_events::input_copy>(e))
                steps.emplace_back(kind_name(e));
        QCOMPARE(steps, (std::vector<std::string>{"compute_begin", "input_copy", "compute_begin", "input_copy",
                                                  "compute_begin", "input_copy", "compute_begin"}));
    }

    // A user assignment made once holds for every later graph_compute (the seed loses it).
    void user_assignment_holds_across_computes() {
        cpu_backend a(1), b(1);
        sched_run run;
        QVERIFY(run.setup({&a, &b}, a, b).ok());
        for (int i = 0; i < 2; ++i) {
            sched_graph g = make_sched_graph();
            QVERIFY(run.sched->set_node_backend(g.n1, 1).ok());
            auto out = run.compute();
            QVERIFY(out.ok());
            QCOMPARE(run.sched->plan().splits.size(), std::size_t{2});
        }
        QVERIFY(!run.sched->set_node_backend(tensor_id{0}, 2).ok());
        // A graph larger than the measured one does not fit the hash capacity.
        sched_graph big = make_sched_graph();
        big.doc.g.leafs.push_back(big.x);
        const auto st = run.sched->graph_compute(big.doc.ctx, big.doc.g);
        QVERIFY(!st.ok());
        QCOMPARE(st.err().message, std::string("the graph has 12 tensors; init_measure sized the scheduler for 11"));
    }

    // stories260K with its last layers' weights on a second CPU backend, against the plain CPU run.
    void llama_on_two_cpu_backends_equals_the_cpu_run_data() {
        QTest::addColumn<int>("ngl");
        QTest::addColumn<int>("n_splits");
        QTest::newRow("ngl 0") << 0 << 1;
        // The KV cache stays on backend 0, so every offloaded layer goes back for its K/V stores
        // and attention (the seed's behaviour: "1.vsrc" pins the cache views).
        QTest::newRow("ngl 2") << 2 << 21;
        QTest::newRow("ngl 6 (output too)") << 6 << 52;
    }
    void llama_on_two_cpu_backends_equals_the_cpu_run() {
        QFETCH(int, ngl);
        QFETCH(int, n_splits);
        auto file = open_gguf(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
        if (!file) QSKIP("stories260K.gguf is not in the shared directory");
        const std::vector<std::int32_t> tokens{1, 403, 407, 261, 378};
        run_options plain;
        plain.n_threads = 2;
        auto expected = run_llama_prompt(*file, tokens, plain);
        QVERIFY(expected.ok());
        cpu_backend a(2), b(1);
        const std::vector<backend*> backends{&a, &b};
        sched_llama_options options;
        options.ngl = ngl;
        auto got = run_llama_prompt_sched(*file, tokens, backends, options);
        QVERIFY2(got.ok(), got ? "" : got.err().message.c_str());
        QCOMPARE(got->logits.size(), expected->size());
        float worst = 0;
        for (std::size_t i = 0; i < expected->size(); ++i) worst = std::max(worst, std::abs(got->logits[i] - (*expected)[i]));
        QVERIFY2(worst <= 1e-4f, std::to_string(worst).c_str());
        QCOMPARE(static_cast<int>(got->report.plan.splits.size()), n_splits);
        QVERIFY(got->report.warnings.empty());
    }

    void misuse_is_an_error() {
        cpu_backend a(1), b(1), c(1), d(1), e(1);
        buffer_table table;
        auto five = scheduler::create({&a, &b, &c, &d, &e}, table, buffer_id{0}, {});
        QVERIFY(!five.ok());
        QCOMPARE(five.err().message, std::string("5 backends given, the scheduler takes at most 4"));
        auto s = scheduler::create({&a}, table, buffer_id{0}, {});
        QVERIFY(s.ok());
        sched_graph g = make_sched_graph();
        auto st = (*s)->graph_compute(g.doc.ctx, g.doc.g);
        QVERIFY(!st.ok());
        QCOMPARE(st.err().message, std::string("graph_compute before init_measure: the scheduler has no buffers yet"));
    }

    void factory_parses_backend_lists_data() {
        QTest::addColumn<QString>("list");
        QTest::addColumn<int>("count");
        QTest::addColumn<QString>("error");
        QTest::newRow("cpu") << "cpu" << 1 << "";
        QTest::newRow("cpu,cpu") << "cpu,cpu" << 2 << "";
        QTest::newRow("unknown") << "cpu,tpu" << 0 << "unknown backend 'tpu' (known: cpu, opencl, rpc:HOST:PORT)";
        QTest::newRow("empty") << "" << 0 << "unknown backend '' (known: cpu, opencl, rpc:HOST:PORT)";
        QTest::newRow("rpc without a port") << "cpu,rpc:localhost" << 0 << "RPC endpoint 'localhost' is not HOST:PORT";
        QTest::newRow("rpc twice") << "rpc:127.0.0.1:9,cpu,rpc:127.0.0.1:9" << 0
                                   << "rpc:127.0.0.1:9 is listed twice: an rpc-server serves one client at a time";
    }
    void factory_parses_backend_lists() {
        QFETCH(QString, list);
        QFETCH(int, count);
        QFETCH(QString, error);
        auto made = make_backends(list.toStdString());
        QCOMPARE(made.ok(), error.isEmpty());
        if (made) QCOMPARE(static_cast<int>(made->size()), count);
        else QCOMPARE(QString::fromStdString(made.err().message), error);
    }
};

QTEST_APPLESS_MAIN(test_sched_compute)
#include "test_sched_compute.moc"
