#pragma once
// The application window: the graph canvas in the middle, panels in docks around it, the
// File / View / Help menus, and a status bar with the graph's name and counts.
#include "session/graph_observer.h"

#include <QMainWindow>

#include <memory>

class QAction;
class QLabel;
class QMenu;
class QSettings;
class QTabWidget;

namespace planscope::ui {

class BufferView;
class BuffersPanel;
class CapturePanel;
class DevicesPanel;
class EventLogPanel;
class ExportController;
class FileController;
class GraphCanvas;
class GraphSession;
class IErrorReporter;
class InspectorPanel;
class MemoryTimeline;
class ModelReplanner;
class PeakPanel;
class StepController;
class SteppingToolBar;
class SplitOverview;
class SplitPanel;
class SummaryPanel;
class SweepDialog;
class TensorListPanel;
class WhatIfBar;
class WhyPanel;

class MainWindow final : public QMainWindow, public IGraphObserver {
    Q_OBJECT

public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    [[nodiscard]] GraphSession* session() const { return m_session; }
    [[nodiscard]] GraphCanvas* canvas() const { return m_canvas; }
    [[nodiscard]] InspectorPanel* inspector() const { return m_inspector; }
    [[nodiscard]] SummaryPanel* summaryPanel() const { return m_summary; }
    [[nodiscard]] TensorListPanel* tensorListPanel() const { return m_tensors; }
    [[nodiscard]] BuffersPanel* buffersPanel() const { return m_buffers; }
    [[nodiscard]] EventLogPanel* eventLogPanel() const { return m_eventLog; }
    [[nodiscard]] FileController* fileController() const { return m_files; }
    [[nodiscard]] ModelReplanner* replanner() const { return m_replanner; }
    [[nodiscard]] WhatIfBar* whatIfBar() const { return m_whatIf; }
    [[nodiscard]] WhyPanel* whyPanel() const { return m_why; }
    [[nodiscard]] BufferView* bufferView() const { return m_bufferView; }
    [[nodiscard]] MemoryTimeline* memoryTimeline() const { return m_timeline; }
    [[nodiscard]] StepController* stepController() const { return m_stepper; }
    [[nodiscard]] SteppingToolBar* steppingToolBar() const { return m_steppingBar; }
    [[nodiscard]] SplitPanel* splitPanel() const { return m_splits; }
    [[nodiscard]] SplitOverview* splitOverview() const { return m_overview; }
    [[nodiscard]] PeakPanel* peakPanel() const { return m_peak; }
    [[nodiscard]] DevicesPanel* devicesPanel() const { return m_devices; }
    [[nodiscard]] CapturePanel* capturePanel() const { return m_capture; }
    [[nodiscard]] SweepDialog* sweepDialog() const { return m_sweep; } // nullptr until first shown
    // The central area: the canvas ("Graph") and, once scheduled, the split overview.
    [[nodiscard]] QTabWidget* centralTabs() const { return m_central; }
    [[nodiscard]] ExportController* exportController() const { return m_export; }
    [[nodiscard]] QString statusName() const;
    [[nodiscard]] QString statusCounts() const;

    // Errors go to a modal message box unless a test installs its own reporter.
    void setErrorReporter(std::unique_ptr<IErrorReporter> reporter);
    // What escaped an event handler (GuardedApplication): reported, the document kept.
    void reportUnexpectedFailure(const QString& what);
    // `planscope FILE` could not open FILE: reported once the window shows, the built-in
    // `shown` document open instead.
    void reportStartupFailure(const QString& message, const QString& shown);

    // Dock layout and window geometry; restore returns false when nothing usable was saved.
    void saveLayout(QSettings& settings) const;
    // The saved geometry is fitted to the screen it lands on (fitToScreen).
    bool restoreLayout(const QSettings& settings);
    // `frame` moved and shrunk to lie inside `available` (a screen saved on a larger monitor).
    [[nodiscard]] static QRect fitToScreen(QRect frame, const QRect& available);
    // When set, the layout is saved to the default QSettings as the window closes.
    void setLayoutPersistent(bool persistent) { m_persistLayout = persistent; }

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

public slots:
    void openFile(const QString& path);
    void showOpenDialog();
    void showTemplateDialog();
    void showSaveAsDialog();
    void showSettingsDialog();
    void showAbout();
    void showShortcuts(); // Help > Keyboard Shortcuts
    // The "Split Overview" tab, when a schedule is there.
    void showSplitOverview();
    void showSweep(); // Model > Compute Buffer Sweep, for the current model
    void showDevices(); // Model > Fit to Devices: the Devices dock
    void askMaxBufferSize(); // View > Allocator > Maximum Buffer Size (ggml 2026)

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createDocks();
    void createCentralTabs();
    void createMenus();
    void createStepping(); // main_window_stepping.cpp
    void createAnalysis(); // main_window_analysis.cpp: peak, sweep, causes, breakpoint marks
    QMenu* createModelMenu();
    QMenu* createAllocatorMenu(); // View > Allocator: ggml 2023 or 2026 for this document
    void addSteppingMenu();
    void destroyStepping(); // the stepping observers, before the session goes
    void createFileHandling(); // recent files, drops, model options, what-if bar
    void createPlanProgress(); // the status bar's planning percentage
    void applyDefaultDockSizes();
    QMenu* createExportMenu(); // File > Export (ui/export/)
    void addFoldingActions(QMenu* view); // View > Fold Repeated Blocks, Open / Close All Blocks
    QDockWidget* addDock(QWidget* panel, const QString& title, const QString& objectName, Qt::DockWidgetArea area);
    void updateTitle();
    void reportError(const QString& title, const QString& message);

    GraphSession* m_session;
    GraphCanvas* m_canvas;
    InspectorPanel* m_inspector = nullptr;
    SummaryPanel* m_summary = nullptr;
    TensorListPanel* m_tensors = nullptr;
    BuffersPanel* m_buffers = nullptr;
    EventLogPanel* m_eventLog = nullptr;
    ModelReplanner* m_replanner = nullptr;
    WhatIfBar* m_whatIf = nullptr;
    FileController* m_files = nullptr;
    WhyPanel* m_why = nullptr;
    BufferView* m_bufferView = nullptr;
    MemoryTimeline* m_timeline = nullptr;
    StepController* m_stepper = nullptr;
    SteppingToolBar* m_steppingBar = nullptr;
    QObject* m_planViews = nullptr;
    SplitPanel* m_splits = nullptr;
    QTabWidget* m_central = nullptr;
    SplitOverview* m_overview = nullptr;
    PeakPanel* m_peak = nullptr;
    DevicesPanel* m_devices = nullptr;
    CapturePanel* m_capture = nullptr;
    SweepDialog* m_sweep = nullptr;
    ExportController* m_export = nullptr;
    QAction* m_compareVersions = nullptr; // View > Compare ggml Versions, with a document only
    QLabel* m_statusName;
    QLabel* m_statusCounts;
    std::unique_ptr<IErrorReporter> m_errors;
    bool m_persistLayout = false;
};

} // namespace planscope::ui
