#pragma once
// The CPU backend's threads: started with the backend and reused for every graph. Thread 0 (the
// caller) walks the graph and hands each shared node to a team: itself and the workers that are
// idle and running on a core of their own at that moment. A worker still starting, asleep or
// waiting for a core is not waited for and joins the teams of later nodes, so a graph never waits
// for a thread to start or to get a core back (the first graph of a process on 2 threads of a
// 2-vCPU VM took 2-4 times one thread's time, waiting at each node for a worker woken from sleep
// or for its turn on a core that another program kept busy). ggml's threads instead all take part
// in every node, spinning at a barrier between two.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

namespace planscope::cpu {

// Reusable barrier for a fixed number of threads. Spins (the wait between two nodes is short),
// then sleeps, so that more threads than free cores still make progress.
class spin_barrier {
public:
    explicit spin_barrier(int n) : m_n(n) {}
    // A new team size; only while no thread waits here.
    void reset(int n) {
        if (m_n != n) m_n = n; // no write, no cache miss for the others, while it stays
    }
    void wait();
    // Nanoseconds the threads slept here waiting for a late one, all threads together.
    [[nodiscard]] std::int64_t slept_ns() const { return m_slept_ns.load(std::memory_order_relaxed); }

private:
    int m_n;
    std::atomic<int> m_arrived{0};
    std::atomic<std::uint32_t> m_phase{0};
    std::atomic<std::int64_t> m_slept_ns{0};
};

// One thread's place in a team: thread ith of nth, the team's barrier, and what run() was given
// to work on.
struct team {
    int ith = 0;
    int nth = 1;
    spin_barrier* barrier = nullptr;
    std::size_t item = 0;
};

class thread_pool {
public:
    // n_threads - 1 workers, started at once; the calling thread is thread 0 of every team.
    explicit thread_pool(int n_threads);
    ~thread_pool();
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;

    [[nodiscard]] int size() const { return static_cast<int>(m_workers.size()) + 1; }

    // Wakes the sleeping workers among the first n - 1, those a team of n takes first, so that
    // they are ready for the next runs: a graph is about to start. A system call per one asleep.
    void wake(int n);

    // Calls job({ith, nth, barrier, item}) for ith in [0, nth) on the caller (ith 0) and nth - 1
    // workers, and returns nth when all are done. One job for many runs, told apart by item, costs
    // the members less: they read what changed on a cache line of their own. nth is 1 + the workers idle and running at the call, at most
    // n (at most size()), and those that become so within `wait`, which also wakes sleeping ones
    // (without a wait, only wake() does). Waiting all_threads, nth is n (tests of the kernels'
    // splits). Not reentrant: one run at a time.
    int run(int n, std::chrono::nanoseconds wait, const std::function<void(const team&)>& job, std::size_t item = 0);
    static constexpr std::chrono::nanoseconds all_threads = std::chrono::nanoseconds::max();

    // Nanoseconds threads slept at the team's barrier or waiting for a late member, all threads
    // together, since the pool started (what a worker sleeps while idle is not counted).
    [[nodiscard]] std::int64_t slept_ns() const {
        return m_slept_ns.load(std::memory_order_relaxed) + m_barrier.slept_ns();
    }

    // How long an idle worker spins before it sleeps: longer than the small nodes a graph runs on
    // thread 0 between two shared ones (stories260K: up to 40 us), so that it is seldom asleep
    // when a shared node comes, and short enough not to keep a core from other programs.
    static constexpr std::chrono::microseconds idle_spin{250};
    // A ready worker that looked for work this recently runs on a core of its own: one that shares
    // thread 0's core (a busy machine) looked before thread 0 got it back, and would make every
    // node wait for a switch between the two (60 us a node where the node took 1-2 us).
    static constexpr std::chrono::microseconds running_within{10};
    // An idle worker that finds it did not run for this long (its core went to another thread)
    // sleeps at once: it would only take a core that another thread needs (thread 0's, say).
    static constexpr std::chrono::microseconds preempted_after{50};

private:
    // A worker's state; thread 0 moves it from ready (or asleep) to busy, the worker back to ready
    // when done and from ready to asleep when idle for idle_spin or preempted, thread 0 from
    // asleep to ready to wake it (the worker sleeps on its state).
    enum : std::uint32_t { starting, ready, asleep, stopping, busy };
    struct alignas(64) worker {
        std::atomic<std::uint32_t> state{starting}; // busy + ith while running job(ith)
        std::atomic<std::int64_t> looked{0};         // when it last saw itself ready (steady clock, ns)
        std::size_t item = 0;                        // its run's, written before it is made busy
        std::thread thread;
    };
    void work(worker& w);
    static void wake_one(worker& w);
    // Spins while the worker is ready, at most idle_spin (less once preempted); returns the state
    // then.
    static std::uint32_t spin_while_ready(worker& w);
    // Whether a worker is ready and runs (it looked for work since `recent`, ns of the steady
    // clock); if not, with `wake`, wakes it if it sleeps.
    static bool available(worker& w, std::int64_t recent, bool wake);

    std::vector<std::unique_ptr<worker>> m_workers;
    std::vector<worker*> m_team; // the current run's members, by ith - 1
    const std::function<void(const team&)>* m_job = nullptr;
    int m_nth = 1;
    spin_barrier m_barrier{1};
    alignas(64) std::atomic<int> m_pending{0}; // team members yet to finish the current run
    std::atomic<std::int64_t> m_slept_ns{0};
};

// ggml's GGML_MAX_N_THREADS: more is refused rather than left to std::thread to fail on.
inline constexpr int max_threads = 512;

// std::thread::hardware_concurrency(), at least 1: the seed's default thread count.
int default_thread_count();

} // namespace planscope::cpu
