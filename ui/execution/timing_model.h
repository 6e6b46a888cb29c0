#pragma once
// A run's per-split times: one row per split (split, backend, inputs, bytes copied, copy µs,
// compute µs), then one "total" row per backend.
#include "split_run.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class TimingModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { SplitColumn, BackendColumn, InputsColumn, BytesColumn, CopyColumn, ComputeColumn, ColumnCount };
    // The raw number of a numeric column (qulonglong), for sorting and tests.
    enum Role { ValueRole = Qt::UserRole + 1 };

    explicit TimingModel(QObject* parent = nullptr);

    void setOutcome(const RunOutcome& outcome);
    void clear();
    [[nodiscard]] int splitRows() const { return static_cast<int>(m_outcome.timings.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    [[nodiscard]] QString backendName(int b) const;
    RunOutcome m_outcome;
};

} // namespace planscope::ui
