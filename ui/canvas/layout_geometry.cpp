#include "layout_geometry.h"

#include <QLineF>

namespace planscope::ui {

QPointF toScene(const planscope::layout_point& p) {
    return {p.x, p.y};
}

QRectF nodeRect(const planscope::layout_node& node) {
    return {node.center.x - node.width / 2, node.center.y - node.height / 2, node.width, node.height};
}

QRectF clusterRect(const planscope::layout_cluster& cluster) {
    return {toScene(cluster.top_left), QSizeF(cluster.width, cluster.height)};
}

QPainterPath bezierPath(const std::vector<planscope::layout_point>& points) {
    QPainterPath path;
    if (points.empty()) return path;
    path.moveTo(toScene(points.front()));
    if (points.size() < 4) {
        for (size_t i = 1; i < points.size(); ++i) path.lineTo(toScene(points[i]));
        return path;
    }
    for (size_t i = 1; i + 2 < points.size(); i += 3)
        path.cubicTo(toScene(points[i]), toScene(points[i + 1]), toScene(points[i + 2]));
    return path;
}

QPolygonF arrowHead(const QPointF& base, const QPointF& tip, qreal halfWidth) {
    const QLineF axis(base, tip);
    if (axis.length() <= 0) return {};
    const QPointF normal = QPointF(-axis.dy(), axis.dx()) / axis.length() * halfWidth;
    return QPolygonF({tip, base + normal, base - normal});
}

} // namespace planscope::ui
