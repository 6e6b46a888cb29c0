// Names of folded blocks and the layer numbers llama names carry.
#include "fold_structure.h"

#include <charconv>

namespace planscope {

std::optional<int> layer_of(const std::string& full) {
    // ggml names views after their source: "Kcur-0 (reshaped)", "k_cache_view-0 (copy of Kcur-0)".
    const std::string_view name = std::string_view(full).substr(0, full.find(" ("));
    const std::size_t dash = name.rfind('-');
    if (dash == std::string::npos || dash + 1 == name.size()) return std::nullopt;
    int layer = 0;
    const char* end = name.data() + name.size();
    const auto [p, ec] = std::from_chars(name.data() + dash + 1, end, layer);
    if (ec != std::errc{} || p != end || layer < 0) return std::nullopt;
    return layer;
}

std::string instance_label(const fold_group& g, std::size_t first, std::size_t last) {
    if (g.kind == fold_kind::segment) {
        return "nodes " + std::to_string(g.first) + "\u2013" + std::to_string(g.end() - 1);
    }
    const auto n = [&](std::size_t i) { return std::to_string(g.label_base + static_cast<std::int64_t>(i)); };
    return first == last ? "blk " + n(first) : "blk " + n(first) + "\u2013" + n(last);
}

} // namespace planscope
