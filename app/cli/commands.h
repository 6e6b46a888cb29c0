#pragma once
// planscope-cli subcommands: each lives in its own cmd_*.cpp and registers here.
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace planscope::cli {

// Exit codes shared by every subcommand.
inline constexpr int exit_ok = 0;
inline constexpr int exit_bad_input = 1; // "error: FILE: reason" on stderr
inline constexpr int exit_usage = 2;

struct command {
    std::string_view name;
    std::string_view summary;
    std::string_view usage; // full --help text
    int (*run)(std::span<const std::string> args);
};

std::span<const command> commands();

// Prints "error: MESSAGE" (an engine error, already "FILE: reason") as one printable line to
// stderr and returns exit_bad_input.
int fail(std::string_view message);
// Prints "warning: MESSAGE" as one printable line to stderr.
void warn(std::string_view message);
// Prints "error: WHAT: reason" on one line to stderr and returns exit_bad_input.
int fail(std::string_view what, std::string_view reason);
// Prints "usage error: reason" and the command's usage to stderr and returns exit_usage.
int usage_error(const command& cmd, std::string_view reason);
// Prints "usage error: reason" alone, one line, and returns exit_usage: for an argument left out
// that the reason names, where the whole usage would bury it.
int usage_line(std::string_view reason);
bool wants_help(std::span<const std::string> args);
// Why a --backends LIST is not one this build can make ("unknown backend 'cuda' (known: cpu,
// opencl)"), a usage error; empty when it is. A device that fails to start is bad input later.
std::string backend_list_problem(std::string_view list);
// A GGML_SCHED_DEBUG log named where a graph is expected: the usage error, else empty.
std::string sched_log_problem(std::string_view source);

int run_info(std::span<const std::string> args);
int run_plan(std::span<const std::string> args);
int run_dsa(std::span<const std::string> args);
int run_run(std::span<const std::string> args);
int run_export(std::span<const std::string> args);
int run_fit(std::span<const std::string> args);
int run_capture(std::span<const std::string> args);

} // namespace planscope::cli
