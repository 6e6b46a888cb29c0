// MainWindow's answers to "why is my compute buffer this big?" and "why so many splits?": the
// Peak dock, the compute buffer sweep (Model menu), a what-if's before → after, the
// Inspector's backend and cause after Schedule, a split-cause group marked on the split
// overview, and the breakpoints drawn on the canvas.
#include "main_window.h"

#include "canvas/graph_canvas.h"
#include "options/model_replanner.h"
#include "options/sweep_dialog.h"
#include "model/format.h"
#include "capture/capture_panel.h"
#include "panels/devices_panel.h"
#include "panels/inspector_panel.h"
#include "panels/llm_memory_model.h"
#include "panels/peak_panel.h"
#include "panels/summary_panel.h"
#include "sched/split_controller.h"
#include "sched/split_overview.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "stepping/step_controller.h"

#include <QActionGroup>
#include <QDockWidget>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QStatusBar>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

void MainWindow::createAnalysis() {
    m_peak = new PeakPanel(m_session);
    QDockWidget* peak = addDock(m_peak, tr("Peak"), u"peakDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget* events = findChild<QDockWidget*>(u"eventLogDock"_s);
    tabifyDockWidget(events, peak);
    // Will the model fit these devices: llama.cpp's breakdown per device, after every what-if.
    m_devices = new DevicesPanel(m_replanner);
    QDockWidget* devices = addDock(m_devices, tr("Devices"), u"devicesDock"_s, Qt::BottomDockWidgetArea);
    tabifyDockWidget(events, devices);
    // A capture's graph records, to open another.
    m_capture = new CapturePanel(m_session);
    QDockWidget* capture = addDock(m_capture, tr("Capture"), u"captureDock"_s, Qt::BottomDockWidgetArea);
    tabifyDockWidget(events, capture);
    connect(m_capture, &CapturePanel::indexRead, capture, &QDockWidget::raise);
    events->raise();
    connect(m_devices, &DevicesPanel::errorReported, this,
            [this](const QString& title, const QString& message) { reportError(title, message); });
    connect(m_devices, &DevicesPanel::choiceChanged, this, [this] {
        if (m_sweep) m_sweep->setDevices(m_devices->choice(), m_devices->modelLayers());
    });

    SplitController* splits = m_splits->controller();
    connect(splits, &SplitController::scheduled, this, [this, splits] { m_inspector->setSchedule(splits->sharedSchedule()); });
    connect(m_splits, &SplitPanel::errorReported, this,
            [this](const QString& title, const QString& message) { reportError(title, message); });
    // The rpc-servers the schedule runs on, in the Devices dock; another document drops them.
    const auto showServers = [this, splits] {
        m_devices->setServerDevices(splits->schedule() ? splits->schedule()->servers : std::vector<ServerDevice>{});
    };
    connect(splits, &SplitController::scheduled, this, showServers);
    connect(splits, &SplitController::documentChanged, this, showServers);
    connect(m_splits, &SplitPanel::causeSplitsSelected, this, [this](const QList<int>& marked) {
        m_overview->setMarkedSplits(marked);
        const QRectF first = m_overview->firstMarkedRect();
        if (auto* scroll = findChild<QScrollArea*>(u"splitOverviewScroll"_s); scroll && !first.isNull())
            scroll->ensureVisible(qRound(first.center().x()), qRound(first.center().y()), 40, qRound(first.height()));
    });
    connect(m_stepper, &StepController::breakpointsChanged, this,
            [this] { m_canvas->setBreakpointTensors(m_stepper->breakpoints().tensors); });
    // Which era planned.
    auto* allocator = new QLabel(this);
    allocator->setObjectName(u"statusGgml"_s);
    allocator->setToolTip(tr("View > Allocator: the ggml whose allocator and scheduler plan, schedule and run this document"));
    statusBar()->addPermanentWidget(allocator);
    const auto showAllocator = [this, allocator] {
        const std::size_t max = m_session->maxBufferSize();
        const planscope::era& era = m_session->era();
        const QString label = toQString(era.label());
        allocator->setText(max == SIZE_MAX || !era.has_buffer_maximum()
                               ? tr("Planned by %1").arg(label)
                               : tr("Planned by %1, buffers of %2 at most").arg(label, formatBytes(max)));
    };
    showAllocator();
    connect(m_session, &GraphSession::eraChanged, allocator, showAllocator);
    connect(m_session, &GraphSession::maxBufferSizeChanged, allocator, showAllocator);
    // What llama.cpp da46e59c's context holds for a .gguf built as it builds it.
    auto* llm = new QLabel(this);
    llm->setObjectName(u"statusLlm"_s);
    statusBar()->addPermanentWidget(llm);
    const auto showLlm = [this, llm] {
        const auto& r = m_session->llmReserve();
        llm->setVisible(r != nullptr);
        if (!r) return;
        const LlmMemoryPart model = llmMemoryPart(*r, LlmPart::Model), kv = llmMemoryPart(*r, LlmPart::Context),
                            compute = llmMemoryPart(*r, LlmPart::Compute);
        llm->setText(tr("llama.cpp: model %1, KV %2, compute %3")
                         .arg(formatBytes(model.bytes), formatBytes(kv.bytes), formatBytes(compute.bytes)));
        llm->setToolTip(tr("What llama.cpp da46e59c's context holds (llama_memory_breakdown): %1 in all; the Buffers dock "
                           "lists it by buffer type")
                            .arg(formatBytes(model.bytes + kv.bytes + compute.bytes)));
    };
    showLlm();
    connect(m_session, &GraphSession::planStarted, llm, showLlm); // each document is planned as it arrives
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
    // After Schedule, each backend's, as the summary lists them.
    connect(m_summary, &SummaryPanel::backendComputeBuffers, compute, [compute](const QString& list, const QString& lines) {
        compute->setText(tr("Compute buffers %1").arg(list));
        compute->setToolTip(lines);
    });
}

QMenu* MainWindow::createModelMenu() {
    // File > Model Options… goes first (createMenus).
    auto* menu = new QMenu(tr("&Model"), this);
    menu->setObjectName(u"modelMenu"_s);
    QAction* sweep = menu->addAction(tr("Compute Buffer &Sweep…"), this, &MainWindow::showSweep);
    sweep->setObjectName(u"sweepAction"_s);
    sweep->setStatusTip(tr("How the compute buffer grows with n_batch, n_ubatch (ggml 2026) or n_ctx"));
    sweep->setEnabled(m_replanner->canReplan());
    connect(m_replanner, &ModelReplanner::sourceChanged, sweep, [this, sweep] { sweep->setEnabled(m_replanner->canReplan()); });
    QAction* devices = menu->addAction(tr("Fit to &Devices"), this, &MainWindow::showDevices);
    devices->setObjectName(u"devicesAction"_s);
    devices->setStatusTip(tr("Will the model fit these GPUs? llama.cpp's memory per device against each one's free memory"));
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
        a->setChecked(m_session->era().version() == v);
        connect(a, &QAction::triggered, this, [this, v] { m_session->setEra(v); });
        connect(m_session, &GraphSession::eraChanged, a, [this, a, v] { a->setChecked(m_session->era().version() == v); });
    };
    add(planscope::ggml_version::v2023, tr("ggml 202&3"), tr("Plan as the ggml-alloc of late 2023 does (the seeds)"),
        u"ggml2023Action"_s);
    add(planscope::ggml_version::v2026, tr("ggml 202&6"),
        tr("Plan as ggml_gallocr of 2026 does: leafs and inputs first, outputs kept, no in-place over views"),
        u"ggml2026Action"_s);
    menu->addSeparator();
    QAction* maxSize = menu->addAction(tr("&Maximum Buffer Size…"), this, &MainWindow::askMaxBufferSize);
    maxSize->setObjectName(u"maxBufferSizeAction"_s);
    maxSize->setStatusTip(tr("The buffer type's largest buffer: ggml 2026 plans a larger one as chunks"));
    const auto enable = [this, maxSize] { maxSize->setEnabled(m_session->era().has_buffer_maximum()); };
    enable();
    connect(m_session, &GraphSession::eraChanged, maxSize, enable);
    return menu;
}

