// planscope-cli run MODEL.gguf --tokens 1,2,3: a llama model computed on the CPU backend for a
// prompt of token ids (no BOS added); prints the last position's top-10 next tokens, then the sum
// and L2 norm of all its logits.
#include "commands.h"

#include "io/graph_source.h"
#include "models/gguf.h"
#include "models/llama_run.h"
#include "sched/backend_factory.h"
#include "sched/sched_llama.h"
#include "sched/sched_report.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <numeric>
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

// The token's text from tokenizer.ggml.tokens, SentencePiece's U+2581 shown as a space.
std::string piece(const gguf_file& file, std::int32_t id) {
    const gguf_value* v = file.find("tokenizer.ggml.tokens");
    const gguf_array* a = v ? v->as_array() : nullptr;
    if (!a || id < 0 || static_cast<std::size_t>(id) >= a->items.size()) return "";
    const std::string* s = a->items[static_cast<std::size_t>(id)].as_string();
    if (!s) return "";
    std::string out;
    static constexpr std::string_view space = "\xE2\x96\x81";
    for (std::size_t i = 0; i < s->size();) {
        if (std::string_view(*s).substr(i, space.size()) == space) {
            out += ' ';
            i += space.size();
        } else {
            out += (*s)[i++];
        }
    }
    return out;
}

std::string fixed6(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6f", x);
    return buf;
}

// The top-10 next tokens, then the sum and L2 norm of all logits.
void print_top(const gguf_file& model, const std::vector<float>& logits) {
    std::vector<std::int32_t> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    const std::size_t top = std::min<std::size_t>(10, order.size());
    std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                      [&](std::int32_t x, std::int32_t y) {
                          const float a = logits[static_cast<std::size_t>(x)];
                          const float b = logits[static_cast<std::size_t>(y)];
                          return a != b ? a > b : x < y;
                      });
    for (std::size_t k = 0; k < top; ++k)
        std::cout << order[k] << ' ' << fixed6(logits[static_cast<std::size_t>(order[k])]) << ' '
                  << piece(model, order[k]) << '\n';
    double sum = 0, sq = 0;
    for (float x : logits) {
        sum += x;
        sq += double(x) * x;
    }
    std::cout << "sum " << fixed6(sum) << '\n' << "l2 " << fixed6(std::sqrt(sq)) << '\n';
}

// The scheduler's report: backends, per-split timings, per-backend totals, outputs.
void print_sched(const sched_outcome& out) {
    std::cout << "backends:";
    for (const auto& n : out.backend_names) std::cout << ' ' << n;
    std::cout << "\nsplits: " << out.plan.splits.size() << '\n'
              << format_timings(out.backend_names, out.timings, out.totals) << format_outputs(out.outputs);
    for (const auto& w : out.warnings) std::cerr << "warning: " << w << '\n';
}

} // namespace

int run_run(std::span<const std::string> args) {
    std::optional<std::string> file;
    std::optional<std::vector<std::int32_t>> tokens;
    run_options options;
    std::optional<std::string> backends;
    std::string device;
    int ngl = 0;
    options.n_threads = static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1u, 8u));
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--tokens" || a == "--threads" || a == "--ctx" || a == "--kv-type" || a == "--backends" ||
            a == "--device" || a == "--ngl") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
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
                (a == "--threads" ? options.n_threads : options.n_ctx) = *n;
            }
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "run takes exactly one MODEL");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "run takes exactly one MODEL");
    if (!backends && (ngl != 0 || !device.empty()))
        return usage_error(self(), "--ngl and --device apply with --backends");
    if (backends && !is_gguf_path(*file)) {
        if (tokens) return usage_error(self(), "--tokens applies to a .gguf model");
        auto made = make_backends(*backends, {options.n_threads, device});
        if (!made) return fail(*file, made.err().message);
        llama_params params;
        params.n_ctx = options.n_ctx;
        params.kv_type = options.kv_type;
        params.ngl = ngl;
        auto out = run_with_backends([&] { return open_source(*file, params); }, backend_pointers(*made));
        if (!out) return fail(*file, out.err().message);
        print_sched(*out);
        return exit_ok;
    }
    if (!tokens) return usage_error(self(), "run needs --tokens");

    auto model = open_gguf(*file);
    if (!model) {
        std::cerr << "error: " << model.err().message << '\n'; // already "FILE: offset N: reason"
        return exit_bad_input;
    }
    if (backends) {
        auto made = make_backends(*backends, {options.n_threads, device});
        if (!made) return fail(*file, made.err().message);
        auto out = run_llama_prompt_sched(*model, *tokens, backend_pointers(*made), {options.n_ctx, options.kv_type, ngl});
        if (!out) return fail(*file, out.err().message);
        print_sched(out->report);
        print_top(*model, out->logits);
        return exit_ok;
    }
    const auto logits = run_llama_prompt(*model, *tokens, options);
    if (!logits) return fail(*file, logits.err().message);

    print_top(*model, *logits);
    return exit_ok;
}

} // namespace planscope::cli
