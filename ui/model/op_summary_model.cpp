#include "op_summary_model.h"

#include "model/format.h"

#include <QLocale>

namespace planscope::ui {

OpSummaryModel::OpSummaryModel(QObject* parent) : QAbstractTableModel(parent) {}

void OpSummaryModel::setSummary(const GraphSummary& summary) {
    beginResetModel();
    m_rows = summary.ops;
    endResetModel();
}

int OpSummaryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int OpSummaryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant OpSummaryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const OpCount& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case OpColumn: return toQString(row.name);
        case CountColumn: return QLocale().toString(static_cast<qulonglong>(row.count));
        case BytesColumn: return formatBytes(row.bytes);
        }
        break;
    case SortRole:
        switch (index.column()) {
        case OpColumn: return toQString(row.name);
        case CountColumn: return static_cast<qulonglong>(row.count);
        case BytesColumn: return static_cast<qulonglong>(row.bytes);
        }
        break;
    case Qt::ToolTipRole:
        if (index.column() == BytesColumn) return formatBytesExact(row.bytes);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() != OpColumn) return alignRight();
        break;
    }
    return {};
}

QVariant OpSummaryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case OpColumn: return tr("Op");
    case CountColumn: return tr("Count");
    case BytesColumn: return tr("Result bytes");
    }
    return {};
}

} // namespace planscope::ui
