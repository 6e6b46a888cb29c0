#pragma once
// The CPU backend's threads: started once and reused for every graph, as ggml reuses its
// workers within a graph. A graph runs as one parallel region; threads meet at a spin_barrier
// between nodes instead of being woken per op.
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>
#include <vector>

namespace planscope::cpu {

// Reusable barrier for a fixed number of threads. Spins (the wait between two nodes is short),
// then sleeps, so that more threads than free cores still make progress.
class spin_barrier {
public:
    explicit spin_barrier(int n) : m_n(n) {}
    void wait();
    // Nanoseconds the threads slept here waiting for a late one, all threads together.
    [[nodiscard]] std::int64_t slept_ns() const { return m_slept_ns.load(std::memory_order_relaxed); }

private:
    const int m_n;
    std::atomic<int> m_arrived{0};
    std::atomic<std::uint32_t> m_phase{0};
    std::atomic<std::int64_t> m_slept_ns{0};
};

class thread_pool {
public:
    // n_threads - 1 workers; the calling thread is thread 0 of every run.
    explicit thread_pool(int n_threads);
    ~thread_pool();
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;

    [[nodiscard]] int size() const { return static_cast<int>(m_workers.size()) + 1; }

    // Calls job(ith) for ith in [0, n) on n threads (n <= size()) and returns when all are done.
    // Not reentrant: one run at a time.
    void run(int n, const std::function<void(int)>& job);

private:
    void work(int ith);

    std::vector<std::thread> m_workers;
    const std::function<void(int)>* m_job = nullptr;
    int m_n = 0;
    std::atomic<std::uint32_t> m_generation{0}; // bumped to start a run
    std::atomic<int> m_pending{0};              // workers yet to finish the current run
    std::atomic<bool> m_stop{false};
};

// ggml's GGML_MAX_N_THREADS: more is refused rather than left to std::thread to fail on.
inline constexpr int max_threads = 512;

// std::thread::hardware_concurrency(), at least 1: the seed's default thread count.
int default_thread_count();

} // namespace planscope::cpu
