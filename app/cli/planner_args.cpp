#include "planner_args.h"

#include <charconv>
#include <cstdio>

namespace planscope::cli {

std::optional<std::chrono::milliseconds> parse_time_box(std::string_view s) {
    long long v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || v <= 0) return std::nullopt;
    return std::chrono::milliseconds{v};
}

std::string format_ratio(double ratio) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4f", ratio);
    return buf;
}

std::string format_ms(std::chrono::duration<double, std::milli> ms) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", ms.count());
    return buf;
}

} // namespace planscope::cli
