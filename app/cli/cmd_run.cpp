// planscope-cli run MODEL.gguf --tokens 1,2,3: a llama model computed on the CPU backend for a
// prompt of token ids (no BOS added); prints the last position's top-10 next tokens, then the sum
// and L2 norm of all its logits. A .gguf runs in its default era, ggml 2026: llama.cpp da46e59c's
// decode (llm/llm_run.h); --ggml 2023 runs llama.cpp 2023's graph, alone or over --backends.
#include "commands.h"
#include "ggml_args.h"

#include "backend/cpu/thread_pool.h"
#include "device/device_presets.h"
#include "llm_context/llm_run.h"
#include "source/model_params.h"
#include "source_options.h"
#include "source/graph_source.h"
#include "models/gguf.h"
#include "models/llama_run.h"
#include "models/llama_top.h"
#include "sched/backend_factory.h"
#include "sched/sched_llama.h"
#include "sched/sched_report.h"

#include <algorithm>
#include <charconv>
#include <chrono>
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
              << format_timings(out.backend_names, out.timings, out.totals) << format_network(out.network, out.backend_names)
              << format_outputs(out.outputs);
    for (const auto& w : out.warnings) warn(w);
}

// The prompt decoded as llama.cpp da46e59c decodes it (llm/llm_run.h) in a fresh context: one
// batch of the prompt's length unless --batch says otherwise, and then, as llama.cpp's examples
// feed a long prompt, one llama_decode per n_batch tokens; the last token's logits. With `timing`,
// the graphs' compute time goes to stderr.
result<std::vector<float>> run_2026(const gguf_file& file, std::span<const std::int32_t> tokens, llama_params params,
                                    const run_options& options, bool batch_given, bool timing) {
    if (!batch_given) params.n_batch = static_cast<int>(tokens.size());
    auto context = llm_context_params_of(params);
    if (!context) return context.err();
    auto session = llm_cpu_session::create(file, llm_run_options{*context, options.n_threads, options.weight_repack});
    if (!session) return session.err();
    const std::size_t n_batch = (*session)->cparams().n_batch;
    std::vector<float> last;
    for (std::size_t i = 0; i < tokens.size(); i += n_batch) {
        auto logits = (*session)->decode(tokens.subspan(i, std::min(n_batch, tokens.size() - i)));
        if (!logits) return logits.err();
        last.assign(logits->last().begin(), logits->last().end());
    }
    if (timing)
        std::cerr << "compute " << std::chrono::duration_cast<std::chrono::microseconds>((*session)->compute_time()).count()
                  << " us\n";
    return last;
}

} // namespace

