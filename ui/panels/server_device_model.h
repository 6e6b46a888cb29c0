#pragma once
// The Devices dock's rpc-servers: one row per server the schedule runs on, its device (as the
// scheduler names it), address and memory as the server reported it at connect time. Sizes
// readable in the cells, exact in the tooltips.
#include "sched/server_devices.h"

#include <QAbstractTableModel>

#include <vector>

namespace planscope::ui {

class ServerDeviceModel final : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column { DeviceColumn, ServerColumn, FreeColumn, TotalColumn, ColumnCount };
    static constexpr int SortRole = Qt::UserRole + 1; // the bytes (the device: its backend index)

    explicit ServerDeviceModel(QObject* parent = nullptr);

    void setDevices(std::vector<ServerDevice> devices);
    [[nodiscard]] const std::vector<ServerDevice>& devices() const { return m_devices; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    std::vector<ServerDevice> m_devices;
};

} // namespace planscope::ui
