// planscope-cli plan FILE: every node's placement as ggml-alloc (2023-11) decides it, then the
// compute buffer's max_size. The listing format is docs/plan-listing.md.
#include "commands.h"

#include "alloc/plan_listing.h"
#include "io/graph_source.h"
#include "models/gguf.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <filesystem>
#include <iostream>
#include <optional>

namespace planscope::cli {
namespace {

const command& self() {
    const auto all = commands();
    return *std::find_if(all.begin(), all.end(), [](const command& c) { return c.name == "plan"; });
}

struct loaded {
    graph_document doc;
    std::vector<tensor_id> inputs; // allocated before the graph, as llama.cpp did
};

// A model goes through the llama graph builder here rather than open_graph_source, which keeps
// only the document: the plan also needs the inputs llama.cpp allocated up front.
result<loaded> load(const std::string& source) {
    if (is_gguf_path(source)) {
        auto file = open_gguf(source);
        if (!file) return file.err();
        auto model = build_llama_graph(*file, llama_params{});
        if (!model) return error{source + ": " + model.err().message};
        model->doc.name = std::filesystem::path(source).filename().string();
        return loaded{std::move(model->doc), std::move(model->inputs)};
    }
    auto doc = open_graph_source(source);
    if (!doc) return doc.err();
    return loaded{std::move(*doc), {}};
}

std::optional<std::size_t> parse_alignment(const std::string& s) {
    std::size_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end != s.data() + s.size() || !std::has_single_bit(v)) return std::nullopt;
    return v;
}

} // namespace

int run_plan(std::span<const std::string> args) {
    std::optional<std::string> file;
    bool json = false;
    plan_options options;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--format" || a == "--alignment") {
            if (i + 1 == args.size()) return usage_error(self(), a + " needs a value");
            const std::string& v = args[++i];
            if (a == "--format") {
                if (v != "text" && v != "json") return usage_error(self(), "--format is text or json, not '" + v + "'");
                json = v == "json";
            } else {
                const auto alignment = parse_alignment(v);
                if (!alignment) return usage_error(self(), "--alignment must be a power of two, not '" + v + "'");
                options.alignment = *alignment;
            }
        } else if (a.starts_with("--")) {
            return usage_error(self(), "unknown option " + a);
        } else if (file) {
            return usage_error(self(), "plan takes exactly one FILE");
        } else {
            file = a;
        }
    }
    if (!file) return usage_error(self(), "plan takes exactly one FILE");

    auto in = load(*file);
    if (!in) {
        std::cerr << "error: " << in.err().message << '\n'; // already "FILE: reason"
        return exit_bad_input;
    }
    options.preallocate = in->inputs;
    const auto plan = plan_graph(in->doc, options);
    if (!plan) return fail(*file, plan.err().message);
    std::cout << (json ? plan_listing_json(in->doc, *plan) : plan_listing_text(in->doc, *plan));
    return exit_ok;
}

} // namespace planscope::cli