void MainWindow::askMaxBufferSize() {
    // In MiB as llama.cpp users know the limits (an OpenCL device's CL_DEVICE_MAX_MEM_ALLOC_SIZE,
    // a Metal buffer's maximum); 0 lifts it. 2^20 MiB (1 TiB) keeps the bytes in range.
    constexpr int mib = 1 << 20;
    const std::size_t now = m_session->maxBufferSize();
    const int current = now == SIZE_MAX ? 0 : static_cast<int>(std::min<std::size_t>(now / mib, mib));
    bool ok = false;
    const int chosen = QInputDialog::getInt(this, tr("Maximum Buffer Size"),
                                            tr("Largest buffer of the buffer type, in MiB (0: no maximum):"), current, 0,
                                            mib, 1, &ok);
    if (!ok) return;
    m_session->setMaxBufferSize(chosen == 0 ? SIZE_MAX : static_cast<std::size_t>(chosen) * mib);
}

void MainWindow::showSweep() {
    // One dialog, not modal; shown again it sweeps the model as it is now (setModel drops old points).
    if (!m_sweep) m_sweep = new SweepDialog(this);
    m_sweep->setModel(m_replanner->source(), m_replanner->options(), m_session->era().version());
    m_sweep->setDevices(m_devices->choice(), m_devices->modelLayers());
    m_sweep->show();
    m_sweep->raise();
    m_sweep->activateWindow();
}

void MainWindow::showDevices() {
    auto* dock = findChild<QDockWidget*>(u"devicesDock"_s);
    dock->show();
    dock->raise();
}

} // namespace planscope::ui
