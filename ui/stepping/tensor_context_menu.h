#pragma once
// A right-click on a tensor box of the canvas selects that tensor and offers the stepping
// actions for it (toggle a breakpoint). QGraphicsItems select on the left button only, so the
// filter does the selecting itself.
#include <QList>
#include <QObject>

class QAction;

namespace planscope::ui {

class GraphCanvas;
class GraphSession;

class TensorContextMenu final : public QObject {
    Q_OBJECT

public:
    // Filters the canvas' viewport; the actions are not owned.
    TensorContextMenu(GraphCanvas* canvas, GraphSession* session, QList<QAction*> actions);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    GraphCanvas* m_canvas;
    GraphSession* m_session;
    QList<QAction*> m_actions;
};

} // namespace planscope::ui
