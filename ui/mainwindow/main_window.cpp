#include "main_window.h"

#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "compare/compare_dialog.h"
#include "compare/version_compare_dialog.h"
#include "export/export_controller.h"
#include "files/file_controller.h"
#include "files/file_drop.h"
#include "files/recent_files.h"
#include "model/buffer_list_model.h"
#include "options/model_options_followup.h"
#include "options/model_replanner.h"
#include "options/what_if_bar.h"
#include "panels/buffers_panel.h"
#include "panels/event_log_panel.h"
#include "panels/inspector_panel.h"
#include "panels/summary_panel.h"
#include "panels/tensor_list_panel.h"
#include "sched/split_controller.h"
#include "sched/split_overview.h"
#include "sched/split_panel.h"
#include "session/error_reporter.h"
#include "session/graph_session.h"
#include "settings/settings_dialog.h"
#include "shortcuts_dialog.h"
#include "template_dialog.h"

#include "models/templates.h"
#include "model/format.h"

#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {
// Bump when the dock set changes so an old saved state is not applied to new docks.
constexpr int layoutVersion = 6;
const QString geometryKey = u"mainWindow/geometry"_s;
const QString stateKey = u"mainWindow/state"_s;
} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_session(new GraphSession(this)), m_canvas(new GraphCanvas(m_session, this)),
      m_statusName(new QLabel(this)), m_statusCounts(new QLabel(this)),
      m_errors(std::make_unique<MessageBoxErrorReporter>(this)) {
    setObjectName(u"mainWindow"_s);
    setWindowIcon(QIcon(u":/planscope/planscope.svg"_s));
    setDockOptions(AnimatedDocks | AllowTabbedDocks | AllowNestedDocks);
    createDocks();
    createCentralTabs();
    createStepping();
    createFileHandling();
    createAnalysis();
    createMenus();
    addSteppingMenu();

    m_statusName->setObjectName(u"statusName"_s);
    m_statusCounts->setObjectName(u"statusCounts"_s);
    statusBar()->addPermanentWidget(m_statusName);
    statusBar()->addPermanentWidget(m_statusCounts);
    createPlanProgress();

    m_session->addObserver(this);
    connect(m_session, &GraphSession::loadStarted, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Loading %1…").arg(QFileInfo(path).fileName()));
    });
    connect(m_session, &GraphSession::loadFinished, this, [this] { statusBar()->clearMessage(); });
    connect(m_session, &GraphSession::loadFailed, this, [this](const QString& path, const QString& message) {
        statusBar()->clearMessage();
        if (m_replanner->takeFailedReplan(path, message)) return; // a what-if: said in the status bar
        reportError(tr("Cannot Open Graph"), tr("%1\n\nThe current graph is kept.").arg(message));
    });
    connect(m_session, &GraphSession::saveFailed, this, [this](const QString&, const QString& message) {
        reportError(tr("Cannot Save Graph"), message);
    });
    connect(m_session, &GraphSession::saved, this, [this](const QString& path) {
        updateTitle();
        statusBar()->showMessage(tr("Saved %1").arg(QDir::toNativeSeparators(path)), 5000);
    });
    resize(1280, 800);
    applyDefaultDockSizes();
    updateTitle();
}

MainWindow::~MainWindow() {
    // Panels unregister from the session as they go, so they go first.
    m_session->removeObserver(this);
    destroyStepping();
    qDeleteAll(findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly));
    delete takeCentralWidget();
}

QString MainWindow::statusName() const { return m_statusName->text(); }
QString MainWindow::statusCounts() const { return m_statusCounts->text(); }

void MainWindow::setErrorReporter(std::unique_ptr<IErrorReporter> reporter) { m_errors = std::move(reporter); }

void MainWindow::reportUnexpectedFailure(const QString& what) {
    reportError(tr("Unexpected Error"), tr("%1\n\nThe current graph is kept.").arg(what));
}

void MainWindow::reportStartupFailure(const QString& message, const QString& shown) {
    // Queued: the message box goes over the window, not before it.
    QMetaObject::invokeMethod(
        this, [this, message, shown] { reportError(tr("Cannot Open Graph"), tr("%1\n\n%2 is open instead.").arg(message, shown)); },
        Qt::QueuedConnection);
}

