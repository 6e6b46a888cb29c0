#pragma once
// How the compute buffer grows over a sweep's values (sweep_chart_geometry.h): ggml's compute
// buffer, the lower bound and llama.cpp's total as lines with point markers and a legend, drawn
// with QPainter on white. Hovering shows every value of the point nearest the pointer.
#include "sweep_chart_geometry.h"

#include <QWidget>

#include <vector>

namespace planscope::ui {

class SweepChart final : public QWidget {
    Q_OBJECT

public:
    explicit SweepChart(QWidget* parent = nullptr);

    // What the x axis is titled and the tooltips name.
    void setKey(planscope::sweep_key key);
    void appendPoint(const planscope::sweep_point& p);
    void clear();
    [[nodiscard]] const std::vector<planscope::sweep_point>& points() const { return m_points; }
    // Where everything goes in the widget's current size and font.
    [[nodiscard]] SweepChartGeometry chartGeometry() const;
    // The point under `pos` (-1: none) and what its tooltip says (empty: nothing).
    [[nodiscard]] int pointAt(QPointF pos) const;
    [[nodiscard]] QString toolTipAt(QPointF pos) const;
    [[nodiscard]] int hoveredPoint() const { return m_hover; }

    QSize sizeHint() const override { return {620, 320}; }
    QSize minimumSizeHint() const override { return {360, 200}; }

protected:
    bool event(QEvent* event) override; // tooltips
    void paintEvent(QPaintEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    [[nodiscard]] SweepChartMetrics metrics() const;
    [[nodiscard]] QStringList legendTexts() const;
    void setHover(int index);
    void paintAxes(QPainter& p, const SweepChartGeometry& g) const;
    void paintSeries(QPainter& p, const SweepChartGeometry& g) const;
    void paintLegend(QPainter& p, const SweepChartGeometry& g) const;

    planscope::sweep_key m_key = planscope::sweep_key::batch;
    std::vector<planscope::sweep_point> m_points;
    int m_hover = -1;
};

} // namespace planscope::ui
