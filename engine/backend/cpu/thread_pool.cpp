#include "thread_pool.h"

#include <algorithm>
#include <cstdint>

namespace planscope::cpu {
namespace {

// Spins this many times (tens of microseconds) before sleeping at a barrier or on a late member.
constexpr int spins_before_sleep = 2000;

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}

using clock = std::chrono::steady_clock;

std::int64_t ns_since(clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - start).count();
}

std::int64_t now_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now().time_since_epoch()).count();
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
            const auto start = clock::now();
            m_phase.wait(phase, std::memory_order_acquire);
            m_slept_ns.fetch_add(ns_since(start), std::memory_order_relaxed);
        }
    }
}

thread_pool::thread_pool(int n_threads) {
    for (int i = 1; i < n_threads; ++i) {
        auto& w = *m_workers.emplace_back(std::make_unique<worker>());
        w.thread = std::thread([this, &w] { work(w); });
    }
    m_team.resize(m_workers.size());
}

thread_pool::~thread_pool() {
    for (auto& w : m_workers) {
        w->state.store(stopping, std::memory_order_release);
        w->state.notify_one();
    }
    for (auto& w : m_workers) w->thread.join();
}

void thread_pool::wake_one(worker& w) {
    std::uint32_t s = asleep;
    if (w.state.compare_exchange_strong(s, ready, std::memory_order_acq_rel)) w.state.notify_one();
}

void thread_pool::wake(int n) {
    const auto last = std::min(static_cast<std::size_t>(std::max(n - 1, 0)), m_workers.size());
    for (std::size_t i = 0; i < last; ++i) wake_one(*m_workers[i]);
}

bool thread_pool::available(worker& w, std::int64_t recent, bool wake) {
    const std::uint32_t s = w.state.load(std::memory_order_acquire);
    if (s == ready && w.looked.load(std::memory_order_relaxed) >= recent) return true;
    if (wake && s == asleep) wake_one(w);
    return false;
}

int thread_pool::run(int n, std::chrono::nanoseconds wait, const std::function<void(const team&)>& job, std::size_t item) {
    n = std::clamp(n, 1, size());
    const bool all = wait == all_threads;
    std::int64_t now = now_ns();
    const std::int64_t deadline = all ? 0 : now + wait.count();
    // Members are chosen first, then posted: they read nth. Waiting all_threads, any worker that
    // has started is taken, however long ago it looked (a sleeping one is woken by its post).
    int nth = 1;
    for (int spins = 0;; ++spins) {
        const std::int64_t recent = now - std::chrono::nanoseconds(running_within).count();
        nth = 1;
        for (auto& w : m_workers) {
            if (nth == n) break;
            const bool member = all ? w->state.load(std::memory_order_acquire) != starting
                                    : available(*w, recent, wait.count() > 0);
            if (member) m_team[static_cast<std::size_t>(nth++ - 1)] = w.get();
        }
        if (nth == n || (!all && now >= deadline)) break;
        if (spins < spins_before_sleep) {
            cpu_relax();
        } else {
            std::this_thread::yield(); // a worker may need this core to start or wake
        }
        now = now_ns();
    }
    // Written only when they change: each write costs every member a cache miss.
    if (m_job != &job) m_job = &job;
    if (m_nth != nth) m_nth = nth;
    m_barrier.reset(nth);
    m_pending.store(nth - 1, std::memory_order_relaxed);
    // One exchange a member: a worker chosen ready may have gone to sleep since, and is woken.
    for (int i = 1; i < nth; ++i) {
        worker& w = *m_team[static_cast<std::size_t>(i - 1)];
        w.item = item;
        if (w.state.exchange(busy + static_cast<std::uint32_t>(i), std::memory_order_acq_rel) == asleep) w.state.notify_one();
    }
    job(team{0, nth, &m_barrier, item});
    for (int spins = 0;; ++spins) {
        const int left = m_pending.load(std::memory_order_acquire);
        if (left == 0) break;
        if (spins < spins_before_sleep) {
            cpu_relax();
        } else {
            const auto start = clock::now();
            m_pending.wait(left, std::memory_order_acquire);
            m_slept_ns.fetch_add(ns_since(start), std::memory_order_relaxed);
        }
    }
    return nth;
}

std::uint32_t thread_pool::spin_while_ready(worker& w) {
    std::int64_t last = now_ns();
    const std::int64_t until = last + std::chrono::nanoseconds(idle_spin).count();
    w.looked.store(last, std::memory_order_relaxed);
    for (int spins = 1;; ++spins) {
        cpu_relax();
        const std::uint32_t s = w.state.load(std::memory_order_acquire);
        if (s != ready) return s;
        if (spins % 64 != 0) continue;
        // The clock every 64 spins (under a microsecond here). A long gap since the last look:
        // another thread had this core, and this one would only take it from that thread. No
        // sched_yield instead: each one charges the yielder a whole time slice, and the worker
        // then waits milliseconds for a core when it has work (or is told to stop) on a busy machine.
        const std::int64_t now = now_ns();
        if (now >= until || now - last > std::chrono::nanoseconds(preempted_after).count()) return ready;
        w.looked.store(now, std::memory_order_relaxed);
        last = now;
    }
}

void thread_pool::work(worker& w) {
    std::uint32_t s = starting;
    w.state.compare_exchange_strong(s, ready, std::memory_order_acq_rel); // unless stopping already
    for (;;) {
        s = spin_while_ready(w);
        if (s == stopping) return;
        if (s >= busy) {
            (*m_job)(team{static_cast<int>(s - busy), m_nth, &m_barrier, w.item});
            w.state.store(ready, std::memory_order_release);
            if (m_pending.fetch_sub(1, std::memory_order_acq_rel) == 1) m_pending.notify_one();
            continue;
        }
        // Idle: sleep until wake() or the pool's end, unless made busy meanwhile.
        s = ready;
        if (w.state.compare_exchange_strong(s, asleep, std::memory_order_acq_rel))
            w.state.wait(asleep, std::memory_order_acquire);
    }
}

int default_thread_count() {
    const unsigned n = std::thread::hardware_concurrency();
    return n == 0 ? 1 : static_cast<int>(n);
}

} // namespace planscope::cpu
