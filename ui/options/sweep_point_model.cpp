#include "sweep_point_model.h"

#include "model/format.h"
#include "plan/planner.h"

#include <QLocale>

namespace planscope::ui {

using namespace Qt::StringLiterals;

QString sweepKeyLabel(planscope::sweep_key key) {
    switch (key) {
    case planscope::sweep_key::batch: return u"n_batch"_s;
    case planscope::sweep_key::ubatch: return u"n_ubatch"_s;
    case planscope::sweep_key::ctx: break;
    }
    return u"n_ctx"_s;
}

SweepPointModel::SweepPointModel(QObject* parent) : QAbstractTableModel(parent) {}

QString SweepPointModel::ratioText(const planscope::sweep_point& p) {
    return QLocale().toString(planscope::peak_ratio(p.max_size, p.lower_bound), 'f', 4);
}

QString SweepPointModel::pointText(planscope::sweep_key key, const planscope::sweep_point& p) {
    const QStringList lines{
        tr("%1 %2: %n node(s)", nullptr, static_cast<int>(p.nodes)).arg(sweepKeyLabel(key), QLocale().toString(p.value)),
        tr("Compute buffer (ggml): %1").arg(formatBytesExact(p.max_size)),
        tr("Lower bound: %1").arg(formatBytesExact(p.lower_bound)),
        tr("Plan / bound: %1").arg(ratioText(p)),
        tr("llama.cpp total: %1").arg(formatBytesExact(p.llama_total)),
    };
    return lines.join(u'\n');
}

void SweepPointModel::append(const planscope::sweep_point& p) {
    const int row = rowCount();
    beginInsertRows({}, row, row);
    m_points.push_back(p);
    endInsertRows();
}

void SweepPointModel::clear() {
    if (m_points.empty()) return;
    beginResetModel();
    m_points.clear();
    endResetModel();
}

int SweepPointModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_points.size());
}

int SweepPointModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant SweepPointModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const planscope::sweep_point& p = m_points[static_cast<std::size_t>(index.row())];
    if (role == Qt::TextAlignmentRole) return alignRight();
    if (role == Qt::ToolTipRole) {
        switch (index.column()) {
        case ComputeColumn: return formatBytesExact(p.max_size);
        case BoundColumn: return formatBytesExact(p.lower_bound);
        case LlamaColumn: return formatBytesExact(p.llama_total);
        default: return {};
        }
    }
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case ValueColumn: return QLocale().toString(p.value);
    case NodesColumn: return QLocale().toString(static_cast<qulonglong>(p.nodes));
    case ComputeColumn: return formatBytes(p.max_size);
    case BoundColumn: return formatBytes(p.lower_bound);
    case RatioColumn: return ratioText(p);
    case LlamaColumn: return formatBytes(p.llama_total);
    default: return {};
    }
}

QVariant SweepPointModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        if (section == ComputeColumn) return tr("The compute buffer of the graph built at this value");
        if (section == LlamaColumn)
            return tr("What llama.cpp reserves at this value: the compute buffer of its worst-case graph (n_past = n_ctx − "
                      "n_batch, the K-shift), plus its graph metadata");
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ValueColumn: return tr("Value");
    case NodesColumn: return tr("Nodes");
    case ComputeColumn: return tr("Compute buffer");
    case BoundColumn: return tr("Lower bound");
    case RatioColumn: return tr("Plan / bound");
    case LlamaColumn: return tr("llama.cpp total");
    default: return {};
    }
}

} // namespace planscope::ui
