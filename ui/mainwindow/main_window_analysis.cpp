// MainWindow's answers to "why is my compute buffer this big?" and "why so many splits?": the
// Peak dock, the compute buffer sweep (Model menu), a what-if's before → after, the
// Inspector's backend and cause after Schedule, a split-cause group marked on the split
// overview, and the breakpoints drawn on the canvas.
#include "main_window.h"

#include "canvas/graph_canvas.h"
#include "options/model_replanner.h"
#include "options/sweep_dialog.h"
#include "model/format.h"
#include "panels/inspector_panel.h"
#include "panels/peak_panel.h"
#include "panels/summary_panel.h"
#include "sched/split_controller.h"
#include "sched/split_overview.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "stepping/step_controller.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QStatusBar>

namespace planscope::ui {

using namespace Qt::StringLiterals;

void MainWindow::createAnalysis() {
    m_peak = new PeakPanel(m_session);
    QDockWidget* peak = addDock(m_peak, tr("Peak"), u"peakDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget* events = findChild<QDockWidget*>(u"eventLogDock"_s);
    tabifyDockWidget(events, peak);
    events->raise();

    SplitController* splits = m_splits->controller();
    connect(splits, &SplitController::scheduled, this, [this, splits] { m_inspector->setSchedule(splits->sharedSchedule()); });
    connect(m_splits, &SplitPanel::causeSplitsSelected, this, [this](const QList<int>& marked) {
        m_overview->setMarkedSplits(marked);
        const QRectF first = m_overview->firstMarkedRect();
        if (auto* scroll = findChild<QScrollArea*>(u"splitOverviewScroll"_s); scroll && !first.isNull())
            scroll->ensureVisible(qRound(first.center().x()), qRound(first.center().y()), 40, qRound(first.height()));
    });
    connect(m_stepper, &StepController::breakpointsChanged, this,
            [this] { m_canvas->setBreakpointTensors(m_stepper->breakpoints().tensors); });
    // Which allocator planned, when it is not the default.
    auto* allocator = new QLabel(tr("ggml 2026 allocator"), this);
    allocator->setObjectName(u"statusGgml"_s);
    allocator->setToolTip(tr("View > Allocator: this document is planned as ggml_gallocr of 2026 does"));
    allocator->hide();
    statusBar()->addPermanentWidget(allocator);
    connect(m_session, &GraphSession::ggmlVersionChanged, allocator,
            [this, allocator] { allocator->setVisible(m_session->ggmlVersion() == planscope::ggml_version::v2026); });
    // The compute buffer, and after a what-if how it changed, where it stays in view.
    auto* compute = new QLabel(this);
    compute->setObjectName(u"statusCompute"_s);
    statusBar()->addPermanentWidget(compute);
    connect(m_summary, &SummaryPanel::computeBufferChanged, compute, [compute](quint64 before, quint64 now) {
        if (before == 0 || before == now) {
            compute->setText(tr("Compute buffer %1").arg(formatBytes(now)));
            compute->setToolTip(before == now ? tr("The compute buffer, as before the last what-if")
                                              : tr("The compute buffer of this plan"));
            return;
        }
        compute->setText(tr("Compute buffer %1 → %2 (%3)").arg(formatBytes(before), formatBytes(now), formatBytesDelta(before, now)));
        compute->setToolTip(tr("The compute buffer before the last what-if and now"));
    });
}

QMenu* MainWindow::createModelMenu() {
    // File > Model Options… goes first (createMenus).
    auto* menu = new QMenu(tr("&Model"), this);
    menu->setObjectName(u"modelMenu"_s);
    QAction* sweep = menu->addAction(tr("Compute Buffer &Sweep…"), this, &MainWindow::showSweep);
    sweep->setObjectName(u"sweepAction"_s);
    sweep->setStatusTip(tr("How the compute buffer grows with n_batch or n_ctx"));
    sweep->setEnabled(m_replanner->canReplan());
    connect(m_replanner, &ModelReplanner::sourceChanged, sweep, [this, sweep] { sweep->setEnabled(m_replanner->canReplan()); });
    return menu;
}

QMenu* MainWindow::createAllocatorMenu() {
    auto* menu = new QMenu(tr("&Allocator"), this);
    menu->setObjectName(u"allocatorMenu"_s);
    auto* group = new QActionGroup(menu);
    const auto add = [&](planscope::ggml_version v, const QString& text, const QString& tip, const QString& name) {
        QAction* a = menu->addAction(text);
        a->setObjectName(name);
        a->setCheckable(true);
        a->setStatusTip(tip);
        a->setActionGroup(group);
        a->setChecked(m_session->ggmlVersion() == v);
        connect(a, &QAction::triggered, this, [this, v] { m_session->setGgmlVersion(v); });
        connect(m_session, &GraphSession::ggmlVersionChanged, a, [this, a, v] { a->setChecked(m_session->ggmlVersion() == v); });
    };
    add(planscope::ggml_version::v2023, tr("ggml 202&3"), tr("Plan as the ggml-alloc of late 2023 does (the seeds)"),
        u"ggml2023Action"_s);
    add(planscope::ggml_version::v2026, tr("ggml 202&6"),
        tr("Plan as ggml_gallocr of 2026 does: leafs and inputs first, outputs kept, no in-place over views"),
        u"ggml2026Action"_s);
    return menu;
}

void MainWindow::showSweep() {
    // One dialog, not modal; shown again it sweeps the model as it is now (setModel drops old points).
    if (!m_sweep) m_sweep = new SweepDialog(this);
    m_sweep->setModel(m_replanner->source(), m_replanner->options());
    m_sweep->show();
    m_sweep->raise();
    m_sweep->activateWindow();
}

} // namespace planscope::ui
