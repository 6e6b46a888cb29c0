#include "dsa_problem.h"

#include <algorithm>
#include <bit>
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

std::string range(std::uint64_t from, std::uint64_t to) { return "[" + std::to_string(from) + ", " + std::to_string(to) + ")"; }

} // namespace

status check_problem(const dsa_problem& p) {
    if (!std::has_single_bit(p.alignment))
        return error{"alignment " + std::to_string(p.alignment) + " is not a power of two"};
    std::uint64_t total = 0;
    for (const dsa_buffer& b : p.buffers) {
        std::uint64_t padded = 0;
        if (__builtin_add_overflow(b.size, p.alignment - 1, &padded) ||
            __builtin_add_overflow(total, padded / p.alignment * p.alignment, &total))
            return error{"buffer " + std::to_string(b.id) + ": size " + std::to_string(b.size) +
                         " takes the total of the sizes past 2^64 - 1 bytes"};
    }
    return success();
}

std::uint64_t lower_bound(const dsa_problem& p) {
    std::uint64_t live = 0, best = 0;
    for (const boundary& e : boundaries(p)) {
        if (e.start) {
            if (__builtin_add_overflow(live, p.buffers[e.index].size, &live)) return UINT64_MAX;
            best = std::max(best, live);
        } else {
            live -= p.buffers[e.index].size; // added before: cannot go below 0
        }
    }
    return best;
}

std::uint64_t peak(const dsa_problem& p, const dsa_offsets& offsets) {
    std::uint64_t top = 0;
    for (std::size_t i = 0; i < p.buffers.size() && i < offsets.size(); ++i) {
        std::uint64_t end = 0;
        if (p.buffers[i].size == 0) continue;
        if (__builtin_add_overflow(offsets[i], p.buffers[i].size, &end)) return UINT64_MAX;
        top = std::max(top, end);
    }
    return top;
}

status validate(const dsa_problem& p, const dsa_offsets& offsets) {
    if (offsets.size() != p.buffers.size())
        return error{std::to_string(offsets.size()) + " offsets for " + std::to_string(p.buffers.size()) + " buffers"};
    if (!std::has_single_bit(p.alignment))
        return error{"alignment " + std::to_string(p.alignment) + " is not a power of two"};
    // Ends first, so that the sweep below compares exact ends: a wrapped end would hide an overlap.
    std::vector<std::uint64_t> ends(offsets.size());
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        if (offsets[i] % p.alignment != 0)
            return error{id_of(p, i) + ": offset " + std::to_string(offsets[i]) + " is not a multiple of the alignment " +
                         std::to_string(p.alignment)};
        if (__builtin_add_overflow(offsets[i], p.buffers[i].size, &ends[i]))
            return error{id_of(p, i) + ": offset " + std::to_string(offsets[i]) + " + size " +
                         std::to_string(p.buffers[i].size) + " is past 2^64 - 1"};
    }
    // Live buffers by offset: a newcomer can only overlap its neighbours in this order.
    std::set<std::pair<std::uint64_t, std::size_t>> live;
    for (const boundary& e : boundaries(p)) {
        const std::pair key{offsets[e.index], e.index};
        if (!e.start) {
            live.erase(key);
            continue;
        }
        const auto next = live.lower_bound(key);
        std::optional<std::size_t> clash;
        if (next != live.end() && next->first < ends[e.index]) clash = next->second;
        if (next != live.begin() && ends[std::prev(next)->second] > key.first) clash = std::prev(next)->second;
        if (clash)
            return error{id_of(p, e.index) + " " + range(key.first, ends[e.index]) + " overlaps " + id_of(p, *clash) + " " +
                         range(offsets[*clash], ends[*clash]) + " at step " + std::to_string(e.time)};
        live.insert(key);
    }
    return success();
}

} // namespace planscope
