#include "buffer_list_model.h"

#include "model/format.h"

#include "llm_context/llm_reserve.h"
#include "models/llama_report.h"

#include <QFont>
#include <QLocale>

namespace planscope::ui {

using namespace Qt::StringLiterals;

BufferListModel::BufferListModel(QObject* parent) : QAbstractTableModel(parent) {}

void BufferListModel::setDocument(const planscope::graph_document& doc, const std::vector<ComputeBuffer>& compute) {
    beginResetModel();
    m_rows.clear();
    for (const buffer_desc& b : doc.buffers) m_rows.push_back({toQString(b.name), toQString(b.backend), b.size, b.alignment, 0, {}, false});
    for (const ComputeBuffer& c : compute)
        if (c.id.index() < m_rows.size()) {
            m_rows[c.id.index()].llamaLine = c.llamaLine;
            m_rows[c.id.index()].promptGraph = c.promptGraph;
        }
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) {
        const tensor& t = doc.ctx[tensor_id{i}];
        if (t.where && !t.is_view() && t.where->buffer.index() < m_rows.size()) ++m_rows[t.where->buffer.index()].tensors;
    }
    endResetModel();
}

void BufferListModel::setReserved(const ReservedLine& reserved) {
    m_reserved = reserved;
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].promptGraph) {
            const QModelIndex cell = index(static_cast<int>(i), LlamaColumn);
            emit dataChanged(cell, cell);
        }
}

void BufferListModel::setLlmReserve(std::shared_ptr<const planscope::llm_reserve_result> reserve) {
    m_llm = std::move(reserve);
}

namespace {
// llama_context's log line for its compute buffer: "CPU compute buffer size = 0.16 MiB".
QString llmComputeLine(const planscope::llm_reserve_result& r) {
    return toQString(planscope::llama_backend_compute_line("CPU", r.compute));
}
} // namespace

QString BufferListModel::llamaText(const Row& row) const {
    const QString own = row.llamaLine.section(u" = "_s, 1); // "73.69 MiB"
    if (!row.promptGraph) return own;
    if (m_llm) return llmComputeLine(*m_llm).section(u" = "_s, 1);
    if (m_reserved.state == ReservedLine::State::Known) return m_reserved.text.section(u" = "_s, 1);
    return tr("%1 (prompt graph)").arg(own);
}

QString BufferListModel::llamaToolTip(const Row& row) const {
    if (!row.promptGraph) return tr("llama.cpp prints: %1").arg(row.llamaLine);
    if (m_llm)
        return tr("llama.cpp da46e59c reserves: %1 (after its prompt, one-token and prompt graphs)\n"
                  "this prompt graph alone: %2")
            .arg(llmComputeLine(*m_llm), formatBytes(row.size));
    switch (m_reserved.state) {
    case ReservedLine::State::Known:
        return tr("llama.cpp reserves: %1 (worst-case graph)\nprompt graph: %2").arg(m_reserved.text, row.llamaLine);
    case ReservedLine::State::Failed:
        return tr("llama.cpp reserves: not planned (%1)\nprompt graph: %2").arg(m_reserved.text, row.llamaLine);
    case ReservedLine::State::Pending: break;
    }
    return tr("prompt graph: %1 (llama.cpp reserves with its worst-case graph)").arg(row.llamaLine);
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
        case LlamaColumn: return llamaText(row);
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
        if (index.column() == LlamaColumn && !row.llamaLine.isEmpty()) return llamaToolTip(row);
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
