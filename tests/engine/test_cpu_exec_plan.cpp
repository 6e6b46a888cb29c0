// Which nodes the CPU backend shares among its threads (exec_plan.h): small nodes run on thread 0
// alone, consecutive ones without a barrier between them, large ones on every thread. Checked on
// the segments of a graph of small and large nodes, and on values: the same, bit for bit, with
// 1 thread, with 2 by size and with 2 sharing every node, exactly or among the workers ready. The
// thread governor's choices run by run (thread_governor.h), and the time the barrier reports slept.
#include "backend/cpu/exec_plan.h"
#include "cpu_harness.h"

#include <QtTest>

#include <chrono>
#include <cstring>
#include <thread>

using namespace planscope;
using namespace planscope::testing;

namespace {

// x [256, 2] -> add, mul (512 values: small) -> MUL_MAT by w [256, 256] (131,072 multiply-adds:
// large) -> add (small) -> repeat to [256, 64] (16,384 values: large).
struct mixed_graph {
    cpu_graph cg;
    tensor_id x, w, out;

    mixed_graph(int threads, cpu::split_policy split) : cg(threads) {
        cg.backend.set_split_policy(split);
        x = cg.leaf(dtype::f32, {256, 2, 1, 1});
        w = cg.leaf(dtype::f32, {256, 256, 1, 1});
        const tensor_id shape = cg.leaf(dtype::f32, {256, 64, 1, 1});
        const tensor_id a = cg.b.add(x, x);
        const tensor_id y = cg.b.mul_mat(w, cg.b.mul(a, a));
        out = cg.b.repeat(cg.b.add(y, y), shape);
    }
};

} // namespace

class TestCpuExecPlan : public QObject {
    Q_OBJECT
private slots:
    void segments_data();
    void segments();
    void same_values();
    void governor_data();
    void governor();
    void governor_memory();
    void governor_memory_wait();
    void barrier_counts_sleep();
};

void TestCpuExecPlan::segments_data() {
    QTest::addColumn<int>("threads");
    QTest::addColumn<int>("split");
    QTest::addColumn<QString>("want"); // first-last per segment, * when shared
    QTest::newRow("2 threads by size") << 2 << int(cpu::split_policy::by_size) << QStringLiteral("0-2 2-3* 3-4 4-5*");
    QTest::newRow("2 threads every node") << 2 << int(cpu::split_policy::every_node)
                                          << QStringLiteral("0-1* 1-2* 2-3* 3-4* 4-5*");
    QTest::newRow("1 thread") << 1 << int(cpu::split_policy::every_node) << QStringLiteral("0-5");
}

void TestCpuExecPlan::segments() {
    QFETCH(int, threads);
    QFETCH(int, split);
    QFETCH(QString, want);
    mixed_graph m(threads, static_cast<cpu::split_policy>(split));
    QVERIFY(m.cg.prepare(m.out).ok());
    auto plan = cpu::make_exec_plan({m.cg.ctx, m.cg.g, m.cg.table}, threads, f16_numerics::ggml,
                                    static_cast<cpu::split_policy>(split));
    QVERIFY2(plan.ok(), plan.ok() ? "" : plan.err().message.c_str());
    QCOMPARE(plan->nodes.size(), std::size_t{5});
    QStringList got;
    for (const cpu::exec_segment& s : plan->segments)
        got << QStringLiteral("%1-%2%3").arg(s.first).arg(s.last).arg(s.parallel ? "*" : "");
    QCOMPARE(got.join(' '), want);
}

void TestCpuExecPlan::same_values() {
    std::mt19937 rng(3);
    const host_tensor x = random_host({256, 2, 1, 1}, rng), w = random_host({256, 256, 1, 1}, rng);
    std::vector<host_tensor> results;
    struct setting {
        int threads;
        cpu::split_policy split;
        bool adaptive; // each node on the workers ready for it (thread_pool.h)
    };
    for (const setting& c : {setting{1, cpu::split_policy::by_size, false}, {2, cpu::split_policy::by_size, false},
                             {2, cpu::split_policy::every_node, false}, {2, cpu::split_policy::every_node, true}}) {
        mixed_graph m(c.threads, c.split);
        m.cg.backend.set_adaptive_threads(c.adaptive);
        QVERIFY(m.cg.prepare(m.out).ok());
        QVERIFY(m.cg.set(m.x, x).ok());
        QVERIFY(m.cg.set(m.w, w).ok());
        QVERIFY(m.cg.compute().ok());
        auto r = m.cg.get(m.out);
        QVERIFY(r.ok());
        results.push_back(*r);
    }
    QCOMPARE(results[0].v.size(), std::size_t{256 * 64});
    QVERIFY(results[0].v[0] != 0.0f);
    for (std::size_t i = 1; i < results.size(); ++i)
        QVERIFY(std::memcmp(results[i].v.data(), results[0].v.data(), results[0].v.size() * sizeof(float)) == 0);
}

