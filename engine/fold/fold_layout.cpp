#include "fold_layout.h"

#include <set>

namespace planscope {

fold_layout_job::fold_layout_job(const graph_document& doc, const fold_structure& s, fold_view view, dot_style style,
                                 std::map<std::size_t, block_layout> blocks)
    : m_doc(doc), m_s(s), m_view(std::move(view)), m_style(std::move(style)), m_blocks(std::move(blocks)) {
    std::set<std::size_t> open;
    for (const fold_unit& u : m_view.units)
        if (u.kind == unit_kind::instance && !m_blocks.contains(u.group)) open.insert(u.group);
    m_missing.assign(open.rbegin(), open.rend());
}

std::optional<std::string> fold_layout_job::next() {
    if (!m_missing.empty()) return block_dot(m_doc, m_s, m_missing.back(), m_style, m_ports);
    if (m_top_requested) return std::nullopt;
    m_top_requested = true;
    return top_dot(m_doc, m_view, m_style, [this](std::size_t group) {
        const graph_layout& l = m_blocks.at(group).layout;
        return std::pair{l.width, l.height};
    });
}

void fold_layout_job::supply(graph_layout layout) {
    if (!m_missing.empty()) {
        m_blocks[m_missing.back()] = {std::move(layout), std::move(m_ports)};
        m_missing.pop_back();
        return;
    }
    m_top = std::move(layout);
}

folded_layout fold_layout_job::result() const {
    return m_top ? compose_folded(m_doc, m_s, m_view, *m_top, m_blocks, m_style) : folded_layout{};
}

result<folded_layout> layout_folded(const graph_document& doc, const fold_structure& s, const fold_state& state,
                                    const dot_style& style, const std::atomic<bool>* cancel) {
    fold_layout_job job(doc, s, make_fold_view(doc, s, state, style.include_leafs), style);
    while (const auto text = job.next()) {
        auto l = layout_dot(*text, cancel);
        if (!l) return l.err();
        job.supply(std::move(*l));
    }
    return job.result();
}

} // namespace planscope
