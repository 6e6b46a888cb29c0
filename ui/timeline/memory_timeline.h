#pragma once
// Live bytes per buffer over the steps of a recording as a step plot, the high-water mark, the
// peak, the lower bound and the gap between them (fragmentation), and the current step as a
// cursor. Clicking or dragging picks a step: stepClicked. Over a recording (setTrace), hovering
// shows the step's live bytes and the tensor whose band is under the pointer (timeline_hover.h),
// and a click also emits tensorClicked for it.
#include "memory_series.h"
#include "timeline_geometry.h"
#include "timeline_hover.h"

#include <QWidget>

#include <optional>

namespace planscope::ui {

class MemoryTimeline final : public QWidget {
    Q_OBJECT

public:
    explicit MemoryTimeline(QWidget* parent = nullptr);

    // The recording's series (memorySeries); steps count events. `events` and `doc` are not
    // copied: they must outlive the view or be replaced (setTrace, setData, clear) before they go.
    void setTrace(std::span<const planscope::alloc_event> events, const planscope::graph_document& doc);
    // Any curves, e.g. two planners' high-water marks over node steps; nothing to hover.
    void setData(TimelineData data);
    void clear();
    void setStep(std::size_t step);
    [[nodiscard]] std::size_t step() const { return m_step; }
    [[nodiscard]] const TimelineData& data() const { return m_data; }
    // Where the curves go in the widget's current size.
    [[nodiscard]] TimelineFrame frame() const;
    // What the tooltip at `pos` says; empty without a recording or outside the plot.
    [[nodiscard]] QString toolTipAt(QPointF pos) const;
    QSize sizeHint() const override { return {640, 200}; }
    QSize minimumSizeHint() const override { return {200, 120}; }

signals:
    void stepClicked(std::size_t step);
    // After stepClicked: the tensor whose allocation the click was in (timeline_hover.h).
    void tensorClicked(planscope::tensor_id tensor);

protected:
    bool event(QEvent* event) override; // tooltips
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    void showData(TimelineData data);
    [[nodiscard]] std::optional<TimelineHover> hoverAt(QPointF pos) const;
    void showToolTip(QPointF pos, QPoint globalPos); // hides it where there is nothing to say

    TimelineData m_data;
    std::size_t m_step = 0;
    // setTrace's recording; empty series and no document after setData.
    MemorySeries m_series;
    std::span<const planscope::alloc_event> m_events;
    const planscope::graph_document* m_doc = nullptr;
    // The live set last hovered (live_at is O(events)): reused while step and buffer stay.
    mutable std::optional<planscope::live_set> m_hoverLive;
};

} // namespace planscope::ui
