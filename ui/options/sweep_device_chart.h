#pragma once
// The sweep on devices (sweep_devices.h) as a chart: one line per device of the memory it uses
// against the swept -ngl or n_ctx, its free memory as a dashed limit line in the same colour, a
// legend, and a tooltip with every device's figure at the point nearest the pointer.
#include "sweep_chart_geometry.h"
#include "sweep_devices.h"

#include <QWidget>

#include <vector>

namespace planscope::ui {

class SweepDeviceChart final : public QWidget {
    Q_OBJECT

public:
    explicit SweepDeviceChart(QWidget* parent = nullptr);

    void setKey(DeviceSweepKey key);
    void appendPoint(const DeviceSweepPoint& p);
    void clear();
    [[nodiscard]] const std::vector<DeviceSweepPoint>& points() const { return m_points; }
    [[nodiscard]] SweepDeviceGeometry chartGeometry() const;
    [[nodiscard]] QString toolTipAt(QPointF pos) const;

    QSize sizeHint() const override { return {620, 320}; }
    QSize minimumSizeHint() const override { return {360, 200}; }

protected:
    bool event(QEvent* event) override; // tooltips
    void paintEvent(QPaintEvent* event) override;

private:
    [[nodiscard]] SweepChartMetrics metrics() const;
    [[nodiscard]] QStringList legendTexts() const;

    DeviceSweepKey m_key = DeviceSweepKey::ngl;
    std::vector<DeviceSweepPoint> m_points;
};

} // namespace planscope::ui
