#pragma once
// DSA traces as CSV: a header naming the columns id, lower, upper, size (any order, other
// columns ignored) and an optional offset column holding another planner's solution, then one
// buffer per line. Lifetimes are half-open, [lower, upper). Errors read "FILE:LINE: reason", on
// one line, with the text quoted from the file made printable. docs/planner.md describes the format.
#include "dsa_problem.h"

#include <optional>
#include <string>
#include <string_view>

namespace planscope {

// Limits, each stated in the error that refuses a trace past it. Buffers: 23 times the largest
// real trace (bert_large), small enough that every planner plans a trace within the memory the
// CLI may use (ggml's allocator holds a tensor of about 350 bytes per buffer).
inline constexpr std::size_t max_trace_bytes = std::size_t{256} << 20;
inline constexpr std::size_t max_trace_buffers = 250'000;
inline constexpr std::size_t max_trace_columns = 64;
inline constexpr std::size_t max_trace_field_bytes = 1024;

struct dsa_trace {
    dsa_problem problem;
    std::optional<dsa_offsets> offsets; // the offset column, when the file has one
};

// `name` is what errors call the text (a file name). A trace whose sizes add up past 2^64 - 1,
// or whose given offset + size does, is refused at the row that does it: the planners and the
// checks of dsa_problem.h then never meet a sum that does not fit.
result<dsa_trace> parse_dsa_csv(std::string_view text, std::string_view name);
result<dsa_trace> read_dsa_csv(const std::string& path);

} // namespace planscope
