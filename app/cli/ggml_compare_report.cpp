// plan FILE --compare-ggml: the graph planned by ggml-alloc of 2023 and of 2026 side by side
// (docs/plan-listing.md has the format, docs/ggml-versions.md the rules).
#include "commands.h"
#include "plan_report.h"

#include "alloc/ggml_version_diff.h"
#include "alloc/plan_listing.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace planscope::cli {
namespace {

using ojson = nlohmann::ordered_json;

constexpr version_rule all_rules[] = {
    version_rule::leaf_allocated, version_rule::leaf_unused_kept,  version_rule::input_first,
    version_rule::output_kept,    version_rule::inplace_view_parent_refused, version_rule::inplace_refused_output,
    version_rule::own_by_pass,    version_rule::parse_seq_removed, version_rule::moved,
};

std::string name_or(const context& ctx, std::optional<tensor_id> t, const char* none) {
    return t && t->valid() ? listing_field(ctx[*t].name) : none;
}

ojson placement_json(const context& ctx, const version_placement& p) {
    return {{"offset", p.offset ? ojson(*p.offset) : ojson()},
            {"inplace_of", p.inplace_of ? ojson(ctx[*p.inplace_of].name) : ojson()},
            {"freed", p.freed}};
}

std::string text_cell(const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : "-"; }

} // namespace

int plan_report::run_compare_ggml(const graph_document& doc, std::span<const tensor_id> preallocate, bool json,
                                  std::size_t alignment, const std::string& file) {
    auto diff = diff_ggml_versions(doc, preallocate, alignment);
    if (!diff) return fail(file, diff.err().message);
    const context& ctx = doc.ctx;
    if (json) {
        ojson out{{"format", "planscope-ggml-diff"}, {"version", 1}, {"graph", doc.name}, {"alignment", alignment},
                  {"ggml_2023", {{"buffer_size", diff->size_2023}, {"placed", diff->placed_2023}}},
                  {"ggml_2026", {{"buffer_size", diff->size_2026()}, {"chunks", diff->chunks_2026}, {"placed", diff->placed_2026}}},
                  {"parse_seq_ignored", diff->parse_seq_ignored}, {"rules", ojson::object()}, {"tensors", ojson::array()}};
        for (const version_rule r : all_rules) out["rules"][std::string(rule_name(r))] = diff->count(r);
        for (const tensor_version_diff& d : diff->differences) {
            const tensor& t = ctx[d.tensor];
            out["tensors"].push_back({{"name", t.name}, {"op", std::string(info(t.op).name)}, {"bytes", d.size},
                                      {"ggml_2023", placement_json(ctx, d.v2023)}, {"ggml_2026", placement_json(ctx, d.v2026)},
                                      {"rule", std::string(rule_name(d.rule))},
                                      {"because", d.because.valid() ? ojson(ctx[d.because].name) : ojson()}});
        }
        std::cout << listing_json(out, 1) << '\n';
        return exit_ok;
    }
    std::cout << "planscope-ggml-diff\t1\ngraph\t" << listing_field(doc.name) << "\nalignment\t" << alignment << '\n'
              << "ggml-2023\t" << diff->size_2023 << "\tplaced\t" << diff->placed_2023 << '\n'
              << "ggml-2026\t" << diff->size_2026() << "\tplaced\t" << diff->placed_2026 << "\tchunks";
    for (const std::size_t c : diff->chunks_2026) std::cout << '\t' << c;
    std::cout << '\n';
    if (diff->parse_seq_ignored) std::cout << "note\tparse-seq-removed\n";
    for (const version_rule r : all_rules) std::cout << "rule\t" << rule_name(r) << '\t' << diff->count(r) << '\n';
    for (const tensor_version_diff& d : diff->differences) {
        const tensor& t = ctx[d.tensor];
        std::cout << "tensor\t" << listing_field(t.name) << '\t' << info(t.op).name << '\t' << d.size << '\t' << text_cell(d.v2023.offset)
                  << '\t' << text_cell(d.v2026.offset) << '\t' << name_or(ctx, d.v2023.inplace_of, "-") << '\t'
                  << name_or(ctx, d.v2026.inplace_of, "-") << '\t' << (d.v2023.freed ? "freed" : "kept") << '\t'
                  << (d.v2026.freed ? "freed" : "kept") << '\t' << rule_name(d.rule) << '\t'
                  << name_or(ctx, d.because, "-") << '\n';
    }
    return exit_ok;
}

} // namespace planscope::cli
