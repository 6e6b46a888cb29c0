#pragma once
// Pieces the planner options of `plan` and `dsa` share: parsing a time box, printing a ratio
// and a planning time the same way everywhere.
#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace planscope::cli {

// A positive whole number of milliseconds.
std::optional<std::chrono::milliseconds> parse_time_box(std::string_view s);
// "1.0312": four decimals.
std::string format_ratio(double ratio);
// "12.34": milliseconds with two decimals.
std::string format_ms(std::chrono::duration<double, std::milli> ms);

} // namespace planscope::cli
