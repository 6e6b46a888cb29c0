// GraphCanvas: the marks over the items: breakpoints (on a tensor's box, or on the closed block
// it is folded into) and the first-run hint.
#include "canvas/block_item.h"
#include "canvas/canvas_hint.h"
#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"

#include <map>

namespace planscope::ui {

void GraphCanvas::setBreakpointTensors(std::set<planscope::tensor_id> tensors) {
    m_breakpoints = std::move(tensors);
    showBreakpoints();
}

void GraphCanvas::showBreakpoints() {
    for (const auto& [tensor, item] : m_items.nodes) item->setBreakpoint(m_breakpoints.contains(tensor));
    std::map<std::uint32_t, std::vector<std::uint32_t>> folded; // by block unit: the instances
    if (m_folding.active())
        for (planscope::tensor_id t : m_breakpoints) {
            const std::uint32_t unit = m_view.unit(t);
            if (itemOf(t) || unit == planscope::fold_view::none) continue;
            folded[unit].push_back(m_folding.structure()->place_of(t).instance);
        }
    for (const auto& [unit, item] : m_items.blocks) {
        const auto it = folded.find(unit);
        item->setBreakpointInstances(it == folded.end() ? std::vector<std::uint32_t>{} : it->second);
    }
}

void GraphCanvas::showFirstRunHint() {
    if (CanvasHint::dismissed()) return;
    if (!m_hint) {
        m_hint = new CanvasHint(this);
        connect(m_hint, &CanvasHint::closed, this, [this] { m_hint->deleteLater(); });
    }
    m_hint->show();
    placeOverlays();
}

CanvasHint* GraphCanvas::firstRunHint() const { return m_hint; }

void GraphCanvas::placeHint() {
    if (!m_hint) return;
    m_hint->setFixedWidth(std::min(440, std::max(200, width() - 60)));
    m_hint->adjustSize();
    m_hint->move((width() - m_hint->width()) / 2, height() - m_hint->height() - 40);
    m_hint->raise();
}

} // namespace planscope::ui
