#pragma once
// Placeholder graph layout: nodes in one column in graph order, each leaf in a column to the
// left at the row of its first user, edges between node rows as arcs on the right.
// Pure geometry, kept out of paint() so tests can check it row by row.
#include "core/document.h"

#include <QPainterPath>
#include <QRectF>

#include <vector>

namespace planscope::ui {

struct ColumnMetrics {
    qreal boxWidth = 250;
    qreal boxHeight = 42;
    qreal rowPitch = 58;     // vertical distance between the tops of two rows
    qreal columnGap = 110;   // between the leaf column and the node column
    qreal arcMinBulge = 24;  // how far right an arc between neighbouring rows reaches
    qreal arcBulgePerRow = 6;
    qreal arcMaxBulge = 220;
};

struct LayoutBox {
    planscope::tensor_id tensor;
    QRectF rect;
    int row = 0;
    bool leaf = false;
};

struct LayoutEdge {
    planscope::tensor_id from; // the source
    planscope::tensor_id to;   // the node that reads it
    QPainterPath path;
};

struct ColumnLayout {
    std::vector<LayoutBox> boxes; // leafs first, then nodes in graph order
    std::vector<LayoutEdge> edges;
    QRectF bounds;                // every box and edge

    [[nodiscard]] const LayoutBox* boxOf(planscope::tensor_id tensor) const;
};

ColumnLayout layoutColumns(const planscope::graph_document& doc, const ColumnMetrics& metrics = {});

// Where the column layout puts the top of a row and the left of each column.
qreal rowTop(int row, const ColumnMetrics& metrics);
qreal leafColumnLeft(const ColumnMetrics& metrics);
qreal nodeColumnLeft(const ColumnMetrics& metrics);

} // namespace planscope::ui
