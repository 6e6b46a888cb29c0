#include "dsa_problem.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

namespace planscope {
namespace {

// Lifetime boundaries in time order, ends before starts at the same step: a buffer that dies at
// step t and one born at t never coexist.
struct boundary {
    std::uint64_t time;
    bool start;
    std::size_t index;
};

std::vector<boundary> boundaries(const dsa_problem& p) {
    std::vector<boundary> out;
    out.reserve(p.buffers.size() * 2);
    for (std::size_t i = 0; i < p.buffers.size(); ++i) {
        const dsa_buffer& b = p.buffers[i];
        if (b.upper <= b.lower || b.size == 0) continue; // never occupies anything
        out.push_back({b.lower, true, i});
        out.push_back({b.upper, false, i});
    }
    std::sort(out.begin(), out.end(), [](const boundary& a, const boundary& b) {
        return a.time != b.time ? a.time < b.time : a.start < b.start;
    });
    return out;
}

std::string id_of(const dsa_problem& p, std::size_t i) { return "buffer " + std::to_string(p.buffers[i].id); }

} // namespace

std::uint64_t lower_bound(const dsa_problem& p) {
    std::uint64_t live = 0, best = 0;
    for (const boundary& e : boundaries(p)) {
        if (e.start) {
            live += p.buffers[e.index].size;
            best = std::max(best, live);
        } else {
            live -= p.buffers[e.index].size;
        }
    }
    return best;
}

std::uint64_t peak(const dsa_problem& p, const dsa_offsets& offsets) {
    std::uint64_t top = 0;
    for (std::size_t i = 0; i < p.buffers.size() && i < offsets.size(); ++i)
        if (p.buffers[i].size != 0) top = std::max(top, offsets[i] + p.buffers[i].size);
    return top;
}

status validate(const dsa_problem& p, const dsa_offsets& offsets) {
    if (offsets.size() != p.buffers.size())
        return error{std::to_string(offsets.size()) + " offsets for " + std::to_string(p.buffers.size()) + " buffers"};
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        if (offsets[i] % p.alignment != 0)
            return error{id_of(p, i) + ": offset " + std::to_string(offsets[i]) + " is not a multiple of the alignment " +
                         std::to_string(p.alignment)};
    }
    // Live buffers by offset: a newcomer can only overlap its neighbours in this order.
    std::set<std::pair<std::uint64_t, std::size_t>> live;
    for (const boundary& e : boundaries(p)) {
        const std::pair key{offsets[e.index], e.index};
        if (!e.start) {
            live.erase(key);
            continue;
        }
        const std::uint64_t end = offsets[e.index] + p.buffers[e.index].size;
        const auto next = live.lower_bound(key);
        std::optional<std::size_t> clash;
        if (next != live.end() && next->first < end) clash = next->second;
        if (next != live.begin() && offsets[std::prev(next)->second] + p.buffers[std::prev(next)->second].size > key.first)
            clash = std::prev(next)->second;
        if (clash)
            return error{id_of(p, e.index) + " [" + std::to_string(key.first) + ", " + std::to_string(end) + ") overlaps " +
                         id_of(p, *clash) + " [" + std::to_string(offsets[*clash]) + ", " +
                         std::to_string(offsets[*clash] + p.buffers[*clash].size) + ") at step " +
                         std::to_string(e.time)};
        live.insert(key);
    }
    return success();
}

} // namespace planscope
