#pragma once
// The application window: the graph canvas in the middle, panels in docks around it, the
// File / View / Help menus, and a status bar with the graph's name and counts.
#include "session/graph_observer.h"

#include <QMainWindow>

#include <memory>

class QLabel;
class QMenu;
class QSettings;

namespace planscope::ui {

class BuffersPanel;
class EventLogPanel;
class GraphCanvas;
class GraphSession;
class IErrorReporter;
class InspectorPanel;
class SummaryPanel;
class TensorListPanel;

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
    [[nodiscard]] QString statusName() const;
    [[nodiscard]] QString statusCounts() const;

    // Errors go to a modal message box unless a test installs its own reporter.
    void setErrorReporter(std::unique_ptr<IErrorReporter> reporter);

    // Dock layout and window geometry; restore returns false when nothing usable was saved.
    void saveLayout(QSettings& settings) const;
    bool restoreLayout(const QSettings& settings);
    // When set, the layout is saved to the default QSettings as the window closes.
    void setLayoutPersistent(bool persistent) { m_persistLayout = persistent; }

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id) override {}

public slots:
    void openFile(const QString& path);
    void showOpenDialog();
    void showTemplateDialog();
    void showSaveAsDialog();
    void showAbout();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createDocks();
    void createMenus();
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
    QLabel* m_statusName;
    QLabel* m_statusCounts;
    std::unique_ptr<IErrorReporter> m_errors;
    bool m_persistLayout = false;
};

} // namespace planscope::ui
