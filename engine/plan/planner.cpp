#include "planner.h"

#include "dsa_ggml.h"
#include "dsa_greedy.h"
#include "dsa_search.h"

#include <array>

namespace planscope {
namespace {

constexpr std::array<planner_kind, 5> planners{planner_kind::ggml, planner_kind::greedy_size,
                                               planner_kind::greedy_breadth, planner_kind::greedy_conflicts,
                                               planner_kind::best};

result<dsa_offsets> greedy(const dsa_problem& p, const dsa_order& order) {
    greedy_placer placer(p);
    placer.place(order);
    return placer.offsets();
}

result<dsa_offsets> run(const dsa_problem& p, planner_kind k, const planner_options& options) {
    switch (k) {
    case planner_kind::ggml: return plan_ggml_online(p);
    case planner_kind::greedy_size: return greedy(p, order_by_size(p));
    case planner_kind::greedy_breadth: return greedy(p, order_by_breadth(p));
    case planner_kind::greedy_conflicts: return greedy(p, order_by_conflicts(p));
    case planner_kind::best: return search_best(p, std::chrono::steady_clock::now() + options.time_box).offsets;
    }
    return error{"unknown planner"};
}

} // namespace

std::string_view name(planner_kind k) {
    switch (k) {
    case planner_kind::ggml: return "ggml";
    case planner_kind::greedy_size: return "greedy-size";
    case planner_kind::greedy_breadth: return "greedy-breadth";
    case planner_kind::greedy_conflicts: return "greedy-conflicts";
    case planner_kind::best: return "best";
    }
    return "?";
}

std::optional<planner_kind> parse_planner(std::string_view s) {
    for (planner_kind k : planners)
        if (name(k) == s) return k;
    return std::nullopt;
}

std::span<const planner_kind> all_planners() { return planners; }

std::string planner_names() {
    std::string out;
    for (planner_kind k : planners) {
        if (!out.empty()) out += ',';
        out += name(k);
    }
    return out;
}

result<std::vector<planner_kind>> parse_planner_list(std::string_view s) {
    std::vector<planner_kind> out;
    for (std::size_t start = 0;;) {
        const std::size_t comma = s.find(',', start);
        const std::string_view item = s.substr(start, comma - start);
        const auto k = parse_planner(item);
        if (!k) return error{"unknown planner '" + std::string(item) + "' (planners: " + planner_names() + ")"};
        out.push_back(*k);
        if (comma == std::string_view::npos) return out;
        start = comma + 1;
    }
}

result<dsa_plan> plan_dsa(const dsa_problem& p, planner_kind k, const planner_options& options) {
    if (auto s = check_problem(p); !s) return s.err();
    const auto start = std::chrono::steady_clock::now();
    auto offsets = run(p, k, options);
    const auto elapsed = std::chrono::steady_clock::now() - start;
    if (!offsets) return offsets.err();
    if (auto s = validate(p, *offsets); !s)
        return error{"planner " + std::string(name(k)) + " made an invalid plan (a bug): " + s.err().message};
    dsa_plan out{k, std::move(*offsets), 0, elapsed};
    out.peak = peak(p, out.offsets);
    return out;
}

double peak_ratio(std::uint64_t peak, std::uint64_t lower_bound) {
    if (lower_bound == 0) return 1.0; // only buffers of size 0: the peak is 0 too
    return static_cast<double>(peak) / static_cast<double>(lower_bound);
}

} // namespace planscope