void MainWindow::reportError(const QString& title, const QString& message) {
    if (m_errors) m_errors->reportError(title, message);
}

QDockWidget* MainWindow::addDock(QWidget* panel, const QString& title, const QString& objectName,
                                 Qt::DockWidgetArea area) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(objectName);
    dock->setWidget(panel);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createDocks() {
    m_inspector = new InspectorPanel(m_session);
    m_summary = new SummaryPanel(m_session);
    m_tensors = new TensorListPanel(m_session);
    m_buffers = new BuffersPanel(m_session);
    connect(m_session, &GraphSession::llamaReserveChanged, m_buffers, [this] {
        m_buffers->model()->setReserved(reservedLine(m_session->llamaReserve(), m_session->llamaReserveError()));
    });
    m_eventLog = new EventLogPanel(m_session);

    addDock(m_inspector, tr("Inspector"), u"inspectorDock"_s, Qt::RightDockWidgetArea);
    QDockWidget* summary = addDock(m_summary, tr("Graph Summary"), u"summaryDock"_s, Qt::RightDockWidgetArea);
    QDockWidget* tensors = addDock(m_tensors, tr("Tensors"), u"tensorsDock"_s, Qt::RightDockWidgetArea);
    QDockWidget* events = addDock(m_eventLog, tr("Event Log"), u"eventLogDock"_s, Qt::BottomDockWidgetArea);
    QDockWidget* buffers = addDock(m_buffers, tr("Buffers"), u"buffersDock"_s, Qt::BottomDockWidgetArea);
    m_splits = new SplitPanel(m_session, m_canvas);
    QDockWidget* splits = addDock(m_splits, tr("Splits"), u"splitsDock"_s, Qt::BottomDockWidgetArea);
    // The right-hand panels take the full height; the bottom ones sit under the canvas.
    setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    tabifyDockWidget(summary, tensors);
    summary->raise();
    // The buffer list shares a tab with the log so the buffer layout strips (createStepping) get
    // half the width under the canvas.
    tabifyDockWidget(events, splits);
    tabifyDockWidget(events, buffers);
    events->raise();
}

void MainWindow::createCentralTabs() {
    // The graph, and after Schedule the split overview.
    m_central = new QTabWidget(this);
    m_central->setObjectName(u"centralTabs"_s);
    m_central->setDocumentMode(true);
    m_central->addTab(m_canvas, tr("Graph"));
    m_overview = new SplitOverview;
    auto* scroll = new QScrollArea;
    scroll->setObjectName(u"splitOverviewScroll"_s);
    scroll->setWidget(m_overview);
    scroll->setWidgetResizable(false);
    scroll->setBackgroundRole(QPalette::Base);
    m_central->addTab(scroll, tr("Split Overview"));
    m_central->setTabEnabled(1, false);
    m_central->setTabToolTip(1, tr("Schedule the graph (F7) first"));
    setCentralWidget(m_central);

    SplitController* splits = m_splits->controller();
    connect(splits, &SplitController::scheduled, this, [this, splits] {
        m_overview->setSchedule(splits->sharedSchedule());
        m_central->setTabEnabled(1, true);
        m_central->setTabToolTip(1, tr("The schedule's splits in order, folded by repeated block"));
    });
    connect(splits, &SplitController::runFinished, this, [this, splits] { m_overview->setComputeTimes(splits->scheduledComputeTimes()); });
    connect(m_overview, &SplitOverview::splitClicked, this, [this](int, planscope::tensor_id node) {
        m_central->setCurrentIndex(0);
        m_session->setSelection(node);
    });
}

void MainWindow::showSplitOverview() {
    if (m_central->isTabEnabled(1)) m_central->setCurrentIndex(1);
}

void MainWindow::applyDefaultDockSizes() {
    // For the default 1280x800 window (dock sizes stay when it grows, the canvas takes the rest):
    // the bottom row tall enough for ~6 log rows and two buffer strips, the log wide enough for
    // its Detail column, the why-panel room for its candidate table.
    const auto dock = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    resizeDocks({dock("inspectorDock")}, {360}, Qt::Horizontal);
    resizeDocks({dock("inspectorDock"), dock("summaryDock"), dock("whyDock")}, {190, 330, 200}, Qt::Vertical);
    resizeDocks({dock("eventLogDock")}, {290}, Qt::Vertical);
    resizeDocks({dock("eventLogDock"), dock("bufferLayoutDock")}, {430, 490}, Qt::Horizontal);
}

