#pragma once
// Graphviz geometry (points, y pointing down) turned into scene coordinates and painter paths.
// Pure functions, kept out of the items so tests can check them row by row.
#include "layout/graph_layout.h"

#include <QPainterPath>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>

#include <vector>

namespace planscope::ui {

// One layout point is one scene unit; both have y pointing down.
QPointF toScene(const planscope::layout_point& p);
// The box of a node: its size centred on its center.
QRectF nodeRect(const planscope::layout_node& node);
QRectF clusterRect(const planscope::layout_cluster& cluster);
// A cubic bezier path through 1 + 3k control points; fewer than 4 points give a straight line
// (or an empty path for none).
QPainterPath bezierPath(const std::vector<planscope::layout_point>& points);
// An arrow head as a triangle from the curve's end `base` to `tip`: the tip and two corners
// `halfWidth` to either side of `base`. Empty when base and tip coincide.
QPolygonF arrowHead(const QPointF& base, const QPointF& tip, qreal halfWidth);

} // namespace planscope::ui
