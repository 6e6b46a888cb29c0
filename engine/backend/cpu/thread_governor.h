#pragma once
// How many of a plan's threads a graph run uses. On a busy machine more threads can be slower than
// fewer: every barrier waits for the slowest thread, a thread that lost its core to another
// program stalls the others until it gets it back, and on a VM whose vCPUs share a core a second
// thread buys nothing while another program spins (two threads were 13-17 % slower than one on a
// decode node with one such program). So the governor times the runs: now and then it tries a
// neighbouring thread count for a few runs, and moves to it when their time per unit of cost was
// below that of the chosen count's runs since the last try. The tries grow rarer while the choice
// holds. A try far slower than the chosen count ends after one or two runs, and after a try far
// slower or faster the next waits 512 runs or more, so that such tries cost at most 1 % of the
// time (tries of 8 runs every 8, 16, 32... runs cost a two-thread decode product 6-10 % of its
// first few hundred runs on an idle machine). Runs far slower or faster than at the last try, 8 in
// a row, bring the next try forward: the machine's load changed. So does a run whose threads slept
// at barriers for over a quarter of its time, unless a try lost since the choice. Values do not
// depend on the thread count, so this changes only the time.
#include <cstdint>
#include <mutex>
#include <vector>

namespace planscope::cpu {

// The choice and wait a governor last settled on for a plan, where the next governor starts on
// the same plan (planned count and cost): a machine's load outlives a backend, and learning it
// again costs a new backend's first runs (under load, two threads' first run of stories260K took
// 20 times one thread's). Other plans start afresh: one plan's best count says little of another's.
// It keeps the last `plans` plans: backends of a prompt's plan and a decode step's alternate (under
// load, alternating backends of three plans each started afresh with one plan's memory, and their
// two threads took 1.03-1.32 times one thread's time).
// A governor that goes (or leaves the plan) leaves the runs still to wait before its next try, so
// that the wait spans backends: backends shorter than the wait would otherwise never try again
// (a benchmark's repetitions, each of some 100 runs on a backend of its own, kept 2-thread q4_0
// decode at one thread, 63 against 115 GFLOPS, after one try during a disturbance).
class governor_memory {
public:
    struct choice {
        int planned = 0;
        double cost = 0;
        int use = 0, period = 0, until_probe = 0;
    };
    static constexpr std::size_t plans = 16;
    // The plan's choice, or a choice of no plan (planned 0).
    [[nodiscard]] choice load(int planned, double cost) const;
    void store(const choice& c);
    // The one the CPU backends of this process share.
    static governor_memory& process();

private:
    mutable std::mutex m_mutex;
    std::vector<choice> m_choices; // the most recently stored first
};

class thread_governor {
public:
    // With a memory, it starts from the memory's choice and tells it its own.
    explicit thread_governor(governor_memory* memory = nullptr) : m_memory(memory) {}
    ~thread_governor() { remember(); }
    // Threads for the next run of a plan made for `planned` threads, of `cost` (exec_plan::cost).
    [[nodiscard]] int threads_for(int planned, double cost);
    // What a run on `used` of `planned` threads took: its wall time, the time its threads slept at
    // barriers (all threads together), and the plan's cost (exec_plan::cost).
    void record(int planned, int used, std::int64_t wall_ns, std::int64_t slept_ns, double cost);

    static constexpr int first_period = 8;  // runs on the chosen count before the first try
    static constexpr int max_period = 512;  // the longest wait while tries lose narrowly
    static constexpr int probe_runs = 8;    // runs a try lasts: a busy machine's runs vary by a quarter
    static constexpr double margin = 0.97;  // a try must be 3 % faster to win (no flapping)
    static constexpr int min_probe_runs = 2;   // a try clearly slower than this ends here
    static constexpr double clear_loss = 1.25; // clearly: by more than a busy machine's runs vary
    static constexpr double far_loss = 2.0;    // a try this much slower ends after its first run
    static constexpr double try_budget = 0.01; // of the time, at most, for tries of a far slower count
    static constexpr int longest_wait = 1 << 20; // the longest wait after a far slower or faster try
    static constexpr double changed = 1.5;     // the chosen count's runs this much slower or faster
    static constexpr int changed_runs = 8;     // in a row: the machine changed (1.25 and 4 went off
                                               // every few dozen runs of a busy machine)

private:
    void reset(int planned, double cost);
    // Tells the memory the choice, its wait and the runs left of it.
    void remember() const;
    void end_probe(double tried, double chosen, bool clearly_lost);
    [[nodiscard]] int neighbour() const;

    governor_memory* m_memory = nullptr;
    int m_planned = 0;
    double m_cost = 0;      // the cost of the plan the governor started on
    int m_use = 0;          // the chosen count
    int m_probe = 0;        // the count being tried; 0: none
    int m_probe_done = 0;   // runs of the try so far
    double m_probe_sum = 0; // their time per unit of cost
    int m_until_probe = first_period;
    int m_period = first_period;
    bool m_probe_up = false; // which neighbour the next try takes, when both exist
    double m_use_sum = 0;    // the chosen count's time per unit of cost, runs since the last try
    int m_use_runs = 0;
    double m_settled = 0;    // the chosen count's time per unit of cost at the last try; 0: none yet
    int m_changed_runs = 0;  // runs in a row clearly slower or faster than that
    double m_changed_sum = 0;
};

} // namespace planscope::cpu
