#pragma once
// The "Splits" dock: backend choice (Add RPC Server… adds a list with an rpc-server and schedules
// on it, the connection made on the worker), Schedule / Replay / Run / Cancel, and four tabs: the
// scheduler's assignments (node, backend, pass, cause; the replayed row follows the animation),
// the splits grouped by cause (a selected group selects its first tensor and names its splits for
// the split overview to mark), the last run's per-split times and its outputs.
#include <QList>
#include <QWidget>

class QComboBox;
class QLabel;
class QMenu;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QTabWidget;
class QToolButton;

namespace planscope::ui {

class GraphCanvas;
class GraphSession;
class SplitController;

class SplitPanel final : public QWidget {
    Q_OBJECT

public:
    SplitPanel(GraphSession* session, GraphCanvas* canvas, QWidget* parent = nullptr);

    [[nodiscard]] SplitController* controller() const { return m_controller; }
    // The main window's "Schedule" menu: Backends (kept in step with the combo), Schedule, Replay
    // Assignment, Run, Cancel.
    QMenu* createMenu(QWidget* parent);
    [[nodiscard]] QComboBox* backendBox() const { return m_backends; }
    [[nodiscard]] QToolButton* addServerButton() const { return m_addServer; }
    // Makes `list` (make_backends' list) the current choice, added under backendListLabel when
    // the combo lacks it.
    void chooseBackends(const QString& list);
    // The rpc-server at `endpoint` ("HOST:PORT") added to the chosen backends (listWithServer),
    // which are then scheduled. A malformed endpoint, or one listed already: errorReported and
    // false, the choice and schedule kept. A server that cannot be reached fails the schedule:
    // errorReported, the choice as it was before, the previous schedule kept.
    bool addRpcServer(const QString& endpoint);
    [[nodiscard]] QPushButton* runButton() const { return m_run; }
    [[nodiscard]] QTableView* assignmentView() const { return m_assignView; }
    [[nodiscard]] QTableView* causeView() const { return m_causeView; }
    void showCauses(); // the Causes tab
    [[nodiscard]] QTableView* timingView() const { return m_timingView; }
    [[nodiscard]] QPlainTextEdit* outputsView() const { return m_outputs; }
    [[nodiscard]] QLabel* statusLabel() const { return m_status; }

public slots:
    void showAddServerDialog();

signals:
    // The splits of the selected cause group; empty when none is selected.
    void causeSplitsSelected(const QList<int>& splits);
    // For a message box (MainWindow's error reporter).
    void errorReported(const QString& title, const QString& message);

private:
    void updateButtons();
    void cancel(); // the controller's, and a server being added is no longer
    void serverFailed(const QString& message);

    GraphSession* m_session;
    SplitController* m_controller;
    QComboBox* m_backends;
    QToolButton* m_addServer;
    // While the schedule of a server just added runs: its list, whether Add made its choice,
    // and the choice before.
    QString m_pendingList;
    bool m_pendingAdded = false;
    int m_pendingPrevious = -1;
    QPushButton* m_schedule;
    QPushButton* m_replay;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QLabel* m_status;
    QTabWidget* m_tabs;
    QTableView* m_assignView;
    QTableView* m_causeView;
    QTableView* m_timingView;
    QPlainTextEdit* m_outputs;
};

} // namespace planscope::ui
