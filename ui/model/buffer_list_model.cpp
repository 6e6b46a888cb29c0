#include "buffer_list_model.h"

#include "model/format.h"

#include <QFont>
#include <QLocale>

namespace planscope::ui {

using namespace Qt::StringLiterals;

BufferListModel::BufferListModel(QObject* parent) : QAbstractTableModel(parent) {}

void BufferListModel::setDocument(const planscope::graph_document& doc, const std::vector<ComputeBuffer>& compute) {
    beginResetModel();
    m_rows.clear();
    for (const buffer_desc& b : doc.buffers) m_rows.push_back({toQString(b.name), toQString(b.backend), b.size, b.alignment, 0, {}});
    for (const ComputeBuffer& c : compute)
        if (c.id.index() < m_rows.size()) m_rows[c.id.index()].llamaLine = c.llamaLine;
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor& t = doc.ctx[tensor_id{i}];
        if (t.where && !t.is_view() && t.where->buffer.index() < m_rows.size()) ++m_rows[t.where->buffer.index()].tensors;
    }
    endResetModel();
}

int BufferListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int BufferListModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant BufferListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        switch (index.column()) {
        case NameColumn: return row.name;
        case BackendColumn: return row.backend;
        case SizeColumn: return formatBytes(row.size);
        case AlignmentColumn: return QLocale().toString(static_cast<qulonglong>(row.alignment));
        case TensorsColumn: return QLocale().toString(row.tensors);
        case LlamaColumn: return row.llamaLine.section(u" = "_s, 1); // "73.69 MiB"
        }
        break;
    case Qt::FontRole:
        if (!row.llamaLine.isEmpty()) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case SortRole:
        switch (index.column()) {
        case SizeColumn: return static_cast<qulonglong>(row.size);
        case AlignmentColumn: return static_cast<qulonglong>(row.alignment);
        case TensorsColumn: return row.tensors;
        default: return data(index, Qt::DisplayRole);
        }
    case Qt::ToolTipRole:
        if (index.column() == LlamaColumn && !row.llamaLine.isEmpty()) return tr("llama.cpp prints: %1").arg(row.llamaLine);
        if (index.column() == SizeColumn) return formatBytesExact(row.size);
        break;
    case Qt::TextAlignmentRole:
        if (index.column() >= SizeColumn) return alignRight();
        break;
    }
    return {};
}

QVariant BufferListModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case NameColumn: return tr("Buffer");
    case BackendColumn: return tr("Backend");
    case SizeColumn: return tr("Size");
    case AlignmentColumn: return tr("Alignment");
    case TensorsColumn: return tr("Tensors");
    case LlamaColumn: return tr("llama.cpp");
    }
    return {};
}

} // namespace planscope::ui
