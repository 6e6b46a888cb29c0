#include "dsa_search.h"

#include "dsa_exact.h"
#include "dsa_window.h"

#include <algorithm>
#include <bit>
#include <random>

namespace planscope {
namespace {

using clock_type = std::chrono::steady_clock;

// A window holding more than half of the buffers is no shortcut: the whole problem's search
// comes next.
constexpr double max_window_share = 0.5;

// The unit of the ladder's tries: on the minimalloc traces most capacities are solved within a
// few milliseconds or not in seconds, a few in a few hundred.
constexpr std::chrono::milliseconds probe_unit{5};

// The k-th point of the van der Corput sequence: k's bits mirrored after the binary point.
double van_der_corput(std::uint32_t k) {
    double x = 0, unit = 0.5;
    for (; k != 0; k >>= 1, unit /= 2)
        if ((k & 1) != 0) x += unit;
    return x;
}

// Luby's sequence (1, 1, 2, 1, 1, 2, 4, 1, ...), k from 1: restart budgets for searches whose
// running time is heavy-tailed, within a factor of the best fixed budget.
std::uint32_t luby(std::uint32_t k) {
    for (std::uint32_t bits = 1;; ++bits) {
        const std::uint32_t full = (std::uint32_t{1} << bits) - 1;
        if (k == full) return std::uint32_t{1} << (bits - 1);
        if (k < full) return luby(k - (std::uint32_t{1} << (bits - 1)) + 1);
    }
}

// Buffers whose end is the peak: moving one of them is the only way to lower it.
std::vector<std::uint32_t> at_peak(const dsa_problem& p, const dsa_offsets& offsets, std::uint64_t peak) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t b = 0; b < p.buffers.size(); ++b)
        if (p.buffers[b].size != 0 && offsets[b] + p.buffers[b].size == peak) out.push_back(b);
    return out;
}

} // namespace

std::uint64_t improve_order(const dsa_problem& p, dsa_order& order, std::uint64_t floor, clock_type::time_point deadline) {
    greedy_placer placer(p);
    std::uint64_t peak = placer.place(order);
    std::vector<std::uint32_t> top = at_peak(p, placer.offsets(), peak);
    std::vector<std::uint32_t> position(order.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) position[order[i]] = i;
    std::size_t same = order.size(); // the placer holds order[0, same)
    std::mt19937_64 rng(order.size()); // fixed seed: the same input takes the same steps
    dsa_order trial;
    while (peak > floor && !top.empty()) {
        if (clock_type::now() >= deadline) break; // a step can re-place thousands of buffers
        const std::uint32_t b = top[rng() % top.size()];
        const std::size_t from = position[b];
        if (from == 0) continue; // the first buffer sits at 0: its end is at most the lower bound
        // Mostly short moves: they re-place only the tail of the order, so many more fit the time
        // box, and a long move now and then.
        const std::size_t reach = std::size_t{1} << (rng() % (std::bit_width(from)));
        const std::size_t to = from - 1 - rng() % std::min(reach, from);
        trial = order;
        std::rotate(trial.begin() + static_cast<std::ptrdiff_t>(to), trial.begin() + static_cast<std::ptrdiff_t>(from),
                    trial.begin() + static_cast<std::ptrdiff_t>(from) + 1);
        const std::uint64_t trial_peak = placer.replace_from(trial, std::min(to, same), peak);
        same = std::min(to, same);
        if (trial_peak > peak) continue;
        // Equal peaks count as progress when fewer buffers reach it: a plateau walk.
        auto trial_top = at_peak(p, placer.offsets(), trial_peak);
        if (trial_peak == peak && trial_top.size() > top.size()) continue;
        order.swap(trial);
        for (std::size_t i = to; i <= from; ++i) position[order[i]] = static_cast<std::uint32_t>(i);
        peak = trial_peak;
        top = std::move(trial_top);
        same = order.size();
    }
    return peak;
}

dsa_order order_by_offset(const dsa_problem& p, const dsa_offsets& offsets) {
    dsa_order order(p.buffers.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return offsets[a] < offsets[b]; });
    return order;
}

