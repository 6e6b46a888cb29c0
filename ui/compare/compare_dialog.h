#pragma once
// The same graph under two planners, side by side (issue 10): both layouts over one address
// axis, both in-use curves with the lower bound, and the offsets that differ. Planning runs on a
// worker thread (`best` searches up to its time box); a newer request wins over a stale one.
#include "planner_comparison.h"

#include <QDialog>
#include <QSet>

#include <optional>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QTableView;
class QThread;

namespace planscope::ui {

class MemoryTimeline;
class OffsetDiffModel;
class PlanLayoutView;

class CompareDialog final : public QDialog {
    Q_OBJECT

public:
    // Keeps its own copy of `doc`; starts comparing ggml with best at once.
    explicit CompareDialog(const planscope::graph_document& doc, QWidget* parent = nullptr);
    ~CompareDialog() override; // waits for a running plan

    void setPlanners(planscope::planner_kind a, planscope::planner_kind b);
    void setTimeBox(std::chrono::milliseconds box) { m_options.time_box = box; }
    // Plans with the chosen planners on a worker thread; comparisonFinished or comparisonFailed.
    void compare();
    [[nodiscard]] bool isBusy() const { return m_pending != 0; }
    [[nodiscard]] const std::optional<PlannerComparison>& comparison() const { return m_result; }
    [[nodiscard]] OffsetDiffModel* diffModel() const { return m_diff; }
    [[nodiscard]] PlanLayoutView* layoutA() const { return m_layoutA; }
    [[nodiscard]] PlanLayoutView* layoutB() const { return m_layoutB; }
    [[nodiscard]] MemoryTimeline* timeline() const { return m_timeline; }

signals:
    void comparisonFinished();
    void comparisonFailed(const QString& message);
    void tensorClicked(planscope::tensor_id tensor);

private:
    void setBusy(bool busy);
    void apply(planscope::result<PlannerComparison> r);
    [[nodiscard]] planscope::planner_kind chosen(const QComboBox* box) const;

    planscope::graph_document m_doc;
    std::optional<planscope::graph_dsa> m_dsa;
    planscope::planner_options m_options;
    std::optional<PlannerComparison> m_result;
    QSet<QThread*> m_workers;
    quint64 m_generation = 0;
    quint64 m_pending = 0; // the generation whose result is awaited; 0 = none

    QComboBox* m_plannerA;
    QComboBox* m_plannerB;
    QPushButton* m_compare;
    QProgressBar* m_busy;
    QLabel* m_status;
    PlanLayoutView* m_layoutA;
    PlanLayoutView* m_layoutB;
    MemoryTimeline* m_timeline;
    OffsetDiffModel* m_diff;
    QTableView* m_table;
};

// Opens a non-modal comparison of `doc` (for the main window's menu); it deletes itself on close.
CompareDialog* showPlannerComparison(const planscope::graph_document& doc, QWidget* parent);

} // namespace planscope::ui
