#pragma once
// Where the split overview draws what (split_overview.h), as a sequence diagram: one column per
// backend, one row per split in split order, each split a box in its backend's column; an arrow
// from each split to the next (crossing columns where the backend changes) carries the copies'
// count and bytes; the cause of each boundary is written in the notes column on the right. A
// section's title ("blk 16–30 ×15") stands in the label column beside its rows, with a bracket.
// Pure, tested geometry.
#include "sched/split_overview_model.h"

#include <QPolygonF>
#include <QRectF>
#include <QSizeF>

#include <vector>

namespace planscope::ui {

struct OverviewMetrics {
    qreal margin = 10;
    qreal labelWidth = 170;  // the sections' titles and brackets
    qreal columnWidth = 170; // per backend
    qreal notesWidth = 360;  // the causes, at least: the column takes the width left beside the backends
    qreal headerHeight = 28; // backend names
    qreal sectionGap = 8;    // between two sections
    qreal rowHeight = 38;
    qreal boxInset = 12;     // horizontal, inside a column
};

struct OverviewGeometry {
    struct Box {
        std::size_t section = 0;
        std::size_t index = 0; // in the section's splits
        QRectF rect;
        QPolygonF arrow;       // into the box from the previous one; empty for the first
        QPointF arrowLabel;    // where the copies' label starts
        QRectF note;           // the cause's line in the notes column
    };
    QSizeF size;
    QSizeF minimumSize; // with notesWidth for the notes: what the widget needs
    std::vector<QRectF> headers;  // per backend
    std::vector<QRectF> titles;   // per section: its rows' span in the label column, where the title goes
    std::vector<Box> boxes;       // in order
};

// `width`: the widget's, when wider than the minimum the notes get the rest.
OverviewGeometry overviewGeometry(const std::vector<OverviewSection>& sections, std::size_t backends,
                                  const OverviewMetrics& m = {}, qreal width = 0);

} // namespace planscope::ui
