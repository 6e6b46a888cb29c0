// GraphCanvas: folding (graph_canvas.h) — what the block boxes say, opening and closing blocks,
// folding on and off, and the box a hidden step is ringed in.
#include "graph_canvas.h"

#include "canvas/step_highlight.h"
#include "session/graph_session.h"

#include <QGraphicsScene>

#include <algorithm>

namespace planscope::ui {

BlockContent GraphCanvas::contentOf(std::uint32_t unit) const {
    const planscope::graph_document& doc = shownDocument();
    const auto fill = m_style.fill;
    std::function<std::optional<QColor>(planscope::tensor_id)> colour;
    if (fill)
        colour = [fill](planscope::tensor_id t) -> std::optional<QColor> {
            const QColor c(QString::fromStdString(fill(t)));
            return c.isValid() ? std::optional<QColor>(c) : std::nullopt;
        };
    std::function<std::optional<double>(planscope::tensor_id)> time;
    if (!m_nodeTimes.empty())
        time = [this](planscope::tensor_id t) -> std::optional<double> {
            return t.index() < m_nodeTimes.size() ? std::optional<double>(m_nodeTimes[t.index()]) : std::nullopt;
        };
    std::function<int(planscope::tensor_id)> split;
    if (m_style.cluster_of) split = m_style.cluster_of; // a split graph's clusters are its splits
    return blockContent(doc, *m_folding.structure(), m_view.units[unit], colour, time, split);
}

void GraphCanvas::setNodeTimes(std::vector<double> microseconds) {
    m_nodeTimes = std::move(microseconds);
    if (!m_folding.active() || !m_hasItems) return;
    // Only the boxes change: redraw them with the times, the layout stays.
    for (auto& [unit, item] : m_items.blocks) {
        const QRectF rect = item->rect();
        auto* fresh = new BlockItem(item->kind(), unit, contentOf(unit), rect);
        fresh->setToggle([this](std::uint32_t u, std::uint32_t k) { onBlockToggled(u, k); });
        fresh->setCurrentInstance(item->currentInstance());
        fresh->setBreakpointInstances(item->breakpointInstances());
        delete item;
        scene()->addItem(fresh);
        item = fresh;
    }
}

BlockItem* GraphCanvas::blockItem(std::uint32_t unit) const {
    const auto it = m_items.blocks.find(unit);
    return it == m_items.blocks.end() ? nullptr : it->second;
}

std::vector<BlockItem*> GraphCanvas::blockItems() const {
    std::vector<BlockItem*> out;
    for (const auto& [unit, item] : m_items.blocks) out.push_back(item);
    std::sort(out.begin(), out.end(), [](BlockItem* a, BlockItem* b) { return a->unit() < b->unit(); });
    return out;
}

void GraphCanvas::onBlockToggled(std::uint32_t unit, std::uint32_t instance) {
    if (unit >= m_view.units.size()) return;
    const planscope::fold_unit& u = m_view.units[unit];
    const bool open = u.kind == planscope::unit_kind::run;
    setInstanceOpen(u.group, instance, open);
}

void GraphCanvas::setInstanceOpen(std::size_t group, std::size_t instance, bool open) {
    BlockItem* clicked = blockShowing(group, instance);
    if (!m_folding.active() || !m_folding.setOpen(group, instance, open)) return;
    m_anchor.reset();
    if (clicked) {
        m_anchor = std::pair{group, instance};
        m_anchorView = mapFromScene(clicked->mapToScene(clicked->rect().topLeft()));
    }
    relayout();
}

BlockItem* GraphCanvas::blockShowing(std::size_t group, std::size_t instance) const {
    for (const auto& [unit, item] : m_items.blocks) {
        const planscope::fold_unit& u = m_view.units[unit];
        if (u.group == group && u.first <= instance && instance <= u.last) return item;
    }
    return nullptr;
}

void GraphCanvas::openAllBlocks() {
    if (!m_folding.active()) return;
    m_folding.openAll();
    relayout();
}

void GraphCanvas::closeAllBlocks() {
    if (!m_folding.active()) return;
    m_folding.closeAll();
    relayout();
}

void GraphCanvas::setFolded(bool folded) {
    if (!m_folding.available() || m_folding.active() == folded) return;
    m_folding.setActive(folded);
    emit foldingChanged(m_folding.active(), m_folding.available());
    m_hasItems = false; // another kind of layout: start over at the top
    relayout();
}

void GraphCanvas::markHidden(planscope::tensor_id tensor) {
    const std::uint32_t unit = m_view.unit(tensor);
    BlockItem* box = unit == planscope::fold_view::none ? nullptr : blockItem(unit);
    if (!box) {
        m_stepHighlight->clear();
        return;
    }
    const auto place = m_folding.structure()->place_of(tensor);
    box->setCurrentInstance(place.instance);
    m_stepHighlight->showBox(*scene(), box->sceneBoundingRect(), tensor);
    if (!mapToScene(viewport()->rect()).boundingRect().intersects(box->sceneBoundingRect())) centerOn(box);
}

} // namespace planscope::ui
