#include "commands.h"

#include <array>
#include <iostream>

namespace planscope::cli {

std::span<const command> commands() {
    static const std::array<command, 2> table{{
        {"info", "summarise a graph or model file",
         "usage: planscope-cli info FILE\n"
         "  Prints the graph summary: tensor counts per op, bytes of leafs and nodes, buffers.\n",
         &run_info},
        {"plan", "allocate a graph as ggml does and list every tensor's placement",
         "usage: planscope-cli plan FILE [--format text|json] [--alignment N]\n"
         "  FILE is a graph file (.json), a model (.gguf) or template:NAME.\n"
         "  Allocates the graph in a measured \"compute\" buffer as ggml-alloc (2023-11) does and lists,\n"
         "  node by node and then leaf by leaf, index, name, op, type, ne, nbytes and placement\n"
         "  (BUFFER+OFFSET, 'view of NAME+OFFS' or 'inplace of NAME'), then max_size.\n"
         "  --alignment N  the compute buffer's alignment, a power of two (default 32, llama.cpp's)\n"
         "  The format is docs/plan-listing.md.\n",
         &run_plan},
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
