#include "tensor_list_model.h"

#include "model/graph_summary.h"

#include <QFont>

namespace planscope::ui {

TensorListModel::TensorListModel(QObject* parent) : QAbstractTableModel(parent) {}

void TensorListModel::setDocument(const planscope::graph_document& doc) {
    beginResetModel();
    const std::vector<TensorRole> roles = tensorRoles(doc);
    m_rows.clear();
    m_rows.reserve(doc.ctx.size());
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor& t = doc.ctx[tensor_id{i}];
        m_rows.push_back({toQString(t.name), roles[i], toQString(planscope::op_desc(t)), toQString(type_name(t.type)),
                          formatShape(t.ne), nbytes(t), t.is_view()});
    }
    endResetModel();
}

QModelIndex TensorListModel::indexOf(planscope::tensor_id tensor, int column) const {
    if (!tensor.valid() || tensor.index() >= m_rows.size()) return {};
    return index(static_cast<int>(tensor.index()), column);
}

planscope::tensor_id TensorListModel::tensorAt(const QModelIndex& index) {
    const QVariant v = index.data(TensorIdRole);
    return v.isValid() ? tensor_id{v.toUInt()} : tensor_id{};
}

int TensorListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int TensorListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant TensorListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return row.name;
        case RoleColumn: return row.view ? tr("%1 (view)").arg(roleText(row.role)) : roleText(row.role);
        case OpColumn: return row.op;
        case TypeColumn: return row.type;
        case ShapeColumn: return row.shape;
        case BytesColumn: return formatBytes(row.bytes);
        }
        break;
    case SortRole:
        if (index.column() == BytesColumn) return static_cast<qulonglong>(row.bytes);
        return data(index, Qt::DisplayRole);
    case TensorIdRole: return static_cast<quint32>(index.row());
    case Qt::ToolTipRole:
        if (index.column() == BytesColumn) return formatBytesExact(row.bytes);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() == BytesColumn) return alignRight();
        break;
    case Qt::FontRole:
        if (row.view) {
            QFont italic;
            italic.setItalic(true);
            return italic;
        }
        break;
    }
    return {};
}

QVariant TensorListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Name");
    case RoleColumn: return tr("Role");
    case OpColumn: return tr("Op");
    case TypeColumn: return tr("Type");
    case ShapeColumn: return tr("Shape");
    case BytesColumn: return tr("Bytes");
    }
    return {};
}

} // namespace planscope::ui
