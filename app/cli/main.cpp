// planscope-cli: headless plan / run / export. Exit 0 ok, 1 bad input, 2 usage.
#include "commands.h"

#include <iostream>
#include <vector>

namespace {

void print_usage(std::ostream& os) {
    os << "usage: planscope-cli COMMAND [ARGS...]\n\ncommands:\n";
    for (const auto& c : planscope::cli::commands()) os << "  " << c.name << "\t" << c.summary << '\n';
    os << "\n'planscope-cli COMMAND --help' describes one command.\n";
}

} // namespace

int main(int argc, char** argv) {
    using namespace planscope::cli;
    if (argc < 2) {
        print_usage(std::cerr);
        return exit_usage;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(std::cout);
        return exit_ok;
    }
    const std::vector<std::string> args(argv + 2, argv + argc);
    for (const auto& c : commands()) {
        if (c.name != name) continue;
        if (wants_help(args)) {
            std::cout << c.usage;
            return exit_ok;
        }
        return c.run(args);
    }
    std::cerr << "usage error: unknown command '" << name << "'\n";
    print_usage(std::cerr);
    return exit_usage;
}