void MainWindow::createPlanProgress() {
    // 0-100 % of the nodes planned, shown only while the session plans a document.
    auto* bar = new QProgressBar(this);
    bar->setObjectName(u"planProgress"_s);
    bar->setRange(0, 100);
    bar->setFormat(tr("Planning %p%"));
    bar->setMaximumWidth(200);
    bar->setVisible(m_session->isPlanning());
    statusBar()->addPermanentWidget(bar);
    connect(m_session, &GraphSession::planStarted, bar, [bar] {
        bar->setValue(0);
        bar->show();
    });
    connect(m_session, &GraphSession::planProgress, bar, &QProgressBar::setValue);
    connect(m_session, &GraphSession::planFinished, bar, &QWidget::hide);
}

void MainWindow::createFileHandling() {
    m_replanner = new ModelReplanner(m_session, this);
    // Run feeds a llama model's real prompt (its token ids) rather than the fill pattern.
    m_splits->controller()->setPromptSource([this] { return m_replanner->source().prompt(m_replanner->options()); });
    m_whatIf = new WhatIfBar(this);
    addToolBarBreak(Qt::TopToolBarArea); // a row of its own: eight fields do not share one with stepping
    addToolBar(Qt::TopToolBarArea, m_whatIf);
    m_whatIf->setEnabled(false);
    connect(m_whatIf, &WhatIfBar::optionsEdited, m_replanner, &ModelReplanner::replan);
    connect(m_whatIf, &WhatIfBar::optionsEdited, this, [](const ModelOptions& o) { ModelFollowUp::rememberNgl(o.params.ngl); });
    new ModelFollowUp(m_session, m_replanner, this); // the remembered ngl, llama.cpp's reserve
    connect(m_replanner, &ModelReplanner::sourceChanged, this, [this] {
        m_whatIf->setEra(m_replanner->graphEra());
        m_whatIf->setOptions(m_replanner->options());
        m_whatIf->setEnabled(m_replanner->canReplan());
    });
    connect(m_replanner, &ModelReplanner::replanRejected, this,
            [this](const QString& message) { statusBar()->showMessage(tr("Not re-planned: %1").arg(message), 8000); });

    m_files = new FileController(this, m_session, m_replanner);
    setAcceptDrops(true);
    installEventFilter(m_files->dropFilter());
    m_canvas->viewport()->installEventFilter(m_files->dropFilter());
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, &MainWindow::showOpenDialog);
    open->setShortcut(QKeySequence::Open);
    QMenu* recent = file->addMenu(tr("Open &Recent"));
    recent->setObjectName(u"recentFilesMenu"_s);
    m_files->recentFiles()->attachMenu(recent);
    QAction* modelOptions = file->addAction(tr("&Model Options…"), m_files, &FileController::showModelOptions);
    modelOptions->setObjectName(u"modelOptionsAction"_s);
    modelOptions->setEnabled(m_replanner->canReplan());
    connect(m_replanner, &ModelReplanner::sourceChanged, modelOptions,
            [this, modelOptions] { modelOptions->setEnabled(m_replanner->canReplan()); });
    file->addAction(tr("&New from Template…"), this, &MainWindow::showTemplateDialog)->setShortcut(QKeySequence::New);
    QMenu* templates = file->addMenu(tr("Open &Template"));
    for (const template_info& t : planscope::templates()) {
        const QString name = toQString(t.name);
        QAction* action = templates->addAction(name, this, [this, name] { m_session->openTemplate(name); });
        action->setStatusTip(toQString(t.description));
    }
    QAction* saveAs = file->addAction(tr("Save &As…"), this, &MainWindow::showSaveAsDialog);
    saveAs->setShortcut(QKeySequence::SaveAs);
    file->addMenu(createExportMenu());
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setObjectName(u"quitAction"_s);
    quit->setShortcut(QKeySequence::Quit);
    quit->setMenuRole(QAction::QuitRole);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* settings = edit->addAction(tr("&Settings…"), this, &MainWindow::showSettingsDialog);
    settings->setShortcut(QKeySequence::Preferences);
    settings->setMenuRole(QAction::PreferencesRole);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(tr("Zoom &In"), m_canvas, &GraphCanvas::zoomIn)->setShortcut(QKeySequence::ZoomIn);
    view->addAction(tr("Zoom &Out"), m_canvas, &GraphCanvas::zoomOut)->setShortcut(QKeySequence::ZoomOut);
    view->addAction(tr("&Actual Size"), m_canvas, &GraphCanvas::resetZoom)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    view->addAction(tr("Zoom to &Fit"), m_canvas, &GraphCanvas::zoomToFit)->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_9));
    view->addAction(tr("&Find Tensor…"), m_canvas, &GraphCanvas::showFindBar)->setShortcut(QKeySequence::Find);
    view->addSeparator();
    addFoldingActions(view);
    view->addSeparator();
    for (QDockWidget* dock : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly))
        view->addAction(dock->toggleViewAction());
    view->addAction(m_whatIf->toggleViewAction());
    view->addSeparator();
    view->addMenu(createAllocatorMenu());
    QAction* compare = view->addAction(tr("&Compare Planners…"), this,
                                       [this] { showPlannerComparison(m_session->document(), this); });
    compare->setObjectName(u"comparePlannersAction"_s);
    m_compareVersions = view->addAction(tr("Compare &ggml Versions…"), this, [this] {
        auto* dialog = showVersionComparison(m_session->document(), m_session->preallocated(), this);
        connect(dialog, &VersionCompareDialog::tensorSelected, m_session, &GraphSession::setSelection);
    });
    m_compareVersions->setObjectName(u"compareGgmlVersionsAction"_s);
    m_compareVersions->setStatusTip(tr("The tensors that ggml 2023 and ggml 2026 place differently, and why"));
    m_compareVersions->setEnabled(m_session->document().ctx.size() != 0);

    QMenu* model = createModelMenu();
    model->insertAction(model->actions().value(0), modelOptions);
    menuBar()->addMenu(model);
    menuBar()->addMenu(m_splits->createMenu(this));
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    QAction* shortcuts = help->addAction(tr("&Keyboard Shortcuts"), this, &MainWindow::showShortcuts);
    shortcuts->setObjectName(u"shortcutsAction"_s);
    help->addSeparator();
    help->addAction(tr("&About Planscope"), this, &MainWindow::showAbout)->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);
}

