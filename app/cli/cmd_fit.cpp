// planscope-cli fit MODEL --device PROFILE ...: llama.cpp's memory breakdown per device for a
// placement, each device against its free memory less the margin, or (--find) the largest
// setting that fits (llm_context/llm_fit.h).
#include "commands.h"
#include "placement_args.h"
#include "source_options.h"

#include "core/printable.h"
#include "llm_context/llm_fit.h"
#include "llm_context/llm_fit_auto.h"
#include "models/gguf.h"
#include "source/graph_source.h"
#include "source/model_params.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <optional>
#include <vector>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "fit"; });
}

std::string mib(std::uint64_t bytes) {
    char out[32];
    std::snprintf(out, sizeof out, "%.2f", static_cast<double>(bytes) / 1024.0 / 1024.0);
    return out;
}

void print_report(const llm_fit_report& r, std::uint64_t margin) {
    const llm_reserve_result& s = r.reserve;
    std::cout << "llama.cpp da46e59c: n_ctx " << s.cparams.n_ctx << ", n_batch " << s.cparams.n_batch << ", n_ubatch "
              << s.cparams.n_ubatch << ", flash_attn " << (s.cparams.flash_attn ? "on" : "off") << ", offloaded "
              << r.offloaded_layers << " layers, sched copies " << s.n_copies << '\n';
    std::cout << "graph nodes: " << s.pp.nodes << ", splits: " << s.pp.splits << " (with bs=1: " << s.tg.nodes << ", "
              << s.tg.splits << ")\n";
    for (std::size_t b = 0; b < s.backends.size(); ++b)
        std::cout << printable(s.backends[b]) << " compute buffer: " << s.compute_per_backend[b] << " bytes ("
                  << mib(s.compute_per_backend[b]) << " MiB)\n";
    std::cout << "memory breakdown (MiB, as llama_memory_breakdown_print): total free self = model + context + compute\n";
    for (const llm_device_memory& d : r.devices) {
        std::string name = d.name;
        if (!d.description.empty()) name += " (" + d.description + ")";
        std::cout << "  " << std::left << std::setw(36) << printable(name) << std::right << ' ' << mib(d.total) << ' '
                  << mib(d.free) << ' ' << mib(d.self()) << " = " << mib(d.model) << " + " << mib(d.context) << " + "
                  << mib(d.compute) << "  " << fit_verdict(d, margin)
                  << '\n';
    }
    std::cout << "buffers (bytes):\n";
    for (const llm_memory_row& m : s.memory)
        std::cout << "  " << std::left << std::setw(12) << printable(m.buffer_type) << std::right << " model "
                  << m.model << ", context " << m.context << ", compute " << m.compute << '\n';
    std::cout << (r.fits(margin) ? "fits" : "does not fit") << " (margin " << mib(margin) << " MiB a device)\n";
}

} // namespace

