// MainWindow's stepping: the why-panel, buffer layout and memory timeline docks, the step
// controller, the stepping toolbar and Step menu, the breakpoint action on the canvas, the
// tensor list and the inspector, the status bar's note on a breakpoint hit, and the switch to
// the scheduler's allocation after Schedule.
#include "main_window.h"

#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "panels/inspector_panel.h"
#include "panels/tensor_list_panel.h"
#include "panels/why_panel.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "stepping/plan_views_binder.h"
#include "stepping/step_controller.h"
#include "stepping/stepping_toolbar.h"
#include "stepping/tensor_context_menu.h"
#include "timeline/memory_timeline.h"

#include <QDockWidget>
#include <QLocale>
#include <QMenuBar>
#include <QStatusBar>
#include <QTableView>

namespace planscope::ui {

using namespace Qt::StringLiterals;

void MainWindow::createStepping() {
    m_why = new WhyPanel(m_session);
    addDock(m_why, tr("Why"), u"whyDock"_s, Qt::RightDockWidgetArea);
    m_bufferView = new BufferView;
    m_bufferView->setObjectName(u"bufferView"_s);
    m_timeline = new MemoryTimeline;
    m_timeline->setObjectName(u"memoryTimeline"_s);
    QDockWidget* layout = addDock(m_bufferView, tr("Buffer Layout"), u"bufferLayoutDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget* timeline = addDock(m_timeline, tr("Memory Timeline"), u"timelineDock"_s, Qt::BottomDockWidgetArea);
    tabifyDockWidget(layout, timeline);
    layout->raise();
    m_planViews = new PlanViewsBinder(m_session, m_bufferView, m_timeline, this);
    m_stepper = new StepController(m_session, this);
    m_steppingBar = new SteppingToolBar(m_stepper, this);
    addToolBar(Qt::TopToolBarArea, m_steppingBar);

    // After Schedule, stepping follows the scheduler's allocation; the Step menu switches back.
    SplitController* splits = m_splits->controller();
    connect(splits, &SplitController::scheduled, this, [this, splits] {
        // A log, and a capture's allocation or compute, bring no allocation to step through.
        if (!splits->schedule() || splits->schedule()->logged || splits->schedule()->allocEvents.empty()) return;
        m_session->setScheduledTrace(scheduledTrace(*splits->schedule()));
        const PlanTrace* trace = m_session->planTrace();
        statusBar()->showMessage(
            tr("Stepping through the scheduled allocation: %n split(s), %1 steps", nullptr,
               static_cast<int>(splits->schedule()->plan.splits.size()))
                .arg(QLocale().toString(static_cast<qulonglong>(trace->stepCount()))),
            8000);
    });

    connect(m_stepper, &StepController::breakpointHit, this, [this](std::size_t step) {
        const PlanTrace* trace = m_session->planTrace();
        if (!trace) return;
        statusBar()->showMessage(breakpointHitText(trace->events(), step, m_stepper->breakpoints(),
                                                   {trace->eventSplits()}, trace->document()),
                                 10000);
    });

    QAction* toggle = m_steppingBar->tensorBreakpointAction();
    new TensorContextMenu(m_canvas, m_session, {toggle});
    for (QWidget* w : {static_cast<QWidget*>(m_tensors->view()), static_cast<QWidget*>(m_inspector)}) {
        w->addAction(toggle);
        w->setContextMenuPolicy(Qt::ActionsContextMenu);
    }
}

void MainWindow::destroyStepping() {
    delete m_planViews;
    delete m_steppingBar;
    delete m_stepper;
    m_planViews = nullptr;
    m_steppingBar = nullptr;
    m_stepper = nullptr;
}

void MainWindow::addSteppingMenu() {
    // Before Help, the last menu.
    const QList<QAction*> menus = menuBar()->actions();
    menuBar()->insertMenu(menus.isEmpty() ? nullptr : menus.constLast(), m_steppingBar->stepMenu());
}

} // namespace planscope::ui
