#pragma once
// Every tensor of a document, one row each in id order: name, role, op, type, shape, bytes.
#include "core/document.h"
#include "model/format.h"

#include <QAbstractTableModel>

namespace planscope::ui {

class TensorListModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { NameColumn, RoleColumn, OpColumn, TypeColumn, ShapeColumn, BytesColumn, ColumnCount };
    static constexpr int TensorIdRole = Qt::UserRole + 1; // quint32 tensor id
    static constexpr int SortRole = Qt::UserRole + 2;     // raw value for sorting (bytes as a number)

    explicit TensorListModel(QObject* parent = nullptr);

    // Copies what the rows show; the model keeps no reference to the document.
    void setDocument(const planscope::graph_document& doc);

    [[nodiscard]] QModelIndex indexOf(planscope::tensor_id tensor, int column = NameColumn) const;
    [[nodiscard]] static planscope::tensor_id tensorAt(const QModelIndex& index);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    struct Row {
        QString name;
        TensorRole role;
        QString op;
        QString type;
        QString shape;
        std::uint64_t bytes;
        bool view;
    };
    std::vector<Row> m_rows; // row == tensor id
};

} // namespace planscope::ui
