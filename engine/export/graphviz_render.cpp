#include "graphviz_render.h"

#include "layout/graphviz_handles.h"

#include <array>

namespace planscope {
namespace {

constexpr std::array<std::string_view, 3> format_names{"svg", "png", "pdf"};

thread_local std::string last_error;

// Graphviz reports errors through a callback; keep the last one for the error value.
int capture_error(char* message) {
    last_error = message ? message : "";
    while (!last_error.empty() && last_error.back() == '\n') last_error.pop_back();
    return 0;
}

std::string reason() { return last_error.empty() ? std::string{} : " (" + last_error + ")"; }

} // namespace

std::string_view name(render_format f) { return format_names[static_cast<std::size_t>(f)]; }

std::optional<render_format> parse_render_format(std::string_view s) {
    for (std::size_t i = 0; i < format_names.size(); ++i)
        if (format_names[i] == s) return static_cast<render_format>(i);
    return std::nullopt;
}

result<std::string> render_dot(const std::string& dot, render_format format) {
    std::lock_guard lock(graphviz_lock());
    agseterrf(capture_error);
    last_error.clear();
    gv_context& gvc = shared_gv_context();
    if (!gvc.get()) return error{"Graphviz: cannot create a context"};
    gv_graph g(dot);
    if (!g.get()) return error{"Graphviz: cannot parse the graph text" + reason()};
    gv_layout layout(gvc.get(), g.get(), "dot");
    if (!layout.ok()) return error{"Graphviz: dot layout failed" + reason()};
    char* data = nullptr;
    unsigned int length = 0;
    const std::string device(name(format));
    if (gvRenderData(gvc.get(), g.get(), device.c_str(), &data, &length) != 0 || !data) {
        if (data) gvFreeRenderData(data);
        return error{"Graphviz: cannot render " + device + reason()};
    }
    std::string out(data, length);
    gvFreeRenderData(data);
    return out;
}

} // namespace planscope
