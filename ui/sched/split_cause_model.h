#pragma once
// The Splits dock's "Causes" tab: why the graph splits where it does, grouped (split_causes.h).
// One row per boundary group (what started the splits: the op, the scheduler's cause in words
// and its code, the backends on both sides) with its count and the splits it starts, then one
// row per copy group (the tensor copied, its direction, count and bytes) with the splits that
// read it. A row knows its splits and the tensor to select for it.
#include "split_schedule.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class SplitCauseModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { CountColumn, CauseColumn, BackendsColumn, BytesColumn, SplitsColumn, CodeColumn, KindColumn, ColumnCount };
    enum Role {
        SplitsRole = Qt::UserRole + 1, // QList<int>, in order
        TensorRole,                    // qulonglong: the starting node of the first split, or the
                                       // first tensor copied; -1 when there is none
        SortRole,
    };

    explicit SplitCauseModel(QObject* parent = nullptr);

    // nullptr empties the model.
    void setSchedule(std::shared_ptr<const SplitSchedule> schedule);
    [[nodiscard]] int boundaryRows() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // "ROPE: src1 inp_pos lives in CPU memory" for a boundary group, by `names`.
    static QString boundaryText(const planscope::boundary_group& g, const std::vector<std::string>& names);
    // "1, 11, 21, 31, 41, 51, … 151" (the first six and the last when there are more than eight).
    static QString splitList(const std::vector<std::size_t>& splits);

private:
    [[nodiscard]] planscope::tensor_id tensorOf(int row) const;

    std::shared_ptr<const SplitSchedule> m_schedule;
};

} // namespace planscope::ui
