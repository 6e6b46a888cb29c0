// planscope-cli capture [--output FILE] [--max N] -- COMMAND ARGS...: runs COMMAND with
// libplanscope-capture.so preloaded (docs/capture.md), forwards its exit status and says where the
// capture went (docs/capture-reading.md).
#include "commands.h"

#include "core/printable.h"
#include "io/capture_reader.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

extern char** environ;

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "capture"; });
}

constexpr const char* library_name = "libplanscope-capture.so";

// PLANSCOPE_CAPTURE_LIB, else beside the executable: the build tree's capture/ (build/app/..),
// then an install's lib/ and lib/planscope/ (bin/..).
std::vector<std::filesystem::path> library_candidates() {
    if (const char* lib = std::getenv("PLANSCOPE_CAPTURE_LIB"); lib && *lib) return {lib};
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    const auto up = (ec ? std::filesystem::current_path() : exe.parent_path()) / "..";
    return {up / "capture" / library_name, up / "lib" / library_name, up / "lib" / "planscope" / library_name};
}

int summarise(const std::string& output) {
    std::error_code ec;
    if (!std::filesystem::exists(output, ec)) {
        std::cerr << "capture: nothing recorded, " << printable(output) << " was not written (no ggml scheduler or graph allocator "
                  << "ran, or the library refused the ggml it found: see its line above)\n";
        return 0;
    }
    auto file = capture::read_capture(output);
    if (!file) {
        std::cerr << "capture: " << printable(output) << ": " << printable_line(file.err().message) << '\n';
        return 0;
    }
    std::size_t graphs = 0, nodes = 0;
    for (const capture::run& r : file->runs)
        for (const capture::graph& g : r.graphs) {
            ++graphs;
            nodes = std::max(nodes, g.nodes.size());
        }
    const capture::run& last = file->runs.back();
    std::cerr << "capture: " << printable(std::filesystem::absolute(output).string()) << ": " << file->runs.size() << " run(s), "
              << graphs << " graph record(s), the largest " << nodes << " nodes"
              << (last.end ? "; " + std::to_string(last.end->dropped) + " call(s) past the limit not recorded" : "; no end record (killed?)")
              << '\n';
    return 0;
}

} // namespace

int run_capture(std::span<const std::string> args) {
    std::string output;
    std::string max;
    std::size_t i = 0;
    for (; i < args.size() && args[i] != "--"; ++i) {
        const std::string& a = args[i];
        if (a == "--output" || a == "-o" || a == "--max") {
            if (i + 1 == args.size() || args[i + 1] == "--") return usage_error(self(), a + " needs a value");
            (a == "--max" ? max : output) = args[++i];
            if (a == "--max" && (max.empty() || max.size() > 9 || max.find_first_not_of("0123456789") != std::string::npos))
                return usage_error(self(), "--max is a number of graph records, not '" + max + "'");
        } else {
            return usage_error(self(), a.starts_with("-") ? "unknown option " + a : "the command goes after '--'");
        }
    }
    if (i + 1 >= args.size()) return usage_error(self(), "no command after '--'");
    std::filesystem::path library;
    for (const auto& p : library_candidates())
        if (std::error_code ec; std::filesystem::is_regular_file(p, ec)) {
            library = std::filesystem::absolute(p);
            break;
        }
    if (library.empty())
        return fail(std::string("the capture library ") + library_name + " is not at " + library_candidates().front().string() +
                    " (build the planscope-capture target, or set PLANSCOPE_CAPTURE_LIB)");
    std::vector<std::string> env;
    for (char** e = environ; *e; ++e) {
        const std::string_view v(*e);
        if (!v.starts_with("LD_PRELOAD=") && !v.starts_with("PLANSCOPE_CAPTURE=") && !v.starts_with("PLANSCOPE_CAPTURE_MAX=")) env.emplace_back(v);
    }
    const char* preload = std::getenv("LD_PRELOAD");
    env.push_back("LD_PRELOAD=" + library.string() + (preload && *preload ? std::string(":") + preload : std::string()));
    // The child's pid names the default file, so it is known before it starts: the parent's.
    if (output.empty()) output = "capture-" + std::to_string(getpid()) + ".pscap";
    env.push_back("PLANSCOPE_CAPTURE=" + std::filesystem::absolute(output).string());
    if (!max.empty()) env.push_back("PLANSCOPE_CAPTURE_MAX=" + max);
    std::vector<char*> envp, argv;
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    std::vector<std::string> command(args.begin() + static_cast<std::ptrdiff_t>(i) + 1, args.end());
    for (auto& a : command) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = 0;
    if (const int rc = posix_spawnp(&pid, argv[0], nullptr, nullptr, argv.data(), envp.data()); rc != 0) {
        fail(command.front(), std::string("cannot run: ") + std::strerror(rc));
        return 127;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) return fail(command.front(), std::string("cannot wait for it: ") + std::strerror(errno));
    summarise(output);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : exit_bad_input;
}

} // namespace planscope::cli