// Runs of a plan for `planned` threads whose time depends on the thread count (`ms_at`: the time
// of a run on 1, 2, ... threads; a negative time is a run whose threads slept at barriers for
// half of it; `ms_later` from run `later_from` on): the threads the governor gives each run. 8
// runs on the chosen count, a try of 8 runs on a neighbour (2 when it is over 25 % slower, 1 when
// over twice as slow), the wait before the next try doubling while the choice holds; after a try
// 25 % slower or faster, the wait that keeps the next such try under 1 % of the time, 512 runs or
// more; 8 runs in a row 1.5 times slower or faster than at the last try bring a try forward.
void TestCpuExecPlan::governor_data() {
    QTest::addColumn<int>("planned");
    QTest::addColumn<QList<int>>("ms_at");
    QTest::addColumn<int>("later_from");
    QTest::addColumn<QList<int>>("ms_later");
    QTest::addColumn<QList<int>>("threads");
    const auto times = [](int n, int v) { return QList<int>(n, v); };
    QTest::newRow("idle: 2 far faster, 1 tried for 2 runs after 8, then after 512")
        << 2 << QList<int>{10, 6} << -1 << QList<int>{} << times(8, 2) + times(2, 1) + times(512, 2) + times(2, 1) + times(2, 2);
    QTest::newRow("busy: 1 faster, taken after the try; 2 tried after 8 runs, then after 16")
        << 2 << QList<int>{10, 12} << -1 << QList<int>{}
        << times(8, 2) + times(8, 1) + times(8, 1) + times(8, 2) + times(16, 1) + times(8, 2);
    QTest::newRow("within 3 %: the choice holds")
        << 2 << QList<int>{10, 10} << -1 << QList<int>{} << times(8, 2) + times(8, 1) + times(16, 2);
    QTest::newRow("4 threads: down one count at a time to the fastest, 2")
        << 4 << QList<int>{20, 10, 12, 14} << -1 << QList<int>{}
        << times(8, 4) + times(8, 3) + times(8, 3) + times(8, 2) + times(8, 2) + times(2, 1) + times(20, 2);
    QTest::newRow("load appears: 2 threads' runs far slower, 1 tried after 8 of them")
        << 2 << QList<int>{10, 6} << 30 << QList<int>{14, 16}
        << times(8, 2) + times(2, 1) + times(20, 2) + times(8, 2) + times(8, 1) + times(8, 1) + times(8, 2) + times(4, 1);
    QTest::newRow("load goes: 1 thread's runs far faster, 2 tried after 8 of them")
        << 2 << QList<int>{14, 16} << 60 << QList<int>{8, 5}
        << times(8, 2) + times(8, 1) + times(8, 1) + times(8, 2) + times(16, 1) + times(8, 2) + times(12, 1) + times(8, 2) +
               times(28, 2);
    QTest::newRow("starved at a barrier: one fewer tried at once")
        << 2 << QList<int>{10, -12} << -1 << QList<int>{} << QList<int>{2} + times(8, 1) + times(8, 1) + times(8, 2) + times(16, 1);
    QTest::newRow("busy from the start: 1 far faster, 2 tried again only after 512 runs")
        << 2 << QList<int>{10, -30} << -1 << QList<int>{} << QList<int>{2} + times(8, 1) + times(512, 1) + times(1, 2) + times(2, 1);
    QTest::newRow("busy, 2 threads 20 times slower: tried for 1 run, 3,800 runs apart")
        << 2 << QList<int>{10, -200} << -1 << QList<int>{} << QList<int>{2} + times(8, 1) + times(3800, 1) + times(1, 2) + times(3, 1);
    QTest::newRow("starved but still faster: kept")
        << 2 << QList<int>{10, -6} << -1 << QList<int>{} << QList<int>{2} + times(2, 1) + times(16, 2);
    QTest::newRow("one thread is never changed") << 1 << QList<int>{10} << -1 << QList<int>{} << times(30, 1);
}

void TestCpuExecPlan::governor() {
    QFETCH(int, planned);
    QFETCH(QList<int>, ms_at);
    QFETCH(int, later_from);
    QFETCH(QList<int>, ms_later);
    QFETCH(QList<int>, threads);
    cpu::thread_governor g;
    for (qsizetype run = 0; run < threads.size(); ++run) {
        const int used = g.threads_for(planned, 1000.0);
        QVERIFY2(used == threads[run], qPrintable(QStringLiteral("run %1: %2 threads, want %3").arg(run).arg(used).arg(threads[run])));
        const int ms = (later_from >= 0 && run >= later_from ? ms_later : ms_at)[used - 1];
        const std::int64_t ns = std::int64_t{std::abs(ms)} * 1'000'000;
        g.record(planned, used, ns, ms < 0 ? ns / 2 : 0, 1000.0);
    }
}

