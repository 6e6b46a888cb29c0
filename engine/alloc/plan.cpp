#include "plan.h"

#include "alloc/ggml2023/plan_2023.h"
#include "alloc/ggml2026/plan_2026.h"

#include <algorithm>

namespace planscope {

std::string_view name(ggml_version v) { return v == ggml_version::v2026 ? "2026" : "2023"; }

std::optional<ggml_version> parse_ggml_version(std::string_view s) {
    if (s == "2023") return ggml_version::v2023;
    if (s == "2026") return ggml_version::v2026;
    return std::nullopt;
}

std::vector<free_block> free_list_within(std::span<const free_block> blocks, std::size_t size) {
    std::vector<free_block> out;
    for (const free_block& b : blocks) {
        if (b.offset >= size) break;
        out.push_back({b.offset, static_cast<std::size_t>(std::min<std::uint64_t>(b.end(), size) - b.offset)});
    }
    return out;
}

result<plan_result> plan_graph(graph_document& doc, const plan_options& options) {
    switch (options.version) {
    case ggml_version::v2023: return ggml2023::plan_graph(doc, options);
    case ggml_version::v2026: return ggml2026::plan_graph(doc, options);
    }
    return error{"unknown ggml version"};
}

} // namespace planscope
