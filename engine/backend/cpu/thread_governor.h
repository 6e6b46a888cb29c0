#pragma once
// How many of a plan's threads a graph run uses. Every barrier waits for the slowest thread, and on
// a busy machine a thread that lost its core to another program stalls the others until it gets
// it back: two threads sharing two cores with a third program were 15 % slower than one thread on
// a decode node. A thread that waits at a barrier longer than its spin sleeps; when the threads of
// a run slept for more than a quarter of its time, the next runs use one thread fewer, and after a
// while the full count is tried again (the wait doubling while the machine stays busy). Values do
// not depend on the thread count, so this changes only the time.
#include <cstdint>

namespace planscope::cpu {

class thread_governor {
public:
    // Threads for the next run of a plan made for `planned` threads.
    [[nodiscard]] int threads_for(int planned);
    // What a run on `used` of `planned` threads took: its wall time and the time its threads
    // slept at barriers, all threads together.
    void record(int planned, int used, std::int64_t wall_ns, std::int64_t slept_ns);

    static constexpr int first_backoff = 8;   // runs with fewer threads after the first starved run
    static constexpr int max_backoff = 512;

private:
    int m_cap = 0;         // the most threads runs use for now; 0: all
    int m_capped_runs = 0; // runs left before the full count is tried again
    int m_backoff = first_backoff;
};

} // namespace planscope::cpu
