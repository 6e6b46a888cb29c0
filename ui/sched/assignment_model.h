#pragma once
// The scheduler's backend decisions in the order it made them (sched_plan::assignments): one row
// per decision with the tensor, the backend it got, the pass and the cause ("1.leaf", "2.src0").
#include "split_schedule.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class AssignmentModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NodeColumn, BackendColumn, PassColumn, CauseColumn, ColumnCount };
    enum Role { TensorRole = Qt::UserRole + 1, BackendIndexRole };

    explicit AssignmentModel(QObject* parent = nullptr);

    // Keeps a reference to the schedule's names; nullptr empties the model.
    void setSchedule(std::shared_ptr<const SplitSchedule> schedule);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "pass 1 (buffers)", ... for a pass.
    static QString passText(planscope::sched_pass pass);

private:
    std::shared_ptr<const SplitSchedule> m_schedule;
};

} // namespace planscope::ui