// A governor with a memory starts where the last one settled, on the same plan only (planned count
// and cost), also after governors of other plans.
void TestCpuExecPlan::governor_memory() {
    cpu::governor_memory memory;
    const auto run = [](cpu::thread_governor& g, int planned, int ms_1, int ms_n) {
        const int used = g.threads_for(planned, 1000.0);
        const std::int64_t ns = std::int64_t{used == 1 ? ms_1 : ms_n} * 1'000'000;
        g.record(planned, used, ns, used == 1 ? 0 : ns / 2, 1000.0);
        return used;
    };
    cpu::thread_governor first(&memory);
    QList<int> got;
    for (int i = 0; i < 9; ++i) got << run(first, 2, 10, 30);
    QCOMPARE(got, QList<int>({2, 1, 1, 1, 1, 1, 1, 1, 1})); // starved, then 1 far faster
    QCOMPARE(memory.load(2, 1000.0).use, 1);
    QCOMPARE(memory.load(2, 1000.0).period, 512);

    cpu::thread_governor second(&memory);
    got.clear();
    for (int i = 0; i < 513; ++i) got << run(second, 2, 10, 30);
    QCOMPARE(got, QList<int>(512, 1) + QList<int>{2});

    {
        cpu::thread_governor other_count(&memory), other_plan(&memory), without;
        QCOMPARE(other_count.threads_for(4, 1000.0), 4);
        QCOMPARE(other_plan.threads_for(2, 2000.0), 2);
        QCOMPARE(without.threads_for(2, 1000.0), 2);
    } // the other plans' governors store their choices as they go
    QCOMPARE(memory.load(4, 1000.0).use, 4);
    QCOMPARE(memory.load(2, 2000.0).use, 2);
    cpu::thread_governor third(&memory);
    QCOMPARE(third.threads_for(2, 1000.0), 1);

    // Only the last plans are kept: 16 more push this one out.
    for (int i = 0; i < int(cpu::governor_memory::plans); ++i) {
        cpu::thread_governor g(&memory);
        QCOMPARE(g.threads_for(2, 3000.0 + i), 2);
    }
    QCOMPARE(memory.load(2, 1000.0).planned, 0);
    QCOMPARE(memory.load(2, 3000.0).planned, 2);
}

// The wait spans governors: one that goes 300 runs into a 512-run wait leaves 212 to the next; one
// that goes mid-try leaves none.
void TestCpuExecPlan::governor_memory_wait() {
    const auto run = [](cpu::thread_governor& g, int ms_1, int ms_2) {
        const int used = g.threads_for(2, 1000.0);
        const std::int64_t ns = std::int64_t{used == 1 ? ms_1 : ms_2} * 1'000'000;
        g.record(2, used, ns, used == 1 ? 0 : ns / 2, 1000.0);
        return used;
    };
    cpu::governor_memory memory;
    {
        cpu::thread_governor first(&memory);
        for (int i = 0; i < 9; ++i) run(first, 10, 30); // settles on 1 thread, 512 runs to wait
        QCOMPARE(memory.load(2, 1000.0).until_probe, 512);
        for (int i = 0; i < 300; ++i) QCOMPARE(run(first, 10, 30), 1);
    }
    QCOMPARE(memory.load(2, 1000.0).until_probe, 212);
    QList<int> got;
    {
        cpu::thread_governor second(&memory);
        // Two threads now close to one: the try goes on past its first run.
        for (int i = 0; i < 213; ++i) got << run(second, 10, 11);
        QCOMPARE(got, QList<int>(212, 1) + QList<int>{2});
    }
    QCOMPARE(memory.load(2, 1000.0).use, 1);
    QCOMPARE(memory.load(2, 1000.0).until_probe, 0);
    cpu::thread_governor third(&memory);
    QCOMPARE(third.threads_for(2, 1000.0), 2); // tries at once
}

// A thread 30 ms late: the other spins, then sleeps, and the barrier reports the sleep.
void TestCpuExecPlan::barrier_counts_sleep() {
    cpu::spin_barrier barrier(2);
    std::jthread late([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        barrier.wait();
    });
    barrier.wait();
    late.join();
    QVERIFY2(barrier.slept_ns() >= 20'000'000, qPrintable(QString::number(barrier.slept_ns())));
    QVERIFY(barrier.slept_ns() < 10'000'000'000);
}

QTEST_APPLESS_MAIN(TestCpuExecPlan)
#include "test_cpu_exec_plan.moc"
