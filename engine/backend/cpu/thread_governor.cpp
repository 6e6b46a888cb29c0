#include "thread_governor.h"

#include <algorithm>
#include <cmath>

namespace planscope::cpu {

namespace {
bool same_plan(const governor_memory::choice& c, int planned, double cost) { return c.planned == planned && c.cost == cost; }
} // namespace

governor_memory::choice governor_memory::load(int planned, double cost) const {
    const std::scoped_lock lock(m_mutex);
    const auto it = std::find_if(m_choices.begin(), m_choices.end(), [&](const choice& c) { return same_plan(c, planned, cost); });
    return it != m_choices.end() ? *it : choice{};
}

void governor_memory::store(const choice& c) {
    const std::scoped_lock lock(m_mutex);
    const auto it = std::find_if(m_choices.begin(), m_choices.end(), [&](const choice& o) { return same_plan(o, c.planned, c.cost); });
    if (it != m_choices.end()) m_choices.erase(it);
    else if (m_choices.size() == plans) m_choices.pop_back();
    m_choices.insert(m_choices.begin(), c);
}

governor_memory& governor_memory::process() {
    static governor_memory memory;
    return memory;
}

void thread_governor::reset(int planned, double cost) {
    remember();
    *this = thread_governor{m_memory};
    m_planned = planned;
    m_cost = cost;
    m_use = planned;
    if (const governor_memory::choice c = m_memory ? m_memory->load(planned, cost) : governor_memory::choice{};
        c.planned == planned && c.use >= 1 && c.use <= planned && c.period > 0) {
        m_use = c.use;
        m_period = c.period;
        m_until_probe = std::clamp(c.until_probe, 0, c.period);
    }
}

void thread_governor::remember() const {
    if (!m_memory || m_planned <= 1) return;
    // Mid-try, the next governor tries again at once.
    m_memory->store({m_planned, m_cost, m_use, m_period, m_probe != 0 ? 0 : m_until_probe});
}

// One thread fewer while the chosen count is the plan's, one more at one thread; otherwise on in
// the direction of the last try that won, or back from one that lost.
int thread_governor::neighbour() const {
    if (m_use == m_planned) return m_use - 1;
    if (m_use == 1) return 2;
    return m_probe_up ? m_use + 1 : m_use - 1;
}

int thread_governor::threads_for(int planned, double cost) {
    if (planned != m_planned) reset(planned, cost);
    if (planned <= 1) return 1;
    if (m_probe != 0) return m_probe;
    if (m_until_probe > 0) {
        --m_until_probe;
        return m_use;
    }
    m_probe = neighbour();
    m_probe_done = 0;
    m_probe_sum = 0;
    return m_probe;
}

void thread_governor::end_probe(double tried, double chosen, bool clearly_lost) {
    const bool went_up = m_probe > m_use;
    const bool won = tried < margin * chosen;
    m_probe_up = won == went_up;
    if (won) m_use = m_probe;
    // A count far slower than its neighbour stays so until the machine changes, which the runs
    // will show: its next try waits until that try's extra time, min_probe_runs runs at today's
    // difference, is at most try_budget of the runs between (under load, two threads sharing
    // stories260K's small nodes took 20 times one thread's time: thousands of runs).
    if (clearly_lost || tried * clear_loss < chosen) {
        const double faster = std::min(tried, chosen), slower = std::max(tried, chosen);
        const double wait = min_probe_runs * (slower - faster) / (try_budget * faster);
        m_period = static_cast<int>(std::lround(std::clamp(wait, double{max_period}, double{longest_wait})));
    } else {
        m_period = won ? first_period : std::min(2 * m_period, max_period);
    }
    m_settled = won ? tried : chosen;
    m_use_sum = 0;
    m_use_runs = 0;
    m_changed_runs = 0;
    m_changed_sum = 0;
    m_probe = 0;
    m_until_probe = m_period;
    remember();
}

void thread_governor::record(int planned, int used, std::int64_t wall_ns, std::int64_t slept_ns, double cost) {
    if (planned != m_planned || planned <= 1 || used < 1 || used > planned) return;
    const double rate = static_cast<double>(wall_ns) / std::max(cost, 1.0);
    if (used == m_probe) {
        m_probe_sum += rate;
        const double tried = m_probe_sum / ++m_probe_done;
        const double chosen = m_use_sum / std::max(m_use_runs, 1);
        const bool clearly_lost = m_use_runs > 0 && (tried > far_loss * chosen ||
                                                     (m_probe_done >= min_probe_runs && tried > clear_loss * chosen));
        if (m_probe_done == probe_runs || clearly_lost) end_probe(tried, chosen, clearly_lost);
        return;
    }
    if (used != m_use) return;
    m_use_sum += rate;
    ++m_use_runs;
    // Runs far slower or faster than at the last try, several in a row: the machine's load
    // changed. Try now, against these runs only.
    const bool differs = m_settled > 0 && (rate > changed * m_settled || changed * rate < m_settled);
    m_changed_runs = differs ? m_changed_runs + 1 : 0;
    m_changed_sum = differs ? m_changed_sum + rate : 0;
    if (m_changed_runs == changed_runs) {
        m_use_sum = m_changed_sum;
        m_use_runs = m_changed_runs;
        m_until_probe = 0;
    }
    // Threads starved at barriers: try one fewer now rather than at the next scheduled try, unless
    // a try lost since the choice was made (the wait grew) and the starving did not matter.
    if (used > 1 && slept_ns > wall_ns / 4 && m_period == first_period) {
        m_until_probe = 0;
        m_probe_up = false;
    }
}

} // namespace planscope::cpu
