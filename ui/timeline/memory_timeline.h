#pragma once
// Live bytes per buffer over the steps of a recording as a step plot, the high-water mark, the
// peak, the lower bound and the gap between them (fragmentation), and the current step as a
// cursor. Clicking or dragging picks a step: stepClicked.
#include "memory_series.h"
#include "timeline_geometry.h"

#include <QWidget>

namespace planscope::ui {

class MemoryTimeline final : public QWidget {
    Q_OBJECT

public:
    explicit MemoryTimeline(QWidget* parent = nullptr);

    // The recording's series (memorySeries); steps count events.
    void setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc);
    // Any curves, e.g. two planners' high-water marks over node steps.
    void setData(TimelineData data);
    void clear();
    void setStep(std::size_t step);
    [[nodiscard]] std::size_t step() const { return m_step; }
    [[nodiscard]] const TimelineData& data() const { return m_data; }
    // Where the curves go in the widget's current size.
    [[nodiscard]] TimelineFrame frame() const;
    QSize sizeHint() const override { return {640, 200}; }
    QSize minimumSizeHint() const override { return {200, 120}; }

signals:
    void stepClicked(std::size_t step);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    TimelineData m_data;
    std::size_t m_step = 0;
};

} // namespace planscope::ui
