#include "tensor_context_menu.h"

#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"
#include "session/graph_session.h"

#include <QContextMenuEvent>
#include <QGraphicsItem>
#include <QMenu>

namespace planscope::ui {

TensorContextMenu::TensorContextMenu(GraphCanvas* canvas, GraphSession* session, QList<QAction*> actions)
    : QObject(canvas), m_canvas(canvas), m_session(session), m_actions(std::move(actions)) {
    m_canvas->viewport()->installEventFilter(this);
}

bool TensorContextMenu::eventFilter(QObject* watched, QEvent* event) {
    // The type first: while the canvas is destroyed its viewport still gets events, and the
    // canvas is no longer a scroll area to ask for its viewport.
    if (event->type() != QEvent::ContextMenu || watched != m_canvas->viewport()) return false;
    const auto* menuEvent = static_cast<QContextMenuEvent*>(event);
    // The first box under the cursor: the step highlight's ring may lie above it.
    const TensorNodeItem* item = nullptr;
    for (QGraphicsItem* i : m_canvas->items(menuEvent->pos()))
        if ((item = qgraphicsitem_cast<TensorNodeItem*>(i))) break;
    if (!item) return false;
    m_session->setSelection(item->tensor()); // the actions act on the selection
    QMenu menu;
    menu.addActions(m_actions);
    menu.exec(menuEvent->globalPos());
    return true;
}

} // namespace planscope::ui
