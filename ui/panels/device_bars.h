#pragma once
// The Devices panel's picture (device_bars_geometry.h): a bar per device, GPUs then the host, with
// the weights, KV cache and compute buffer stacked, the free memory drawn as the device's limit and
// the margin before it, the verdict under each bar, and a legend. A segment's tooltip gives its
// exact bytes.
#include "device_bars_geometry.h"

#include <QString>
#include <QWidget>

#include <vector>

namespace planscope::ui {

struct DeviceBarRow {
    QString name, description;
    DeviceBarInput bytes;
    QString verdict;
};

class DeviceBarsView final : public QWidget {
    Q_OBJECT

public:
    explicit DeviceBarsView(QWidget* parent = nullptr);

    void setRows(std::vector<DeviceBarRow> rows, std::uint64_t margin);
    [[nodiscard]] const std::vector<DeviceBarRow>& rows() const { return m_rows; }
    // Where everything goes in the widget's current size and font.
    [[nodiscard]] std::vector<DeviceBar> bars() const;
    [[nodiscard]] QString toolTipAt(QPointF pos) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent* event) override; // tooltips
    void paintEvent(QPaintEvent* event) override;

private:
    [[nodiscard]] DeviceBarsMetrics metrics() const;
    void paintLegend(QPainter& p) const;

    std::vector<DeviceBarRow> m_rows;
    std::uint64_t m_margin = 0;
};

} // namespace planscope::ui
