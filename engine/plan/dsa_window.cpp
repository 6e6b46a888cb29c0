#include "dsa_window.h"

#include "dsa_exact.h"
#include "dsa_search.h"

#include <algorithm>

namespace planscope {
namespace {

using clock_type = std::chrono::steady_clock;

// Margins on each side of the steps that matter, in lifetime boundaries (a trace's steps can be
// sparse: minimalloc's run to a million). On the bert traces the puzzle spans a few dozen steps,
// but the buffers that cross the window's edges need room outside it too: a margin of 64 solves
// both, and costs about as much as narrower ones (the buffers alive at the busiest steps make
// most of a window).
constexpr std::uint64_t margins[] = {64, 256, 1024, 4096, 16384};

// The buffers alive in [lo, hi), their lifetimes cut to it, and their indices in the problem.
struct window {
    dsa_problem problem;
    std::vector<std::uint32_t> original;
};

window cut(const dsa_problem& p, std::uint64_t lo, std::uint64_t hi) {
    window w;
    w.problem.alignment = p.alignment;
    for (std::uint32_t b = 0; b < p.buffers.size(); ++b) {
        dsa_buffer x = p.buffers[b];
        if (x.size == 0 || x.lower >= hi || x.upper <= lo) continue;
        x.lower = std::max(x.lower, lo);
        x.upper = std::min(x.upper, hi);
        w.problem.buffers.push_back(x);
        w.original.push_back(b);
    }
    return w;
}

} // namespace

std::optional<window_plan> solve_peak_windows(const dsa_problem& p, std::uint64_t capacity, std::uint64_t to_beat,
                                              clock_type::time_point deadline, double max_share) {
    // The busiest steps, where the bytes alive reach the lower bound: a plan at the bound packs
    // them without a hole, and that is where greedy plans lose.
    // Sizes come and go modulo 2^64: after a whole step the sum is exact, as it fits (check_problem).
    std::vector<std::pair<std::uint64_t, std::uint64_t>> changes;
    for (const dsa_buffer& b : p.buffers) {
        if (b.size == 0 || b.upper <= b.lower) continue;
        changes.emplace_back(b.lower, b.size);
        changes.emplace_back(b.upper, 0 - b.size);
    }
    std::sort(changes.begin(), changes.end());
    std::vector<std::uint64_t> times; // the distinct boundaries: margins count these
    std::uint64_t alive = 0, most = 0;
    std::size_t first = 0, last = 0;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        alive += changes[i].second;
        if (i + 1 < changes.size() && changes[i + 1].first == changes[i].first) continue; // the whole step first
        times.push_back(changes[i].first);
        if (alive > most) most = alive, first = times.size() - 1;
        if (alive == most) last = times.size() - 1;
    }
    if (most == 0) return std::nullopt; // nothing takes room
    std::optional<window_plan> best;
    std::uint64_t best_peak = to_beat;
    std::size_t previous = 0;
    greedy_placer placer(p);
    dsa_order rest; // by size, made once the first window is solved
    clock_type::duration last_try{};
    for (std::uint64_t margin : margins) {
        const window w = cut(p, times[first - std::min<std::size_t>(first, margin)],
                             times[std::min<std::size_t>(last + 1 + margin, times.size() - 1)]);
        if (w.original.size() == previous) continue; // the same window as the last try
        previous = w.original.size();
        if (static_cast<double>(w.original.size()) > max_share * static_cast<double>(p.buffers.size())) break;
        const auto now = clock_type::now();
        // A wider window costs more than the last: no use starting one without as much time.
        if (now + last_try >= deadline) break;
        // Most of what is left: a window solved a little late beats a wider one not tried.
        const exact_result r = exact_solver(w.problem).solve(capacity, now + (deadline - now) * 2 / 3);
        last_try = clock_type::now() - now;
        if (r.outcome != exact_outcome::found) continue;
        std::vector<char> in_window(p.buffers.size(), 0);
        dsa_order head;
        for (std::uint32_t i : order_by_offset(w.problem, r.offsets)) {
            head.push_back(w.original[i]);
            in_window[w.original[i]] = 1;
        }
        // Replayed first, the window's buffers land no higher than in its solution: under the
        // capacity. The others fill in around them, by size only: the puzzle is in the window,
        // and each pass over a large problem costs as much as a window's search.
        if (rest.empty()) rest = order_by_size(p);
        dsa_order order = head;
        for (std::uint32_t b : rest)
            if (!in_window[b]) order.push_back(b);
        const std::uint64_t top = placer.place(order);
        last_try = clock_type::now() - now; // the placement too: on a large problem it weighs
        if (top < best_peak) {
            best_peak = top;
            best = window_plan{std::move(order), placer.offsets(), top, w.original.size()};
            if (top <= capacity) return best;
        }
    }
    return best;
}

} // namespace planscope
