#pragma once
// DSA traces as CSV: a header naming the columns id, lower, upper, size (any order, other
// columns ignored) and an optional offset column holding another planner's solution, then one
// buffer per line. Lifetimes are half-open, [lower, upper). Errors read "FILE:LINE: reason".
// docs/planner.md describes the format.
#include "dsa_problem.h"

#include <optional>
#include <string>
#include <string_view>

namespace planscope {

struct dsa_trace {
    dsa_problem problem;
    std::optional<dsa_offsets> offsets; // the offset column, when the file has one
};

// `name` is what errors call the text (a file name).
result<dsa_trace> parse_dsa_csv(std::string_view text, std::string_view name);
result<dsa_trace> read_dsa_csv(const std::string& path);

} // namespace planscope
