#pragma once
// The main window's file handling beyond the session's load: File > Open with its filters (and
// Model Options for a .gguf), Open Recent, drag and drop, model options of the current model, and
// the import warnings of a DOT dump (status bar button + non-modal list).
#include <QObject>
#include <QStringList>

class QMainWindow;
class QMenu;
class QToolButton;

namespace planscope::ui {

class FileDropFilter;
class GraphSession;
class ImportWarningsDialog;
class ModelReplanner;
class RecentFiles;

class FileController final : public QObject {
    Q_OBJECT

public:
    FileController(QMainWindow* window, GraphSession* session, ModelReplanner* replanner);

    [[nodiscard]] RecentFiles* recentFiles() const { return m_recent; }
    [[nodiscard]] FileDropFilter* dropFilter() const { return m_drop; }
    // The last import's warnings; empty after a load that had none.
    [[nodiscard]] QStringList importWarnings() const { return m_warnings; }
    [[nodiscard]] QToolButton* warningsButton() const { return m_warningsButton; }

    // File > Open's name filters, the combined one first.
    static QStringList openFilters();

public slots:
    void showOpenDialog();
    // A .gguf goes through the Model Options dialog first; false when it was cancelled.
    bool openWithOptions(const QString& path);
    void showModelOptions(); // for the current model
    void showImportWarnings();

private:
    void onLoadFinished(const QString& path);
    void onLoadWarnings(const QString& path, const QStringList& warnings);

    QMainWindow* m_window;
    GraphSession* m_session;
    ModelReplanner* m_replanner;
    RecentFiles* m_recent;
    FileDropFilter* m_drop;
    QToolButton* m_warningsButton;
    ImportWarningsDialog* m_warningsDialog = nullptr;
    QString m_warningsPath;
    QStringList m_warnings;
};

} // namespace planscope::ui
