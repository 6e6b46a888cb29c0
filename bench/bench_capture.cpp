// What libplanscope-capture.so costs the program it is preloaded into (issue 39's target: at most
// 5 % on a llama.cpp decode step of stories260K and 50 MB of memory). Each iteration runs the
// program three times, interleaved: without the library, with it at the default
// PLANSCOPE_CAPTURE_MAX (the first reserve and computes recorded, every later call counted), and
// recording every call; the program times its own steps and prints the figure, the child's peak
// resident memory comes from wait4. Counters: each run's µs per step and peak RSS (KB), and the
// default run's overhead in percent of the uncaptured step.
//
// Programs: capture_two_layer --steps 4000 (tests/capture, built with the tests), and llama.cpp
// da46e59c's reference program decoding 200 tokens of stories260K when PLANSCOPE_LLAMA_REFERENCE
// names it (tests/data/llama_cpp/make_reference.sh builds it; CI never does):
//   PLANSCOPE_LLAMA_REFERENCE=/tmp/build-llama/planscope-reference build/bench/bench_capture
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

extern char** environ;

namespace {

struct child_run {
    double us_per_step = 0;
    long max_rss_kb = 0;
};

// Runs argv with `extra` added to the environment; the figure after `key` in its output.
std::optional<child_run> run_child(const std::vector<std::string>& argv, const std::vector<std::string>& extra,
                                   const std::string& key) {
    std::vector<std::string> env_strings = extra;
    for (char** e = environ; *e; ++e)
        if (std::strncmp(*e, "LD_PRELOAD=", 11) != 0 && std::strncmp(*e, "PLANSCOPE_CAPTURE", 17) != 0)
            env_strings.emplace_back(*e);
    std::vector<char*> envp, args;
    for (std::string& s : env_strings) envp.push_back(s.data());
    envp.push_back(nullptr);
    std::vector<std::string> argv_copy = argv;
    for (std::string& s : argv_copy) args.push_back(s.data());
    args.push_back(nullptr);

    int out[2];
    if (pipe(out) != 0) return std::nullopt;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    pid_t pid = 0;
    const int spawned = posix_spawn(&pid, args[0], &actions, nullptr, args.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    if (spawned != 0) {
        close(out[0]);
        return std::nullopt;
    }
    std::string text;
    char buf[4096];
    for (ssize_t n; (n = read(out[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
    close(out[0]);
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
    const std::size_t at = text.find(key);
    if (at == std::string::npos) return std::nullopt;
    return child_run{std::strtod(text.c_str() + at + key.size(), nullptr), usage.ru_maxrss};
}

void bench_program(benchmark::State& state, const std::vector<std::string>& argv, const std::string& key) {
    const std::string capture = (std::filesystem::temp_directory_path() / "planscope-bench-capture.pscap").string();
    const std::string preload = "LD_PRELOAD=" PLANSCOPE_CAPTURE_LIB, file = "PLANSCOPE_CAPTURE=" + capture;
    struct mode {
        const char* name;
        std::vector<std::string> env;
    };
    const mode modes[] = {{"without", {}},
                          {"default_max", {preload, file}},
                          {"every_call", {preload, file, "PLANSCOPE_CAPTURE_MAX=1000000"}}};
    double us[3] = {}, rss[3] = {};
    for (auto _ : state) {
        for (std::size_t m = 0; m < 3; ++m) {
            std::filesystem::remove(capture);
            const auto r = run_child(argv, modes[m].env, key);
            if (!r) {
                state.SkipWithError((std::string(modes[m].name) + ": the program failed or printed no " + key).c_str());
                return;
            }
            us[m] += r->us_per_step;
            rss[m] += static_cast<double>(r->max_rss_kb);
        }
    }
    std::filesystem::remove(capture);
    const auto n = static_cast<double>(state.iterations());
    for (std::size_t m = 0; m < 3; ++m) {
        state.counters[std::string(modes[m].name) + "_us"] = us[m] / n;
        state.counters[std::string(modes[m].name) + "_rss_kb"] = rss[m] / n;
    }
    state.counters["default_overhead_pct"] = 100.0 * (us[1] - us[0]) / us[0];
}

void BM_capture_two_layer(benchmark::State& state) {
    bench_program(state, {PLANSCOPE_TWO_LAYER, "--steps", "4000"}, "us_per_step ");
}
BENCHMARK(BM_capture_two_layer)->Iterations(9)->Unit(benchmark::kMillisecond);

void BM_capture_llama_decode(benchmark::State& state) {
    const char* reference = std::getenv("PLANSCOPE_LLAMA_REFERENCE");
    if (!reference || !*reference) {
        state.SkipWithError("PLANSCOPE_LLAMA_REFERENCE is not set (tests/data/llama_cpp/make_reference.sh builds it)");
        return;
    }
    // One thread (the reference program's default), an 8-token prompt, 200 timed decodes.
    bench_program(state,
                  {reference, "--decode", "200", PLANSCOPE_SHARED_DIR "/models/stories260K.gguf", "512", "8", "8", "f16",
                   "off", "1,403,407,261,378,432,383,286"},
                  "decode_us_median=");
}
BENCHMARK(BM_capture_llama_decode)->Iterations(9)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