search_result search_best(const dsa_problem& p, clock_type::time_point deadline) {
    const std::uint64_t bound = lower_bound(p);
    greedy_placer placer(p);
    search_result best{{}, UINT64_MAX, false};
    dsa_order best_order;
    const auto start = clock_type::now();
    clock_type::duration one_pass{};
    // The first plan is kept whatever its peak: a peak of 2^64 - 1 is a plan too.
    const auto keep = [&](dsa_order order) {
        if (const std::uint64_t peak = placer.place(order); best_order.empty() || peak < best.peak) {
            best = {placer.offsets(), peak, peak == bound};
            best_order = std::move(order);
        }
    };
    keep(order_by_size(p));
    if (best.optimal) return best;
    one_pass = clock_type::now() - start;
    // The other greedy orderings. On a problem of up to max_exact_buffers a pass takes
    // milliseconds: they all run, so that `best` is never worse than a greedy planner. On a larger
    // one a pass can take a good part of the time box (a second on some 100,000-buffer traces, far
    // more when most buffers live together): each runs while a pass still fits in the time left.
    const bool large = p.buffers.size() > max_exact_buffers;
    const auto other_orderings = [&] {
        for (auto ordering : {order_by_breadth, order_by_conflicts, order_by_area}) {
            if (large && clock_type::now() + one_pass >= deadline) return;
            keep(ordering(p));
            if (best.optimal) return;
        }
    };
    // On a large problem they come first: the windows below take most of what is left.
    if (large) other_orderings();
    if (best.optimal) return best;
    // The puzzle around the busiest steps, solved exactly in a window: on a small problem right
    // after the first greedy plan. It gets half of the time when the search of the whole problem
    // comes next, and 3/4 when that is too large.
    auto now = clock_type::now();
    const auto share = large ? (deadline - now) * 3 / 4 : (deadline - now) / 2;
    if (auto w = solve_peak_windows(p, bound, best.peak, now + share, max_window_share)) {
        best = {std::move(w->offsets), w->peak, w->peak == bound};
        best_order = std::move(w->order);
        if (best.optimal) return best;
    }
    if (!large) other_orderings();
    if (best.optimal) return best;
    if (p.buffers.size() <= max_exact_buffers) {
        // The exact search at the lower bound gets most of the time: when it succeeds the plan
        // is optimal.
        const exact_solver exact(p);
        now = clock_type::now();
        exact_result r = exact.solve(bound, now + (deadline - now) * 4 / 5);
        if (r.outcome == exact_outcome::found) {
            best = {std::move(r.offsets), 0, true};
            best.peak = peak(p, best.offsets);
            return best;
        }
        // Then looser capacities between the bound and the best peak, many tries with short
        // budgets: how hard a capacity is varies wildly from one to the next (minimalloc B: 1.03
        // x the bound is solved in 34 ms, 1.04 not in 1 s, 1.05 in 3 ms), so a binary search
        // that takes a timeout for "too tight" stops early. The tries go through the gap in van
        // der Corput order (1/2, 1/4, 3/4, 1/8, ...), with budgets in Luby's sequence; a plan
        // found lowers the gap's top, a proof raises its bottom. The first, in the middle of the
        // gap, gets a quarter of the time, as in a binary search: it often needs a little more
        // than a few milliseconds (minimalloc F).
        std::uint64_t lo = bound + 1; // below: the bound itself, or proved infeasible
        const auto ladder_end = clock_type::now() + (deadline - clock_type::now()) / 2;
        for (std::uint32_t k = 1; lo < best.peak && (now = clock_type::now()) < ladder_end; ++k) {
            const auto gap = static_cast<double>(best.peak - 1 - lo);
            const std::uint64_t capacity = lo + static_cast<std::uint64_t>(van_der_corput(k) * gap);
            const auto budget = k == 1 ? (ladder_end - now) / 4 : clock_type::duration(probe_unit * luby(k));
            r = exact.solve(capacity, std::min(ladder_end, now + budget));
            if (r.outcome == exact_outcome::infeasible) lo = capacity + 1;
            // Placing the exact plan's buffers by offset gives offsets no higher: an order the
            // local search below can start from.
            if (r.outcome == exact_outcome::found) keep(order_by_offset(p, r.offsets));
        }
    }
    // The last placement and the caller's validation fit in the time box too.
    if (!best_order.empty() && clock_type::now() + 3 * one_pass < deadline &&
        improve_order(p, best_order, bound, deadline - 2 * one_pass) < best.peak) {
        best.peak = placer.place(best_order);
        best.offsets = placer.offsets();
        best.optimal = best.peak == bound;
    }
    return best;
}

} // namespace planscope
