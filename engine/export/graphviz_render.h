#pragma once
// DOT text laid out by Graphviz `dot` and rendered (gvRenderData) to SVG, PNG or PDF bytes.
#include "core/error.h"

#include <optional>
#include <string>
#include <string_view>

namespace planscope {

enum class render_format : std::uint8_t { svg, png, pdf };

// "svg", "png", "pdf".
std::string_view name(render_format f);
std::optional<render_format> parse_render_format(std::string_view s);

// Serialised with every other Graphviz use (graphviz_lock); errors name Graphviz's reason.
result<std::string> render_dot(const std::string& dot, render_format format);

} // namespace planscope
