#pragma once
// The allocator's events, one row each. Empty until allocation recording reaches the GUI;
// the columns are the ones the event log will show.
#include <QAbstractTableModel>

namespace planscope::ui {

class EventLogModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { StepColumn, EventColumn, TensorColumn, BufferColumn, OffsetColumn, SizeColumn, ColumnCount };

    explicit EventLogModel(QObject* parent = nullptr);

    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
};

} // namespace planscope::ui
