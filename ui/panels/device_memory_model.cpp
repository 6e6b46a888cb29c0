#include "device_memory_model.h"

#include "model/format.h"

#include <climits>

namespace planscope::ui {

namespace {

std::int64_t asSigned(std::uint64_t v) { return v > INT64_MAX ? INT64_MAX : static_cast<std::int64_t>(v); }

} // namespace

QString deviceVerdict(const planscope::llm_device_memory& d, std::uint64_t margin) {
    // As fit_verdict (llm_fit.cpp) words it.
    const std::int64_t left = asSigned(d.free) - asSigned(d.self());
    if (left >= asSigned(margin))
        return DeviceMemoryModel::tr("fits, %1 free").arg(formatBytes(static_cast<std::uint64_t>(left)));
    if (left >= 0)
        return DeviceMemoryModel::tr("within the margin: %1 free, under the %2 margin")
            .arg(formatBytes(static_cast<std::uint64_t>(left)), formatBytes(margin));
    QString largest = DeviceMemoryModel::tr("weights");
    std::size_t bytes = d.model;
    if (d.context > bytes) {
        largest = DeviceMemoryModel::tr("KV cache");
        bytes = d.context;
    }
    if (d.compute > bytes) {
        largest = DeviceMemoryModel::tr("compute buffer");
        bytes = d.compute;
    }
    return DeviceMemoryModel::tr("over by %1: %2 %3 is the largest share")
        .arg(formatBytes(static_cast<std::uint64_t>(-left)), largest, formatBytes(bytes));
}

QString fitSummary(const planscope::llm_fit_report& r, std::uint64_t margin) {
    return r.fits(margin) ? DeviceMemoryModel::tr("fits") : DeviceMemoryModel::tr("does not fit");
}

DeviceMemoryModel::DeviceMemoryModel(QObject* parent) : QAbstractTableModel(parent) {}

void DeviceMemoryModel::setReport(std::shared_ptr<const planscope::llm_fit_report> report, std::uint64_t margin) {
    beginResetModel();
    m_report = std::move(report);
    m_margin = margin;
    endResetModel();
}

int DeviceMemoryModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() || !m_report ? 0 : static_cast<int>(m_report->devices.size());
}

int DeviceMemoryModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant DeviceMemoryModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const planscope::llm_device_memory& d = m_report->devices[static_cast<std::size_t>(index.row())];
    std::uint64_t bytes = 0;
    switch (index.column()) {
    case DeviceColumn:
        if (role == Qt::DisplayRole) return toQString(d.name);
        if (role == Qt::ToolTipRole) return toQString(d.description);
        if (role == SortRole) return d.device < 0 ? INT_MAX : d.device; // the host last
        return {};
    case VerdictColumn:
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return deviceVerdict(d, m_margin);
        if (role == SortRole) return static_cast<qlonglong>(d.surplus(m_margin));
        return {};
    case ModelColumn: bytes = d.model; break;
    case ContextColumn: bytes = d.context; break;
    case ComputeColumn: bytes = d.compute; break;
    case TotalColumn: bytes = d.self(); break;
    case FreeColumn: bytes = d.free; break;
    default: return {};
    }
    switch (role) {
    case Qt::DisplayRole: return formatBytes(bytes);
    case Qt::ToolTipRole: return formatBytesExact(bytes);
    case Qt::TextAlignmentRole: return alignRight();
    case SortRole: return static_cast<qulonglong>(bytes);
    default: return {};
    }
}

QVariant DeviceMemoryModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case DeviceColumn: return tr("Device");
    case ModelColumn: return tr("Weights");
    case ContextColumn: return tr("KV cache");
    case ComputeColumn: return tr("Compute");
    case TotalColumn: return tr("Total");
    case FreeColumn: return tr("Free");
    case VerdictColumn: return tr("Verdict");
    default: return {};
    }
}

} // namespace planscope::ui