int run_fit(std::span<const std::string> args) {
    std::optional<std::string> file;
    placement_args placement;
    source_options model;
    llm_fit_search search;
    bool find = false;
    // --fit (or --find auto): llama.cpp's own search (llm_fit_auto.h) with its flags: --fit-target
    // MiB per device, --fit-ctx N; --ngl auto|all and --ctx 0 as llama-cli reads them.
    bool fit = false, full_ctx = false;
    std::vector<std::uint64_t> fit_target;
    std::optional<std::uint32_t> fit_ctx;
    std::optional<int> ngl_word;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const std::string* next = i + 1 < args.size() ? &args[i + 1] : nullptr;
        if (a == "--fit") {
            fit = true;
        } else if (a == "--ngl" && next && (*next == "auto" || *next == "all")) {
            ngl_word = *next == "all" ? -2 : -1; // common_params: -1 auto, <= -2 all (arg.cpp 2480-2492)
            ++i;
        } else if (a == "--ctx" && next && *next == "0") {
            full_ctx = true; // the trained context, never reduced (arg.cpp 1400-1405)
            ++i;
        } else if (a == "--fit-target" || a == "--fit-ctx") {
            if (!next) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            std::size_t from = 0;
            while (from <= v.size()) {
                const std::size_t to = std::min(v.find(',', from), v.size());
                std::uint64_t n = 0;
                const auto [p, ec] = std::from_chars(v.data() + from, v.data() + to, n);
                if (ec != std::errc() || p != v.data() + to || to == from || n > (1ull << 30) ||
                    (a == "--fit-ctx" && (from != 0 || to != v.size())))
                    return usage_error(self(), a + " takes " + (a == "--fit-ctx" ? "a token count" : "MiB[,MiB...]") +
                                                   ", not '" + v + "'");
                if (a == "--fit-ctx") fit_ctx = static_cast<std::uint32_t>(n);
                else fit_target.push_back(n * 1024 * 1024);
                from = to + 1;
            }
        } else if (std::string problem; placement.parse(args, i, problem) || model.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--find" || a == "--margin" || a == "--min-ctx") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            std::uint64_t n = 0;
            const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            const bool number = ec == std::errc() && p == v.data() + v.size() && !v.empty();
            if (a == "--find") {
                find = true;
                if (v == "auto") fit = true;
                else if (v == "ngl") search.target = llm_fit_target::ngl;
                else if (v == "ctx") search.target = llm_fit_target::ctx;
                else if (v == "n-cpu-moe") search.target = llm_fit_target::n_cpu_moe;
                else return usage_error(self(), "--find takes ngl, ctx, n-cpu-moe or auto, not '" + v + "'");
            } else if (!number || n > (1ull << 40)) {
                return usage_error(self(), a + " takes " + (a == "--margin" ? "MiB" : "a token count") + ", not '" + v + "'");
            } else if (a == "--margin") {
                search.margin = n * 1024 * 1024;
            } else {
                search.min_ctx = static_cast<std::uint32_t>(std::min<std::uint64_t>(n, 1u << 30));
            }
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "fit takes exactly one MODEL");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "fit takes exactly one MODEL");
    if (!is_gguf_path(*file)) return usage_error(self(), "fit takes a .gguf model, not '" + printable(*file) + "'");
    if (const auto problem = model.check_source(*file); !problem.empty()) return usage_error(self(), problem);
    if (const auto problem = model.check_era(*file, ggml_version::v2026); !problem.empty()) return usage_error(self(), problem);

    auto devices = load_device_set(placement.devices());
    if (!devices) return fail(devices.err().message);
    auto gguf = open_gguf(*file);
    if (!gguf) return fail(*file, gguf.err().message);
    auto context = llm_context_params_of(model.params());
    if (!context) return fail(*file, context.err().message);
    // What llama-cli and llama-server run with unless told (common_params): the trained context,
    // n_batch 2048, n_ubatch 512.
    const auto given = [&](std::string_view flag) { return std::find(args.begin(), args.end(), flag) != args.end(); };
    if (!given("--ctx") || full_ctx) context->n_ctx = 0;
    if (!given("--batch")) context->n_batch = 2048;
    if (!given("--batch") && !given("--ubatch")) context->n_ubatch = 512;
    llm_placement_params params = placement.params();
    if (ngl_word) params.n_gpu_layers = *ngl_word;

    if (fit) {
        const std::uint32_t min_ctx = full_ctx ? llm_fit_full_ctx : fit_ctx.value_or(search.min_ctx);
        if (fit_target.empty()) fit_target = {search.margin};
        auto r = llm_fit_auto(*gguf, *context, *devices, params, placement.op_offload(), fit_target, min_ctx);
        if (!r) return fail(*file, r.err().message);
        for (const std::string& line : r->steps) std::cout << printable(line) << '\n';
        std::cout << "fit " << (r->status == llm_fit_auto_status::success ? "succeeded" : "failed: " + r->reason) << " ("
                  << r->plans << " plans): n_ctx " << r->context.n_ctx << ", n_gpu_layers " << r->placement.n_gpu_layers;
        if (!r->placement.tensor_split.empty()) {
            std::cout << ", tensor_split ";
            for (std::size_t k = 0; k < r->placement.tensor_split.size(); ++k)
                std::cout << (k ? "," : "") << r->placement.tensor_split[k];
        }
        std::cout << ", " << r->placement.overrides.size() << " overrides\n";
        for (const llm_tensor_override& o : r->placement.overrides)
            std::cout << "  --override-tensor " << printable(o.pattern + "=" + o.buffer_type) << '\n';
        print_report(r->report, fit_target.front());
        return exit_ok;
    }

    if (!find) {
        auto r = llm_fit(*gguf, *context, *devices, params, placement.op_offload());
        if (!r) return fail(*file, r.err().message);
        print_report(*r, search.margin);
        return exit_ok;
    }
    auto found = llm_fit_find(*gguf, *context, *devices, params, placement.op_offload(), search);
    if (!found) return fail(*file, found.err().message);
    const char* what = search.target == llm_fit_target::ngl ? "ngl" : search.target == llm_fit_target::ctx ? "ctx" : "n-cpu-moe";
    if (found->value) std::cout << "best " << what << ": " << *found->value;
    else std::cout << "best " << what << ": none fits";
    std::cout << " (" << found->tries << " plans)\n";
    print_report(found->report, search.margin);
    return exit_ok;
}

} // namespace planscope::cli
