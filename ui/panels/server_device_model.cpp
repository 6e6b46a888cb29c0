#include "server_device_model.h"

#include "model/format.h"

namespace planscope::ui {

ServerDeviceModel::ServerDeviceModel(QObject* parent) : QAbstractTableModel(parent) {}

void ServerDeviceModel::setDevices(std::vector<ServerDevice> devices) {
    if (devices == m_devices) return;
    beginResetModel();
    m_devices = std::move(devices);
    endResetModel();
}

int ServerDeviceModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(m_devices.size());
}

int ServerDeviceModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant ServerDeviceModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid)) return {};
    const ServerDevice& d = m_devices[static_cast<std::size_t>(index.row())];
    std::uint64_t bytes = 0;
    switch (index.column()) {
    case DeviceColumn:
        if (role == Qt::DisplayRole) return toQString(d.name);
        if (role == Qt::ToolTipRole) return tr("Device 0 of the rpc-server at %1").arg(toQString(d.server));
        if (role == SortRole) return d.backend;
        return {};
    case ServerColumn:
        if (role == Qt::DisplayRole || role == SortRole) return toQString(d.server);
        return {};
    case FreeColumn: bytes = d.free; break;
    case TotalColumn: bytes = d.total; break;
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

QVariant ServerDeviceModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
    switch (section) {
    case DeviceColumn: return tr("Device");
    case ServerColumn: return tr("Server");
    case FreeColumn: return tr("Free");
    case TotalColumn: return tr("Total");
    default: return {};
    }
}

} // namespace planscope::ui