int run_run(std::span<const std::string> args) {
    std::optional<std::string> file;
    std::optional<std::vector<std::int32_t>> tokens;
    run_options options;
    std::optional<std::string> backends;
    std::string device;
    int ngl = 0;
    bool timing = false;
    ggml_args ggml;
    source_options model; // --ctx, --kv-type; in ggml 2026 --batch, --ubatch, --flash-attn, --kv-type-k/-v
    options.n_threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--n-past" || a == "--worst-case") {
            return usage_error(self(), "run decodes from an empty cache: it takes no " + a);
        } else if (std::string problem; ggml.parse(args, i, problem) || (a != "--ngl" && model.parse(args, i, problem))) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--tokens" || a == "--threads" || a == "--backends" || a == "--device" || a == "--ngl") {
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
            } else {
                const auto n = parse_int(v);
                if (!n || *n < 1) return usage_error(self(), a + " must be a positive integer, not '" + v + "'");
                if (*n > cpu::max_threads)
                    return usage_error(self(), "--threads " + v + " is over the limit of " + std::to_string(cpu::max_threads));
                options.n_threads = *n;
            }
        } else if (a == "--timing") {
            timing = true;
        } else if (a == "--no-repack") {
            options.weight_repack = false;
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
    // A device profile (docs/devices.md) has no kernels: plan and export take it, run cannot.
    if (!device.empty())
        if (const auto profile = load_device_profile(device))
            return fail(*file, "run executes on real backends only (cpu, opencl); " + profile->name + " is a device profile");
    if (const auto problem = sched_log_problem(*file); !problem.empty()) return usage_error(self(), problem);
    if (backends)
        if (const auto problem = backend_list_problem(*backends); !problem.empty()) return usage_error(self(), problem);
    // A .gguf model's prompt runs as llama.cpp da46e59c decodes it (llm/llm_run.h, the CPU alone)
    // unless --ggml 2023 asks for llama.cpp 2023's (run_llama_prompt and its scheduler); graph
    // files run in 2023 unless told.
    const bool model_file = is_gguf_path(*file);
    ggml.default_to(default_era(*file));
    if (const auto problem = ggml.check(); !problem.empty()) return usage_error(self(), problem);
    const bool v2026 = ggml.version() == ggml_version::v2026;
    if (v2026 && backends && model_file)
        return usage_error(self(), ggml.given() ? "run --ggml 2026 computes a .gguf model on the CPU alone: no --backends"
                                                : "run MODEL.gguf --backends runs llama.cpp 2023's graph: give --ggml 2023 "
                                                  "(ggml 2026, a .gguf's default, computes on the CPU alone)");
    if (v2026 && !backends && !model_file)
        return usage_error(self(), "run --ggml 2026 computes a .gguf model, or graph files with --backends");
    if (!backends && (ggml.sched_given() || ggml.max_buffer_size() != SIZE_MAX))
        return usage_error(self(), "--max-buffer-size, --n-copies and --no-op-offload go with --backends");
    // llama.cpp 2023's run takes --ctx and one K/V type of f16 or f32; da46e59c's (llm/llm_run.h)
    // every context option but --seqs (one sequence).
    if (const auto problem = model.check_era(*file, ggml.version()); !problem.empty()) return usage_error(self(), problem);
    if (!v2026 || backends)
        for (const std::string_view flag : {"--batch", "--ubatch", "--seqs", "--flash-attn"})
            if (std::find(args.begin(), args.end(), flag) != args.end())
                return usage_error(self(), std::string(flag) + " applies to a .gguf model's run in ggml 2026 (its default)");
    if (v2026 && model.params().n_seq_max != 1)
        return usage_error(self(), "--seqs " + std::to_string(model.params().n_seq_max) +
                                       ": run decodes one sequence (info, plan and export take --seqs)");
    if (timing && (!v2026 || backends))
        return usage_error(self(), "--timing applies to a .gguf model's run in ggml 2026 (--backends prints compute times)");
    if (v2026 && options.f16_numerics == f16_numerics::exact_f32)
        return usage_error(self(), "--exact-f32 applies to llama.cpp 2023's run (--ggml 2023)");
    options.n_ctx = model.params().n_ctx;
    options.kv_type = kv_type_k(model.params());
    if (!backends && (ngl != 0 || !device.empty()))
        return usage_error(self(), "--ngl and --device apply with --backends");
    if (!backends && !is_gguf_path(*file))
        return usage_error(self(), "run computes a .gguf model, not '" + *file + "' (any graph source runs with --backends)");
    if (backends && !is_gguf_path(*file)) {
        if (tokens) return usage_error(self(), "--tokens applies to a .gguf model");
        auto made = make_backends(*backends, {options.n_threads, device, options.f16_numerics, options.weight_repack});
        if (!made) return fail(*file, made.err().message);
        llama_params params = model.params();
        params.ngl = ngl;
        const auto open_file = [&] { return open_source(*file, params); };
        auto out = ggml.era().run(open_file, backend_pointers(*made), nullptr, ggml.sched_options());
        if (!out) return fail(*file, out.err().message);
        print_sched(*out);
        return exit_ok;
    }
    if (!tokens) return usage_line("run needs --tokens (the prompt's token ids, e.g. --tokens 1,2,3)");

    auto gguf = open_gguf(*file);
    if (!gguf) {
        return fail(gguf.err().message);
    }
    if (backends) {
        auto made = make_backends(*backends, {options.n_threads, device, options.f16_numerics, options.weight_repack});
        if (!made) return fail(*file, made.err().message);
        auto out = run_llama_prompt_sched(*gguf, *tokens, backend_pointers(*made), {options.n_ctx, options.kv_type, ngl});
        if (!out) return fail(*file, out.err().message);
        print_sched(out->report);
        std::cout << format_top_logits(*gguf, out->logits);
        return exit_ok;
    }
    const bool batch_given = std::find(args.begin(), args.end(), "--batch") != args.end();
    const auto logits = v2026 ? run_2026(*gguf, *tokens, model.params(), options, batch_given, timing)
                              : run_llama_prompt(*gguf, *tokens, options);
    if (!logits) return fail(*file, logits.err().message);

    std::cout << format_top_logits(*gguf, *logits);
    return exit_ok;
}

} // namespace planscope::cli
