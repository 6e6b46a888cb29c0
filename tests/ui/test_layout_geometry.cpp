// Graphviz geometry to scene coordinates: node boxes, bezier paths, arrow heads, by data rows.
#include "canvas/layout_geometry.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::ui;

namespace {
std::vector<layout_point> points(const QList<QPointF>& list) {
    std::vector<layout_point> out;
    for (const QPointF& p : list) out.push_back({p.x(), p.y()});
    return out;
}
} // namespace

class TestLayoutGeometry : public QObject {
    Q_OBJECT
private slots:
    void nodeRectCentresTheBox_data();
    void nodeRectCentresTheBox();
    void clusterRectStartsAtTopLeft();
    void bezierPath_data();
    void bezierPath();
    void arrowHead_data();
    void arrowHead();
};

void TestLayoutGeometry::nodeRectCentresTheBox_data() {
    QTest::addColumn<QPointF>("center");
    QTest::addColumn<QSizeF>("size");
    QTest::addColumn<QRectF>("expected");
    QTest::newRow("origin") << QPointF(0, 0) << QSizeF(10, 4) << QRectF(-5, -2, 10, 4);
    QTest::newRow("offset") << QPointF(100, 50) << QSizeF(54, 36) << QRectF(73, 32, 54, 36);
    QTest::newRow("fractional") << QPointF(1.5, 2.5) << QSizeF(1, 1) << QRectF(1, 2, 1, 1);
}

void TestLayoutGeometry::nodeRectCentresTheBox() {
    QFETCH(QPointF, center);
    QFETCH(QSizeF, size);
    QFETCH(QRectF, expected);
    const layout_node node{"t0", tensor_id{0}, {center.x(), center.y()}, size.width(), size.height()};
    QCOMPARE(nodeRect(node), expected);
    QCOMPARE(nodeRect(node).center(), toScene(node.center));
}

void TestLayoutGeometry::clusterRectStartsAtTopLeft() {
    const layout_cluster c{1, "split 1", {8, 16}, 200, 100};
    QCOMPARE(clusterRect(c), QRectF(8, 16, 200, 100));
}

void TestLayoutGeometry::bezierPath_data() {
    QTest::addColumn<QList<QPointF>>("controls");
    QTest::addColumn<int>("elements"); // QPainterPath elements: moveTo, lineTo, 3 per cubicTo
    QTest::addColumn<QPointF>("end");
    QTest::newRow("empty") << QList<QPointF>{} << 0 << QPointF();
    QTest::newRow("one point") << QList<QPointF>{{1, 2}} << 1 << QPointF(1, 2);
    QTest::newRow("two points: a line") << QList<QPointF>{{0, 0}, {0, 10}} << 2 << QPointF(0, 10);
    QTest::newRow("one cubic") << QList<QPointF>{{0, 0}, {0, 5}, {10, 5}, {10, 10}} << 4 << QPointF(10, 10);
    QTest::newRow("two cubics") << QList<QPointF>{{0, 0}, {0, 5}, {10, 5}, {10, 10}, {10, 15}, {20, 15}, {20, 20}} << 7
                                << QPointF(20, 20);
}

void TestLayoutGeometry::bezierPath() {
    QFETCH(QList<QPointF>, controls);
    QFETCH(int, elements);
    QFETCH(QPointF, end);
    const QPainterPath path = ui::bezierPath(points(controls));
    QCOMPARE(path.elementCount(), elements);
    if (elements == 0) return;
    QCOMPARE(QPointF(path.elementAt(0)), controls.front());
    QCOMPARE(path.currentPosition(), end);
    if (controls.size() >= 4) {
        QCOMPARE(path.elementAt(1).type, QPainterPath::CurveToElement);
        QCOMPARE(QPointF(path.elementAt(1)), controls[1]);
        QCOMPARE(QPointF(path.elementAt(2)), controls[2]);
    }
}

void TestLayoutGeometry::arrowHead_data() {
    QTest::addColumn<QPointF>("base");
    QTest::addColumn<QPointF>("tip");
    QTest::addColumn<qreal>("halfWidth");
    QTest::addColumn<QPolygonF>("expected");
    QTest::newRow("down") << QPointF(0, 0) << QPointF(0, 10) << 3.0 << QPolygonF({{0, 10}, {-3, 0}, {3, 0}});
    QTest::newRow("right") << QPointF(5, 5) << QPointF(15, 5) << 2.0 << QPolygonF({{15, 5}, {5, 7}, {5, 3}});
    QTest::newRow("degenerate") << QPointF(1, 1) << QPointF(1, 1) << 3.0 << QPolygonF();
}

void TestLayoutGeometry::arrowHead() {
    QFETCH(QPointF, base);
    QFETCH(QPointF, tip);
    QFETCH(qreal, halfWidth);
    QFETCH(QPolygonF, expected);
    QCOMPARE(ui::arrowHead(base, tip, halfWidth), expected);
}

QTEST_APPLESS_MAIN(TestLayoutGeometry)
#include "test_layout_geometry.moc"
