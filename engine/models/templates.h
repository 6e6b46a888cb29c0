#pragma once
// Built-in graphs that need no file: small, hand-checkable shapes of real workloads.
#include "core/document.h"
#include "core/error.h"

#include <span>
#include <string_view>

namespace planscope {

struct template_info {
    std::string_view name;
    std::string_view description;
};

std::span<const template_info> templates();
// The graph the GUI opens when started without a file.
inline constexpr std::string_view default_template = "attention";
result<graph_document> make_template(std::string_view name);

} // namespace planscope
