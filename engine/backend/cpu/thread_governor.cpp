#include "thread_governor.h"

#include <algorithm>

namespace planscope::cpu {

void thread_governor::reset(int planned) {
    *this = thread_governor{};
    m_planned = planned;
    m_use = planned;
}

// One thread fewer while the chosen count is the plan's, one more at one thread; otherwise on in
// the direction of the last try that won, or back from one that lost.
int thread_governor::neighbour() const {
    if (m_use == m_planned) return m_use - 1;
    if (m_use == 1) return 2;
    return m_probe_up ? m_use + 1 : m_use - 1;
}

int thread_governor::threads_for(int planned) {
    if (planned != m_planned) reset(planned);
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

void thread_governor::record(int planned, int used, std::int64_t wall_ns, std::int64_t slept_ns, double cost) {
    if (planned != m_planned || planned <= 1 || used < 1 || used > planned) return;
    const double rate = static_cast<double>(wall_ns) / std::max(cost, 1.0);
    if (used == m_probe) {
        m_probe_sum += rate;
        if (++m_probe_done < probe_runs) return;
        const double tried = m_probe_sum / probe_runs;
        const double chosen = m_use_sum / std::max(m_use_runs, 1);
        m_use_sum = 0;
        m_use_runs = 0;
        const bool went_up = m_probe > m_use;
        const bool won = tried < margin * chosen;
        m_probe_up = won == went_up;
        if (won) {
            m_use = m_probe;
            m_period = first_period;
        } else {
            m_period = std::min(2 * m_period, max_period);
        }
        m_probe = 0;
        m_until_probe = m_period;
        return;
    }
    if (used != m_use) return;
    m_use_sum += rate;
    ++m_use_runs;
    // Threads starved at barriers: try one fewer now rather than at the next scheduled try, unless
    // a try lost since the choice was made (the wait grew) and the starving did not matter.
    if (used > 1 && slept_ns > wall_ns / 4 && m_period == first_period) {
        m_until_probe = 0;
        m_probe_up = false;
    }
}

} // namespace planscope::cpu
