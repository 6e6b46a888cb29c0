#pragma once
// The node-level diff of two plans: every tensor in the compute buffer with its offset under
// each plan, its size, and whether it moved. Moved tensors first, then by offset under A.
#include "planner_comparison.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class OffsetDiffModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { TensorColumn, OffsetAColumn, OffsetBColumn, SizeColumn, MovedColumn, ColumnCount };
    // Sort keys (numbers) for a QSortFilterProxyModel.
    static constexpr int SortRole = Qt::UserRole + 1;

    struct Row {
        planscope::tensor_id tensor;
        QString name;
        std::uint64_t offsetA = 0, offsetB = 0, size = 0;
        [[nodiscard]] bool moved() const { return offsetA != offsetB; }
    };

    explicit OffsetDiffModel(QObject* parent = nullptr);

    void setComparison(const PlannerComparison& c, const planscope::graph_document& doc);
    void clear();
    [[nodiscard]] const Row& row(int r) const { return m_rows[static_cast<std::size_t>(r)]; }
    [[nodiscard]] int movedCount() const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<Row> m_rows;
    QString m_nameA, m_nameB;
};

} // namespace planscope::ui
