#include "thread_governor.h"

#include <algorithm>

namespace planscope::cpu {

int thread_governor::threads_for(int planned) {
    if (m_cap == 0 || m_capped_runs == 0) return planned; // no limit, or time to try all again
    --m_capped_runs;
    return std::min(planned, m_cap);
}

void thread_governor::record(int planned, int used, std::int64_t wall_ns, std::int64_t slept_ns) {
    if (used <= 1) return;
    if (slept_ns > wall_ns / 4) {
        m_cap = m_cap == 0 ? used - 1 : std::min(m_cap, used - 1);
        m_capped_runs = m_backoff;
        m_backoff = std::min(2 * m_backoff, max_backoff);
    } else if (used == planned) {
        m_cap = 0;
        m_capped_runs = 0;
        m_backoff = first_backoff;
    }
}

} // namespace planscope::cpu
