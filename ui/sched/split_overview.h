#pragma once
// The split overview (the central area's "Split Overview" tab after Schedule): the schedule as a
// sequence diagram (split_overview_geometry.h), splits of repeated blocks folded by pattern
// ("blk 16–30 ×15"), boxes coloured by backend, copies' bytes on the arrows, each boundary's cause
// beside it, and compute times after a run. A click on a section's title unfolds or folds it; a
// click on a split selects the node that started it. Splits can be marked (a cause group of the
// Splits dock): their boxes, or the folded box that stands for them, get a red frame.
#include "sched/split_overview_geometry.h"
#include "sched/split_schedule.h"

#include <QWidget>

#include <memory>
#include <set>

namespace planscope::ui {

class SplitOverview final : public QWidget {
    Q_OBJECT

public:
    explicit SplitOverview(QWidget* parent = nullptr);

    void setSchedule(std::shared_ptr<const SplitSchedule> schedule);
    void clear();
    // After a run: compute time by split, in microseconds.
    void setComputeTimes(std::vector<double> microseconds);
    // Frames the boxes of these splits (of a folded section, the box a split stands in); empty
    // clears the marks.
    void setMarkedSplits(const QList<int>& splits);
    // The split numbers of the boxes drawn marked, in drawing order.
    [[nodiscard]] std::vector<int> markedBoxes() const;
    // The first marked box, to scroll to; null when there is none.
    [[nodiscard]] QRectF firstMarkedRect() const;
    // Unfolds (folds) the sections of a fold group.
    void setGroupExpanded(int group, bool expanded);

    [[nodiscard]] const std::vector<OverviewSection>& sections() const { return m_sections; }
    [[nodiscard]] const OverviewGeometry& geometry() const { return m_geometry; }
    [[nodiscard]] bool hasSchedule() const { return m_schedule != nullptr; }
    [[nodiscard]] QSize sizeHint() const override;
    // The whole text of the split under `pos` (its box or its line of notes); empty elsewhere.
    [[nodiscard]] QString toolTipAt(const QPointF& pos) const;

signals:
    void splitClicked(int split, planscope::tensor_id startingNode);

protected:
    bool event(QEvent* event) override; // tooltips: the notes are cut at the widget's edge
    void paintEvent(QPaintEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    void relayout(); // the geometry for the current width
    [[nodiscard]] bool isMarked(const OverviewGeometry::Box& box) const;

    std::shared_ptr<const SplitSchedule> m_schedule;
    std::shared_ptr<const planscope::fold_structure> m_fold;
    std::set<int> m_expanded;
    std::set<int> m_marked;
    std::vector<double> m_times;
    std::vector<OverviewSection> m_sections;
    OverviewGeometry m_geometry;
};

} // namespace planscope::ui
