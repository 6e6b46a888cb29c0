#include "plan_stats.h"

#include "planner.h"

#include <algorithm>
#include <bit>
#include <map>
#include <set>

namespace planscope {

std::vector<step_memory> step_memory_of(const dsa_problem& p, const dsa_offsets& offsets) {
    // Lifetime boundaries: at each, ends are applied before starts.
    std::map<std::uint64_t, std::vector<std::pair<bool, std::uint32_t>>> changes;
    for (std::uint32_t i = 0; i < p.buffers.size(); ++i) {
        const dsa_buffer& b = p.buffers[i];
        if (b.size == 0 || b.upper <= b.lower) continue;
        changes[b.lower].emplace_back(true, i);
        changes[b.upper].emplace_back(false, i);
    }
    std::vector<step_memory> out;
    std::set<std::pair<std::uint64_t, std::uint32_t>> live; // by offset
    std::uint64_t live_bytes = 0;
    for (auto it = changes.begin(); it != changes.end(); ++it) {
        for (const auto& [start, i] : it->second) {
            if (start) continue;
            live.erase({offsets[i], i});
            live_bytes -= p.buffers[i].size;
        }
        for (const auto& [start, i] : it->second) {
            if (!start) continue;
            live.insert({offsets[i], i});
            live_bytes += p.buffers[i].size;
        }
        if (live.empty()) continue;
        step_memory s{it->first, std::next(it)->first, live_bytes, 0, 0, 0, 0};
        for (const auto& [offset, i] : live) { // in offset order: the holes are the gaps
            if (offset > s.high_water) {
                s.largest_free = std::max(s.largest_free, offset - s.high_water);
                s.free_blocks += 1;
            }
            s.high_water = std::max(s.high_water, offset + p.buffers[i].size);
        }
        s.free_bytes = s.high_water - live_bytes;
        out.push_back(s);
    }
    return out;
}

std::vector<size_bucket> size_histogram(const dsa_problem& p) {
    std::map<int, size_bucket> buckets; // by bit width: 0 holds size 0, k holds [2^(k-1), 2^k)
    for (const dsa_buffer& b : p.buffers) {
        const int k = std::bit_width(b.size);
        size_bucket& s = buckets[k];
        s.min_size = k == 0 ? 0 : std::uint64_t{1} << (k - 1);
        s.max_size = k == 0 ? 0 : k == 64 ? UINT64_MAX : (std::uint64_t{1} << k) - 1;
        s.count += 1;
        s.bytes += b.size;
    }
    std::vector<size_bucket> out;
    for (const auto& [k, s] : buckets) out.push_back(s);
    return out;
}

plan_stats compute_stats(const dsa_problem& p, const dsa_offsets& offsets) {
    plan_stats s;
    s.buffers = p.buffers.size();
    s.lower_bound = lower_bound(p);
    s.peak = peak(p, offsets);
    s.ratio = peak_ratio(s.peak, s.lower_bound);
    s.steps = step_memory_of(p, offsets);
    s.sizes = size_histogram(p);
    long double weighted = 0, length = 0;
    for (std::size_t k = 0; k < s.steps.size(); ++k) {
        const step_memory& m = s.steps[k];
        if (m.free_bytes > s.steps[s.most_fragmented].free_bytes) s.most_fragmented = k;
        weighted += static_cast<long double>(m.free_bytes) * static_cast<long double>(m.end_step - m.first_step);
        length += static_cast<long double>(m.end_step - m.first_step);
    }
    if (length > 0) s.mean_free_bytes = static_cast<std::uint64_t>(weighted / length);
    return s;
}

} // namespace planscope
