#pragma once
// File > Export: asks what to export (ExportDialog), then writes it on a worker thread, atomically
// (write_file_atomic). Engine exports run produce_export on a copy of the session's document, as
// `planscope-cli export` runs it on the opened file, so both write the same bytes; the canvas and
// buffer pictures are drawn on the GUI thread and only written on the worker. The last settings
// are kept for the next export. A failure emits failed() and leaves any old file in place.
#include "export_settings.h"

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QGraphicsView;
class QWidget;

namespace planscope::ui {

class GraphSession;
class SplitController;

class ExportController final : public QObject {
    Q_OBJECT

public:
    // `bufferView` and `splits` may be null (no buffer picture; backends default to none).
    ExportController(GraphSession* session, QGraphicsView* canvas, QWidget* bufferView, SplitController* splits,
                     QObject* parent = nullptr);
    ~ExportController() override; // waits for a running export

    [[nodiscard]] const ExportSettings& settings() const { return m_settings; }
    [[nodiscard]] bool isBusy() const { return m_busy; }
    [[nodiscard]] QString lastError() const { return m_lastError; }

    // The dialog over `parent`, preset with the last settings (and `what`, when given); starts
    // the export on OK.
    void showDialog(QWidget* parent, std::optional<planscope::ui::ExportWhat> what = std::nullopt);

public slots:
    // False (and failed()) when busy or the settings are incomplete.
    bool start(const planscope::ui::ExportSettings& settings);

signals:
    void busyChanged(bool busy);
    void exported(const QString& path);
    void failed(const QString& message);

private:
    void runWorker(std::function<planscope::status()> job, const QString& path);
    void fail(const QString& message);
    void setBusy(bool busy);

    GraphSession* m_session;
    QGraphicsView* m_canvas;
    QPointer<QWidget> m_bufferView;
    SplitController* m_splits;
    ExportSettings m_settings;
    bool m_busy = false;
    bool m_haveSettings = false; // an export was started: the dialog presets its settings
    QString m_lastError;
};

} // namespace planscope::ui
