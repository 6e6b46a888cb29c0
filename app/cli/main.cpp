// planscope-cli: headless plan / run / export. Exit 0 ok, 1 bad input, 2 usage.
#include "commands.h"

#include "core/printable.h"
#include "io/temp_files.h"

#include <exception>
#include <iostream>
#include <new>
#include <vector>

namespace {

void print_usage(std::ostream& os) {
    os << "usage: planscope-cli COMMAND [ARGS...]\n\ncommands:\n";
    for (const auto& c : planscope::cli::commands()) os << "  " << c.name << "\t" << c.summary << '\n';
    os << "\n'planscope-cli COMMAND --help' describes one command; --version prints the version.\n";
}

int run_command(int argc, char** argv) {
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
    if (name == "--version" || name == "-v") {
        std::cout << "planscope-cli " << PLANSCOPE_VERSION << '\n';
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

} // namespace

// Readers return errors as values; what still throws (out of memory, a thread the system will not
// start, a bug) ends as the one line every error gets, never as std::terminate.
int main(int argc, char** argv) {
    planscope::remove_temp_files_on_signals(); // an export stopped by Ctrl+C leaves no dest.tmp-XXXXXX
    try {
        return run_command(argc, argv);
    } catch (const std::bad_alloc&) {
        std::cerr << "error: out of memory\n";
    } catch (const std::exception& e) {
        std::cerr << "error: " << planscope::printable_line(e.what()) << '\n';
    } catch (...) {
        std::cerr << "error: unexpected failure\n";
    }
    return planscope::cli::exit_bad_input;
}
