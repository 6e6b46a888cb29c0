#pragma once
// Planners: strategies that give every buffer of a DSA problem an offset. `ggml` is ggml's
// online best fit (the default, and on graphs the allocator's own plan); the others plan
// offline, knowing every lifetime in advance. Every plan is validated before it is returned.
#include "dsa_problem.h"

#include <chrono>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace planscope {

enum class planner_kind : std::uint8_t { ggml, greedy_size, greedy_breadth, greedy_conflicts, best };

// "ggml", "greedy-size", "greedy-breadth", "greedy-conflicts", "best".
std::string_view name(planner_kind k);
std::optional<planner_kind> parse_planner(std::string_view s);
std::span<const planner_kind> all_planners();
// "ggml,greedy-size,...": what CLI usage texts list.
std::string planner_names();
// Parses "ggml,best"; the error names the first unknown planner.
result<std::vector<planner_kind>> parse_planner_list(std::string_view s);

inline constexpr std::chrono::milliseconds default_time_box{1000};
// The stack a thread running `best` should have: its exact search recurses once per buffer placed
// (up to max_exact_buffers), about 0.7 KiB a level in a Release build and more in Debug.
inline constexpr std::size_t planner_stack_bytes = std::size_t{64} << 20;

struct planner_options {
    std::chrono::milliseconds time_box = default_time_box; // how long `best` may search
};

struct dsa_plan {
    planner_kind planner = planner_kind::ggml;
    dsa_offsets offsets;
    std::uint64_t peak = 0;
    std::chrono::duration<double, std::milli> elapsed{}; // planning time, validation excluded
};

// Plans `p` and validates the result. Errors: a problem check_problem refuses (an alignment that
// is not a power of two, sizes whose total does not fit in 64 bits), ggml running out of free
// blocks or meeting a buffer larger than a tensor can be, and a planner producing an invalid plan
// (a bug, reported as such). `best` always makes its first greedy plan, whatever its time box.
result<dsa_plan> plan_dsa(const dsa_problem& p, planner_kind k, const planner_options& options = {});

// peak / lower bound; 1 for a problem of empty buffers.
double peak_ratio(std::uint64_t peak, std::uint64_t lower_bound);

} // namespace planscope
