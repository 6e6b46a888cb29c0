#pragma once
// One row per op of the graph's nodes: how many and how many bytes their results take.
#include "model/graph_summary.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class OpSummaryModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { OpColumn, CountColumn, BytesColumn, ColumnCount };
    // The raw number behind a cell (count or bytes), for sorting.
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit OpSummaryModel(QObject* parent = nullptr);

    void setSummary(const GraphSummary& summary);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<OpCount> m_rows;
};

} // namespace planscope::ui
