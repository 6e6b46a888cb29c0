#include "thread_pool.h"

#include <chrono>

namespace planscope::cpu {
namespace {

// Spins this many times (tens of microseconds) before sleeping.
constexpr int spins_before_sleep = 2000;

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

} // namespace

void spin_barrier::wait() {
    const std::uint32_t phase = m_phase.load(std::memory_order_acquire);
    if (m_arrived.fetch_add(1, std::memory_order_acq_rel) == m_n - 1) {
        m_arrived.store(0, std::memory_order_relaxed);
        m_phase.store(phase + 1, std::memory_order_release);
        m_phase.notify_all(); // only a system call when someone went to sleep
        return;
    }
    for (int spins = 0; m_phase.load(std::memory_order_acquire) == phase; ++spins) {
        if (spins < spins_before_sleep) {
            cpu_relax();
        } else {
            // A late thread is probably not running (more threads than free cores): sleep rather
            // than take the core it may need.
            const auto start = std::chrono::steady_clock::now();
            m_phase.wait(phase, std::memory_order_acquire);
            const auto slept = std::chrono::steady_clock::now() - start;
            m_slept_ns.fetch_add(std::chrono::duration_cast<std::chrono::nanoseconds>(slept).count(),
                                 std::memory_order_relaxed);
        }
    }
}

thread_pool::thread_pool(int n_threads) {
    for (int i = 1; i < n_threads; ++i) m_workers.emplace_back([this, i] { work(i); });
}

thread_pool::~thread_pool() {
    m_stop.store(true, std::memory_order_release);
    m_generation.fetch_add(1, std::memory_order_release);
    m_generation.notify_all();
    for (auto& t : m_workers) t.join();
}

void thread_pool::run(int n, const std::function<void(int)>& job) {
    // Every worker acknowledges every run, taking part or not, so none can still be looking at
    // this run's job when the next one is posted.
    const bool parallel = n > 1;
    if (parallel) {
        m_job = &job;
        m_n = n;
        m_pending.store(size() - 1, std::memory_order_relaxed);
        m_generation.fetch_add(1, std::memory_order_release);
        m_generation.notify_all();
    }
    job(0);
    if (!parallel) return;
    for (int spins = 0;; ++spins) {
        const int left = m_pending.load(std::memory_order_acquire);
        if (left == 0) break;
        if (spins < spins_before_sleep) {
            cpu_relax();
        } else {
            m_pending.wait(left, std::memory_order_acquire);
        }
    }
}

void thread_pool::work(int ith) {
    std::uint32_t seen = 0;
    for (;;) {
        // Spin briefly (the next graph often follows at once), then sleep until the next run.
        for (int spins = 0; m_generation.load(std::memory_order_acquire) == seen; ++spins) {
            if (spins < spins_before_sleep) {
                cpu_relax();
            } else {
                m_generation.wait(seen, std::memory_order_acquire);
            }
        }
        seen = m_generation.load(std::memory_order_acquire);
        if (m_stop.load(std::memory_order_acquire)) return;
        if (ith < m_n) (*m_job)(ith);
        if (m_pending.fetch_sub(1, std::memory_order_acq_rel) == 1) m_pending.notify_one();
    }
}

int default_thread_count() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

} // namespace planscope::cpu
