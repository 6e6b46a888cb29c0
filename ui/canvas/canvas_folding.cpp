#include "canvas_folding.h"

#include <functional>

namespace planscope::ui {

using namespace planscope;

void CanvasFolding::reset(const graph_document& doc, const dot_style& style, int threshold) {
    fold_options options;
    if (style.fill) {
        const auto fill = style.fill;
        options.key = [fill](tensor_id t) { return std::hash<std::string>{}(fill(t)); };
    }
    auto found = detect_blocks(doc, options);
    m_structure = found ? std::make_shared<const fold_structure>(std::move(*found)) : nullptr;
    m_state = m_structure ? fold_state::first_open(*m_structure) : fold_state{};
    m_active = threshold >= 0 && doc.g.nodes.size() > static_cast<std::size_t>(threshold);
    m_auto[0].reset();
    m_auto[1].reset();
}

void CanvasFolding::clear() {
    m_structure.reset();
    m_state = {};
    m_active = false;
    m_auto[0].reset();
    m_auto[1].reset();
}

bool CanvasFolding::setOpen(std::size_t group, std::size_t instance, bool open) {
    if (!m_structure || group >= m_structure->groups.size() || instance >= m_structure->groups[group].count) return false;
    if (m_state.is_open(group, instance) == open) return false;
    m_state.set_open(group, instance, open);
    // The user took over an instance a reveal opened.
    for (auto& a : m_auto)
        if (a && static_cast<std::size_t>(a->group) == group && a->instance == instance) a.reset();
    return true;
}

void CanvasFolding::openAll() {
    if (!m_structure) return;
    for (std::size_t g = 0; g < m_structure->groups.size(); ++g)
        for (std::size_t k = 0; k < m_structure->groups[g].count; ++k) m_state.set_open(g, k, true);
    m_auto[0].reset();
    m_auto[1].reset();
}

void CanvasFolding::closeAll() {
    if (!m_structure) return;
    m_state = fold_state(*m_structure);
    m_auto[0].reset();
    m_auto[1].reset();
}

std::optional<fold_place> CanvasFolding::hidden(tensor_id tensor) const {
    if (!active()) return std::nullopt;
    const fold_place p = m_structure->place_of(tensor);
    if (!p.folded() || m_state.is_open(static_cast<std::size_t>(p.group), p.instance)) return std::nullopt;
    return p;
}

bool CanvasFolding::reveal(tensor_id tensor, Reveal by) {
    const auto p = hidden(tensor);
    if (!p) return false;
    auto& mine = m_auto[index(by)];
    const auto& other = m_auto[1 - index(by)];
    if (mine && !same(other, *mine)) m_state.set_open(static_cast<std::size_t>(mine->group), mine->instance, false);
    m_state.set_open(static_cast<std::size_t>(p->group), p->instance, true);
    mine = p;
    return true;
}

} // namespace planscope::ui
