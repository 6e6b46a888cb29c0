// planscope-cli run MODEL.gguf --tokens 1,2,3: a llama model computed on the CPU backend for a
// prompt of token ids (no BOS added); prints the last position's top-10 next tokens, then the sum
// and L2 norm of all its logits.
#include "commands.h"
#include "ggml_args.h"

#include "backend/cpu/thread_pool.h"
#include "io/graph_source.h"
#include "models/gguf.h"
#include "models/llama_run.h"
#include "models/llama_top.h"
#include "sched/backend_factory.h"
#include "sched/ggml2026/run_backends_2026.h"
#include "sched/sched_llama.h"
#include "sched/sched_report.h"

#include <algorithm>
#include <charconv>
#include <iostream>
#include <optional>
#include <thread>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "run"; });
}

std::optional<int> parse_int(std::string_view s) {
    int v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || s.empty()) return std::nullopt;
    return v;
}

std::optional<std::vector<std::int32_t>> parse_tokens(std::string_view s) {
    std::vector<std::int32_t> out;
    while (true) {
        const auto comma = s.find(',');
        const auto v = parse_int(s.substr(0, comma));
        if (!v) return std::nullopt;
        out.push_back(*v);
        if (comma == std::string_view::npos) return out;
        s.remove_prefix(comma + 1);
    }
}

// The scheduler's report: backends, per-split timings, per-backend totals, outputs.
void print_sched(const sched_outcome& out) {
    std::cout << "backends:";
    for (const auto& n : out.backend_names) std::cout << ' ' << n;
    std::cout << "\nsplits: " << out.plan.splits.size() << '\n'
              << format_timings(out.backend_names, out.timings, out.totals) << format_outputs(out.outputs);
    for (const auto& w : out.warnings) warn(w);
}

} // namespace

int run_run(std::span<const std::string> args) {
    std::optional<std::string> file;
    std::optional<std::vector<std::int32_t>> tokens;
    run_options options;
    std::optional<std::string> backends;
    std::string device;
    int ngl = 0;
    ggml_args ggml;
    options.n_threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (std::string problem; ggml.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--tokens" || a == "--threads" || a == "--ctx" || a == "--kv-type" || a == "--backends" ||
            a == "--device" || a == "--ngl") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            if (std::find(args.begin(), args.begin() + static_cast<std::ptrdiff_t>(i), a) != args.begin() + static_cast<std::ptrdiff_t>(i))
                return usage_error(self(), a + " is given twice");
            const std::string& v = args[++i];
            if (a == "--backends") {
                backends = v;
            } else if (a == "--device") {
                device = v;
            } else if (a == "--ngl") {
                const auto n = parse_int(v);
                if (!n || *n < 0) return usage_error(self(), "--ngl must be 0 or more, not '" + v + "'");
                ngl = *n;
            } else if (a == "--tokens") {
                tokens = parse_tokens(v);
                if (!tokens) return usage_error(self(), "--tokens takes comma-separated token ids, not '" + v + "'");
            } else if (a == "--kv-type") {
                if (v == "f16") options.kv_type = dtype::f16;
                else if (v == "f32") options.kv_type = dtype::f32;
                else return usage_error(self(), "--kv-type must be f16 or f32, not '" + v + "'");
            } else {
                const auto n = parse_int(v);
                if (!n || *n < 1) return usage_error(self(), a + " must be a positive integer, not '" + v + "'");
                if (a == "--threads" && *n > cpu::max_threads)
                    return usage_error(self(), "--threads " + v + " is over the limit of " + std::to_string(cpu::max_threads));
                (a == "--threads" ? options.n_threads : options.n_ctx) = *n;
            }
        } else if (a == "--exact-f32") {
            options.f16_numerics = f16_numerics::exact_f32;
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "run takes exactly one MODEL");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "run takes exactly one MODEL");
    if (const auto problem = sched_log_problem(*file); !problem.empty()) return usage_error(self(), problem);
    if (backends)
        if (const auto problem = backend_list_problem(*backends); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = ggml.check(); !problem.empty()) return usage_error(self(), problem);
    const bool v2026 = ggml.version() == ggml_version::v2026;
    if (v2026 && (!backends || is_gguf_path(*file)))
        return usage_error(self(), "run --ggml 2026 computes graph files with --backends");
    if (!backends && (ngl != 0 || !device.empty()))
        return usage_error(self(), "--ngl and --device apply with --backends");
    if (!backends && !is_gguf_path(*file))
        return usage_error(self(), "run computes a .gguf model, not '" + *file + "' (any graph source runs with --backends)");
    if (backends && !is_gguf_path(*file)) {
        if (tokens) return usage_error(self(), "--tokens applies to a .gguf model");
        auto made = make_backends(*backends, {options.n_threads, device, options.f16_numerics});
        if (!made) return fail(*file, made.err().message);
        llama_params params;
        params.n_ctx = options.n_ctx;
        params.kv_type = options.kv_type;
        params.ngl = ngl;
        const auto open_file = [&] { return open_source(*file, params); };
        ggml2026::sched_plan_options plan_options;
        plan_options.n_copies = ggml.n_copies();
        plan_options.op_offload = ggml.op_offload();
        plan_options.max_buffer_size = ggml.max_buffer_size();
        auto out = v2026 ? ggml2026::run_with_backends(open_file, backend_pointers(*made), nullptr, plan_options)
                         : run_with_backends(open_file, backend_pointers(*made));
        if (!out) return fail(*file, out.err().message);
        print_sched(*out);
        return exit_ok;
    }
    if (!tokens) return usage_line("run needs --tokens (the prompt's token ids, e.g. --tokens 1,2,3)");

    auto model = open_gguf(*file);
    if (!model) {
        return fail(model.err().message);
    }
    if (backends) {
        auto made = make_backends(*backends, {options.n_threads, device, options.f16_numerics});
        if (!made) return fail(*file, made.err().message);
        auto out = run_llama_prompt_sched(*model, *tokens, backend_pointers(*made), {options.n_ctx, options.kv_type, ngl});
        if (!out) return fail(*file, out.err().message);
        print_sched(out->report);
        std::cout << format_top_logits(*model, out->logits);
        return exit_ok;
    }
    const auto logits = run_llama_prompt(*model, *tokens, options);
    if (!logits) return fail(*file, logits.err().message);

    std::cout << format_top_logits(*model, *logits);
    return exit_ok;
}

} // namespace planscope::cli