void MainWindow::addFoldingActions(QMenu* view) {
    QAction* fold = view->addAction(tr("Fold &Repeated Blocks"));
    fold->setObjectName(u"foldAction"_s);
    fold->setCheckable(true);
    fold->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    fold->setStatusTip(tr("Show repeated blocks (layers) as boxes; a click opens or closes one"));
    QAction* openAll = view->addAction(tr("Op&en All Blocks"), m_canvas, &GraphCanvas::openAllBlocks);
    openAll->setObjectName(u"openAllBlocksAction"_s);
    QAction* closeAll = view->addAction(tr("C&lose All Blocks"), m_canvas, &GraphCanvas::closeAllBlocks);
    closeAll->setObjectName(u"closeAllBlocksAction"_s);
    const auto update = [fold, openAll, closeAll](bool folded, bool available) {
        const QSignalBlocker block(fold);
        fold->setChecked(folded);
        fold->setEnabled(available);
        openAll->setEnabled(folded);
        closeAll->setEnabled(folded);
    };
    update(m_canvas->isFolded(), m_canvas->folding().available());
    connect(fold, &QAction::toggled, m_canvas, &GraphCanvas::setFolded);
    connect(m_canvas, &GraphCanvas::foldingChanged, this, update);
}

void MainWindow::onGraphLoaded(const planscope::graph_document& doc) {
    // A schedule of the previous graph no longer applies.
    m_overview->clear();
    m_central->setCurrentIndex(0);
    m_central->setTabEnabled(1, false);
    // An open version comparison's tensor ids are the previous document's.
    for (auto* dialog : findChildren<VersionCompareDialog*>()) disconnect(dialog, nullptr, m_session, nullptr);
    m_compareVersions->setEnabled(doc.ctx.size() != 0);
    const GraphSummary& s = m_session->summary();
    m_statusName->setText(m_session->displayName());
    m_statusCounts->setText(tr("Nodes: %1  Leafs: %2").arg(QLocale().toString(static_cast<qulonglong>(s.totals.n_nodes)),
                                                           QLocale().toString(static_cast<qulonglong>(s.totals.n_leafs))));
    updateTitle();
}

