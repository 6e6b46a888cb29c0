// planscope-cli fit MODEL --device PROFILE ...: llama.cpp's memory breakdown per device for a
// placement, each device against its free memory less the margin, or (--find) the largest
// setting that fits (llm_context/llm_fit.h).
#include "commands.h"
#include "placement_args.h"
#include "source_options.h"

#include "core/printable.h"
#include "llm_context/llm_fit.h"
#include "models/gguf.h"
#include "source/graph_source.h"
#include "source/model_params.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <optional>

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
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (std::string problem; placement.parse(args, i, problem) || model.parse(args, i, problem)) {
            if (!problem.empty()) return usage_error(self(), problem);
        } else if (a == "--find" || a == "--margin" || a == "--min-ctx") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            std::uint64_t n = 0;
            const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
            const bool number = ec == std::errc() && p == v.data() + v.size() && !v.empty();
            if (a == "--find") {
                find = true;
                if (v == "ngl") search.target = llm_fit_target::ngl;
                else if (v == "ctx") search.target = llm_fit_target::ctx;
                else if (v == "n-cpu-moe") search.target = llm_fit_target::n_cpu_moe;
                else return usage_error(self(), "--find takes ngl, ctx or n-cpu-moe, not '" + v + "'");
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
    if (!given("--ctx")) context->n_ctx = 0;
    if (!given("--batch")) context->n_batch = 2048;
    if (!given("--batch") && !given("--ubatch")) context->n_ubatch = 512;

    if (!find) {
        auto r = llm_fit(*gguf, *context, *devices, placement.params(), placement.op_offload());
        if (!r) return fail(*file, r.err().message);
        print_report(*r, search.margin);
        return exit_ok;
    }
    auto found = llm_fit_find(*gguf, *context, *devices, placement.params(), placement.op_offload(), search);
    if (!found) return fail(*file, found.err().message);
    const char* what = search.target == llm_fit_target::ngl ? "ngl" : search.target == llm_fit_target::ctx ? "ctx" : "n-cpu-moe";
    if (found->value) std::cout << "best " << what << ": " << *found->value;
    else std::cout << "best " << what << ": none fits";
    std::cout << " (" << found->tries << " plans)\n";
    print_report(found->report, search.margin);
    return exit_ok;
}

} // namespace planscope::cli
