#pragma once
// The "Splits" dock: backend choice, Schedule / Replay / Run / Cancel, and four tabs: the
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
    [[nodiscard]] QPushButton* runButton() const { return m_run; }
    [[nodiscard]] QTableView* assignmentView() const { return m_assignView; }
    [[nodiscard]] QTableView* causeView() const { return m_causeView; }
    void showCauses(); // the Causes tab
    [[nodiscard]] QTableView* timingView() const { return m_timingView; }
    [[nodiscard]] QPlainTextEdit* outputsView() const { return m_outputs; }
    [[nodiscard]] QLabel* statusLabel() const { return m_status; }

signals:
    // The splits of the selected cause group; empty when none is selected.
    void causeSplitsSelected(const QList<int>& splits);

private:
    void updateButtons();

    GraphSession* m_session;
    SplitController* m_controller;
    QComboBox* m_backends;
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
