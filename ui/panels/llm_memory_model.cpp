#include "llm_memory_model.h"

#include "model/format.h"

#include <QFont>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

// llama.cpp allocates the output buffer in the host buffer type, "CPU" when every layer is on it.
constexpr std::string_view llm_output_buffer_type = "CPU";

std::uint64_t llm_part_bytes(const planscope::llm_memory_row& row, LlmPart part) {
    switch (part) {
    case LlmPart::Model: return row.model;
    case LlmPart::Context: return row.context;
    case LlmPart::Compute: return row.compute;
    }
    return 0;
}

} // namespace

LlmMemoryPart llmMemoryPart(const planscope::llm_reserve_result& r, LlmPart part) {
    LlmMemoryPart out;
    QStringList where;
    for (const planscope::llm_memory_row& row : r.memory)
        if (const std::uint64_t b = llm_part_bytes(row, part); b != 0) {
            out.bytes += b;
            where << toQString(row.buffer_type);
        }
    out.where = where.join(u", "_s);
    return out;
}

QString llmPartText(const LlmMemoryPart& part) {
    return part.where.isEmpty() ? formatBytes(part.bytes)
                                : LlmMemoryModel::tr("%1 (%2)").arg(formatBytes(part.bytes), part.where);
}

LlmMemoryModel::LlmMemoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void LlmMemoryModel::setReserve(std::shared_ptr<const planscope::llm_reserve_result> reserve) {
    beginResetModel();
    m_reserve = std::move(reserve);
    endResetModel();
}

int LlmMemoryModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || !m_reserve) return 0;
    return static_cast<int>(m_reserve->memory.size()) + 1; // the total last
}

int LlmMemoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

std::uint64_t LlmMemoryModel::bytes(int row, int column) const {
    const auto& rows = m_reserve->memory;
    if (static_cast<std::size_t>(row) == rows.size()) { // the total
        std::uint64_t sum = 0;
        for (int r = 0; r < row; ++r) sum += bytes(r, column);
        return sum;
    }
    const planscope::llm_memory_row& m = rows[static_cast<std::size_t>(row)];
    const std::uint64_t output = m.buffer_type == llm_output_buffer_type ? m_reserve->output_bytes : 0;
    switch (column) {
    case ModelColumn: return m.model;
    case ContextColumn: return m.context;
    case ComputeColumn: return m.compute;
    case OutputColumn: return output;
    case TotalColumn: return m.model + m.context + m.compute + output;
    default: return 0;
    }
}

QVariant LlmMemoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const bool total = static_cast<std::size_t>(index.row()) == m_reserve->memory.size();
    const bool name = index.column() == BufferTypeColumn;
    switch (role) {
    case Qt::DisplayRole:
        if (name) return total ? tr("Total") : toQString(m_reserve->memory[static_cast<std::size_t>(index.row())].buffer_type);
        return formatBytes(bytes(index.row(), index.column()));
    case SortRole:
        if (name) return index.row();
        return static_cast<qulonglong>(bytes(index.row(), index.column()));
    case Qt::ToolTipRole:
        if (name) return {};
        return formatBytesExact(bytes(index.row(), index.column()));
    case Qt::TextAlignmentRole:
        if (!name) return alignRight();
        break;
    case Qt::FontRole:
        if (total) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    default: break;
    }
    return {};
}

QVariant LlmMemoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case BufferTypeColumn: return tr("Buffer type");
        case ModelColumn: return tr("Model");
        case ContextColumn: return tr("Context (KV)");
        case ComputeColumn: return tr("Compute");
        case OutputColumn: return tr("Output");
        case TotalColumn: return tr("Total");
        default: break;
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case ModelColumn: return tr("The weights (the mapped file: CPU_Mapped)");
        case ContextColumn: return tr("The KV cache (llama_memory)");
        case ComputeColumn: return tr("The compute buffer the scheduler reserved (prompt, one-token and prompt graphs)");
        case OutputColumn: return tr("The logits buffer (output_reserve): not in llama_memory_breakdown");
        default: break;
        }
    }
    return {};
}

} // namespace planscope::ui
