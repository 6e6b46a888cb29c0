#include "capture_record_model.h"

#include "model/format.h"

#include <QFont>
#include <QLocale>
#include <QStringList>

namespace planscope::ui {

using namespace Qt::StringLiterals;

QString CaptureRecordRow::selection() const { return u"%1:%2"_s.arg(run).arg(seq); }

std::vector<CaptureRecordRow> captureRecordRows(const planscope::capture::capture_file& file) {
    std::vector<CaptureRecordRow> rows;
    for (std::size_t r = 0; r < file.runs.size(); ++r) {
        const planscope::capture::run& run = file.runs[r];
        for (const planscope::capture::graph& g : run.graphs) {
            CaptureRecordRow row{r, g.seq, toQString(g.event), toQString(run.head.command), g.nodes.size(), g.n_splits, g.wall_us, {}};
            QStringList compute;
            for (const planscope::capture::backend& b : g.backends)
                compute << toQString(b.name) + u' ' + formatBytes(b.buffer_size);
            for (const std::uint64_t size : g.buffer_sizes) compute << formatBytes(size);
            row.compute = compute.join(u", "_s);
            rows.push_back(std::move(row));
        }
    }
    return rows;
}

CaptureRecordModel::CaptureRecordModel(QObject* parent) : QAbstractTableModel(parent) {}

void CaptureRecordModel::setRows(std::vector<CaptureRecordRow> rows) {
    beginResetModel();
    m_rows = std::move(rows);
    m_current = -1;
    endResetModel();
}

void CaptureRecordModel::setCurrent(int row) {
    if (row < -1 || row >= rowCount()) row = -1;
    if (row == m_current) return;
    const int before = m_current;
    m_current = row;
    for (const int r : {before, row})
        if (r >= 0) emit dataChanged(index(r, 0), index(r, ColumnCount - 1), {Qt::FontRole});
}

int CaptureRecordModel::rowOf(std::size_t run, std::uint64_t seq) const {
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].run == run && m_rows[i].seq == seq) return static_cast<int>(i);
    return -1;
}

int CaptureRecordModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int CaptureRecordModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant CaptureRecordModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const CaptureRecordRow& r = m_rows[static_cast<std::size_t>(index.row())];
    if (role == SelectionRole) return r.selection();
    if (role == Qt::ToolTipRole) return tr("Run %1: %2").arg(r.run).arg(r.command);
    if (role == Qt::FontRole && index.row() == m_current) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= NodesColumn && index.column() <= WallColumn)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole) return {};
    switch (index.column()) {
    case RecordColumn: return r.selection();
    case EventColumn: return r.event;
    case NodesColumn: return QLocale().toString(static_cast<qulonglong>(r.nodes));
    case SplitsColumn: return QLocale().toString(static_cast<qulonglong>(r.splits));
    case WallColumn: return tr("%1 µs").arg(QLocale().toString(static_cast<qulonglong>(r.wallUs)));
    case ComputeColumn: return r.compute;
    default: return {};
    }
}

QVariant CaptureRecordModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case RecordColumn: return tr("Record");
    case EventColumn: return tr("Event");
    case NodesColumn: return tr("Nodes");
    case SplitsColumn: return tr("Splits");
    case WallColumn: return tr("Wall time");
    case ComputeColumn: return tr("Compute buffers");
    default: return {};
    }
}

} // namespace planscope::ui
