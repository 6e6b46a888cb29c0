#include "commands.h"

#include <array>
#include <iostream>

namespace planscope::cli {

std::span<const command> commands() {
    static const std::array<command, 1> table{{
        {"info", "summarise a graph or model file",
         "usage: planscope-cli info FILE\n"
         "  Prints the graph summary: tensor counts per op, bytes of leafs and nodes, buffers.\n",
         &run_info},
    }};
    return table;
}

int fail(std::string_view what, std::string_view reason) {
    std::cerr << "error: " << what << ": " << reason << '\n';
    return exit_bad_input;
}

int usage_error(const command& cmd, std::string_view reason) {
    std::cerr << "usage error: " << reason << '\n' << cmd.usage;
    return exit_usage;
}

bool wants_help(std::span<const std::string> args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
}

} // namespace planscope::cli
