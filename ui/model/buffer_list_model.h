#pragma once
// The document's buffers (weights, KV cache, ...): name, backend, size, alignment, tensors placed.
#include "core/document.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class BufferListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, BackendColumn, SizeColumn, AlignmentColumn, TensorsColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1;

    explicit BufferListModel(QObject* parent = nullptr);

    void setDocument(const planscope::graph_document& doc);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        QString backend;
        std::uint64_t size;
        std::uint64_t alignment;
        int tensors;
    };
    std::vector<Row> m_rows;
};

} // namespace planscope::ui
