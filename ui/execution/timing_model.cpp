#include "timing_model.h"

#include "model/format.h"

#include <QFont>

namespace planscope::ui {

TimingModel::TimingModel(QObject* parent) : QAbstractTableModel(parent) {}

void TimingModel::setOutcome(const RunOutcome& outcome) {
    beginResetModel();
    m_outcome = outcome;
    endResetModel();
}

void TimingModel::clear() { setOutcome({}); }

int TimingModel::rowCount(const QModelIndex& parent) const {
    if (parent.isValid() || m_outcome.timings.empty()) return 0;
    return static_cast<int>(m_outcome.timings.size() + m_outcome.totals.size());
}

int TimingModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QString TimingModel::backendName(int b) const {
    return b >= 0 && static_cast<std::size_t>(b) < m_outcome.backendNames.size()
               ? QString::fromStdString(m_outcome.backendNames[static_cast<std::size_t>(b)])
               : tr("none");
}

QVariant TimingModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
    const auto row = static_cast<std::size_t>(index.row());
    const bool total = row >= m_outcome.timings.size();
    if (role == Qt::FontRole && total) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= InputsColumn)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    if (role != Qt::DisplayRole && role != ValueRole) return {};

    qulonglong inputs = 0, bytes = 0, copy = 0, compute = 0;
    int backend = -1;
    QString split;
    if (!total) {
        const planscope::sched_split_timing& t = m_outcome.timings[row];
        backend = t.backend;
        split = QString::number(t.split);
        inputs = t.split < m_outcome.splits.size() ? m_outcome.splits[t.split].inputs.size() : 0;
        bytes = t.bytes_copied;
        copy = t.copy_us;
        compute = t.compute_us;
    } else {
        backend = static_cast<int>(row - m_outcome.timings.size());
        const planscope::sched_backend_totals& t = m_outcome.totals[static_cast<std::size_t>(backend)];
        split = tr("total (%n splits)", nullptr, static_cast<int>(t.n_splits));
        for (const planscope::sched_split& s : m_outcome.splits)
            if (s.backend == backend) inputs += s.inputs.size();
        bytes = t.bytes_copied;
        copy = t.copy_us;
        compute = t.compute_us;
    }
    switch (index.column()) {
    case SplitColumn: return role == ValueRole ? QVariant(index.row()) : QVariant(split);
    case BackendColumn: return role == ValueRole ? QVariant(backend) : QVariant(backendName(backend));
    case InputsColumn: return role == ValueRole ? QVariant(inputs) : QVariant(QString::number(inputs));
    case BytesColumn: return role == ValueRole ? QVariant(bytes) : QVariant(formatBytes(bytes));
    case CopyColumn: return role == ValueRole ? QVariant(copy) : QVariant(QString::number(copy));
    case ComputeColumn: return role == ValueRole ? QVariant(compute) : QVariant(QString::number(compute));
    default: return {};
    }
}

QVariant TimingModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case SplitColumn: return tr("Split");
    case BackendColumn: return tr("Backend");
    case InputsColumn: return tr("Inputs");
    case BytesColumn: return tr("Copied");
    case CopyColumn: return tr("Copy µs");
    case ComputeColumn: return tr("Compute µs");
    default: return {};
    }
}

} // namespace planscope::ui