void MainWindow::updateTitle() {
    const QString name = m_session->displayName();
    setWindowTitle(name.isEmpty() ? tr("Planscope") : tr("%1 — Planscope").arg(name));
}

QMenu* MainWindow::createExportMenu() {
    m_export = new ExportController(m_session, m_canvas, m_bufferView, m_splits->controller(), this);
    auto* menu = new QMenu(tr("&Export"), this);
    menu->setObjectName(u"exportMenu"_s);
    QAction* all = menu->addAction(tr("&Export…"), this, [this] { m_export->showDialog(this); });
    all->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    menu->addSeparator();
    for (ExportWhat what : exportWhats())
        menu->addAction(exportWhatLabel(what) + u'…', this, [this, what] { m_export->showDialog(this, what); });
    connect(m_export, &ExportController::busyChanged, this, [this, menu](bool busy) {
        menu->setEnabled(!busy);
        if (busy) statusBar()->showMessage(tr("Exporting…"));
    });
    connect(m_export, &ExportController::exported, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Exported %1").arg(QDir::toNativeSeparators(path)), 5000);
    });
    connect(m_export, &ExportController::failed, this, [this](const QString& message) {
        statusBar()->clearMessage();
        reportError(tr("Cannot Export"), message);
    });
    return menu;
}

void MainWindow::openFile(const QString& path) { m_session->openFile(path); }

void MainWindow::showOpenDialog() { m_files->showOpenDialog(); }

void MainWindow::showSettingsDialog() {
    SettingsDialog dialog(this);
    dialog.setSettings(AppSettings::load());
    if (dialog.exec() != QDialog::Accepted) return;
    const AppSettings settings = dialog.settings();
    settings.save();
    m_canvas->setFoldThreshold(settings.foldThreshold);
    m_canvas->setOpenOnStep(settings.openBlocksOnStep);
}

void MainWindow::showTemplateDialog() {
    TemplateDialog dialog(this);
    if (dialog.exec() == QDialog::Accepted) m_session->openTemplate(dialog.spec());
}

void MainWindow::showSaveAsDialog() {
    QString suggestion = m_session->filePath();
    if (suggestion.isEmpty()) suggestion = m_session->displayName() + u".json";
    QFileDialog dialog(this, tr("Save Graph As"), suggestion, tr("Graph files (*.json)"));
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(u"json"_s);
    if (dialog.exec() == QDialog::Accepted && !dialog.selectedFiles().isEmpty())
        m_session->saveAs(dialog.selectedFiles().constFirst());
}

void MainWindow::showShortcuts() {
    // Not modal: the list can stay open beside the window. It lists the actions as they are now.
    auto* dialog = new ShortcutsDialog(*this, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->show();
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Planscope"),
                       tr("<h3>Planscope %1</h3>"
                          "<p>Shows how ggml's allocator and scheduler place every tensor of a compute graph.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

void MainWindow::saveLayout(QSettings& settings) const {
    settings.setValue(geometryKey, saveGeometry());
    settings.setValue(stateKey, saveState(layoutVersion));
}

bool MainWindow::restoreLayout(const QSettings& settings) {
    const QByteArray geometry = settings.value(geometryKey).toByteArray();
    const QByteArray state = settings.value(stateKey).toByteArray();
    const bool geometryOk = !geometry.isEmpty() && restoreGeometry(geometry);
    if (geometryOk && !isMaximized() && !isFullScreen())
        if (const QScreen* on = screen()) setGeometry(fitToScreen(QWidget::geometry(), on->availableGeometry()));
    const bool stateOk = !state.isEmpty() && restoreState(state, layoutVersion);
    return geometryOk && stateOk;
}

QRect MainWindow::fitToScreen(QRect frame, const QRect& available) {
    if (!available.isValid()) return frame;
    frame.setSize(frame.size().boundedTo(available.size()));
    frame.moveLeft(std::clamp(frame.left(), available.left(), available.right() - frame.width() + 1));
    frame.moveTop(std::clamp(frame.top(), available.top(), available.bottom() - frame.height() + 1));
    return frame;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (m_persistLayout) {
        QSettings settings;
        saveLayout(settings);
    }
    QMainWindow::closeEvent(event);
}

} // namespace planscope::ui
