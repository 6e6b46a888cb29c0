// The CPU backend's thread pool (thread_pool.h): a team of exactly the threads asked for, each
// thread once, sharing a barrier sized to the team; a team of the workers ready at the call,
// which leaves out a sleeping one without waiting for it and takes it again once woken.
#include "backend/cpu/thread_pool.h"

#include <QtTest>

#include <array>
#include <chrono>
#include <mutex>
#include <set>
#include <thread>

using namespace planscope;

class TestCpuThreadPool : public QObject {
    Q_OBJECT
private slots:
    void all_threads();
    void ready_leaves_out_sleepers();
};

// Teams of 4, 2, 3 and 1 threads in turn: ith 0 on the caller, the others on distinct workers,
// each once; the barrier holds every member until all have written their value.
void TestCpuThreadPool::all_threads() {
    cpu::thread_pool pool(4);
    QCOMPARE(pool.size(), 4);
    const auto caller = std::this_thread::get_id();
    for (int round = 0; round < 40; ++round) {
        const int n = std::array{4, 2, 3, 1}[static_cast<std::size_t>(round % 4)];
        std::array<std::atomic<int>, 4> value{};
        std::array<int, 4> sum{}, team_size{};
        std::array<std::thread::id, 4> ran_on{};
        std::mutex mutex;
        const int nth = pool.run(n, cpu::thread_pool::all_threads, [&](const cpu::team& t) {
            value[static_cast<std::size_t>(t.ith)].store(t.ith + 1);
            t.barrier->wait();
            int total = 0;
            for (const auto& v : value) total += v.load();
            const std::scoped_lock lock(mutex);
            sum[static_cast<std::size_t>(t.ith)] = total;
            team_size[static_cast<std::size_t>(t.ith)] = t.nth;
            ran_on[static_cast<std::size_t>(t.ith)] = std::this_thread::get_id();
        });
        QCOMPARE(nth, n);
        const int want = n * (n + 1) / 2;
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(sum[i], int(i) < n ? want : 0);
            QCOMPARE(team_size[i], int(i) < n ? n : 0);
        }
        QCOMPARE(ran_on[0], caller);
        const std::set<std::thread::id> threads(ran_on.begin(), ran_on.begin() + n);
        QCOMPARE(int(threads.size()), n);
    }
}

// A worker idle past idle_spin sleeps: a run that does not wait leaves it out at once (thread 0
// alone) and does not wake it; one that waits wakes it and takes it again.
void TestCpuThreadPool::ready_leaves_out_sleepers() {
    cpu::thread_pool pool(2);
    const auto job = [](const cpu::team&) {};
    QCOMPARE(pool.run(2, cpu::thread_pool::all_threads, job), 2); // the worker has started
    std::this_thread::sleep_for(100 * cpu::thread_pool::idle_spin);
    const std::int64_t slept = pool.slept_ns();
    for (int i = 0; i < 3; ++i) {
        const auto start = std::chrono::steady_clock::now();
        QCOMPARE(pool.run(2, std::chrono::nanoseconds{0}, job), 1);
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::milliseconds(50));
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    QCOMPARE(pool.slept_ns(), slept); // nothing waited for a member
    // A run that may wait wakes it and takes it again (given a core: tried for up to 30 s).
    int nth = 1;
    for (const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
         nth == 1 && std::chrono::steady_clock::now() < until;)
        nth = pool.run(2, std::chrono::milliseconds(10), job);
    QCOMPARE(nth, 2);
}

QTEST_APPLESS_MAIN(TestCpuThreadPool)
#include "test_cpu_thread_pool.moc"
