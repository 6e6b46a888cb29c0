#pragma once
// The debugger-style toolbar and Step menu over a StepController: play / pause (F5), step back
// (Shift+F10), step (F10), run to the next breakpoint or the end (Ctrl+F5), back to the previous
// breakpoint or the start (Ctrl+Shift+F5), the first and last step (Home, End; menu only), a
// step box and slider, the speed, breakpoints on the selected tensor (F9) and on event kinds, a
// busy indicator while the plan is computed, and the switch between the document's plan and the
// scheduler's allocation.
#include "session/graph_observer.h"

#include <QToolBar>

class QAction;
class QLabel;
class QMenu;
class QSlider;
class QSpinBox;

namespace planscope::ui {

class StepController;

class SteppingToolBar final : public QToolBar, public IGraphObserver {
    Q_OBJECT

public:
    explicit SteppingToolBar(StepController* controller, QWidget* parent = nullptr);
    ~SteppingToolBar() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

    // The Step menu: the toolbar's actions and the event-kind breakpoints.
    [[nodiscard]] QMenu* stepMenu() const { return m_menu; }
    [[nodiscard]] QAction* playAction() const { return m_play; }
    [[nodiscard]] QAction* stepAction() const { return m_step; }
    [[nodiscard]] QAction* stepBackAction() const { return m_stepBack; }
    [[nodiscard]] QAction* runToEndAction() const { return m_runToEnd; }
    [[nodiscard]] QAction* firstStepAction() const { return m_first; }
    [[nodiscard]] QAction* lastStepAction() const { return m_last; }
    // Toggles a breakpoint on the session's selected tensor (also for the canvas' context menu).
    [[nodiscard]] QAction* tensorBreakpointAction() const { return m_tensorBreak; }
    [[nodiscard]] QSpinBox* stepBox() const { return m_stepBox; }
    [[nodiscard]] QSpinBox* speedBox() const { return m_speed; }
    // The Step menu's breakpoint on an event kind (EventBreakKind::key); nullptr for none.
    [[nodiscard]] QAction* kindAction(const QString& key) const;
    // Checked: stepping follows the scheduler's allocation (enabled once a schedule exists).
    [[nodiscard]] QAction* scheduledTraceAction() const { return m_scheduledTrace; }

private:
    void createActions();
    void updateEnabled();
    void updateTensorBreakpointAction();

    StepController* m_controller;
    QAction* m_play = nullptr;
    QAction* m_stepBack = nullptr;
    QAction* m_step = nullptr;
    QAction* m_runToStart = nullptr;
    QAction* m_runToEnd = nullptr;
    QAction* m_first = nullptr;
    QAction* m_last = nullptr;
    QAction* m_tensorBreak = nullptr;
    QAction* m_clearBreaks = nullptr;
    QAction* m_scheduledTrace = nullptr;
    QMenu* m_kindMenu = nullptr;
    QMenu* m_menu = nullptr;
    QSpinBox* m_stepBox;
    QSlider* m_slider;
    QLabel* m_count;
    QSpinBox* m_speed;
};

} // namespace planscope::ui
