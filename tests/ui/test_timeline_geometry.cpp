// The memory timeline's coordinates, by data rows: step -> x, x -> step, bytes -> y, x labels.
#include "timeline/timeline_geometry.h"
#include "timeline/timeline_painter.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::ui;

class TestTimelineGeometry : public QObject {
    Q_OBJECT
private slots:
    void stepToX_data();
    void stepToX();
    void xToStep_data();
    void xToStep();
    void bytesToY_data();
    void bytesToY();
    void stepTickSpacing_data();
    void stepTickSpacing();

private:
    // Ten steps over 100 px from x = 10; 1000 bytes over 50 px from y = 70 up.
    const TimelineFrame m_frame{QRectF(10, 20, 100, 50), 10, 1000};
};

void TestTimelineGeometry::stepToX_data() {
    QTest::addColumn<qulonglong>("step");
    QTest::addColumn<qreal>("x");
    QTest::newRow("first") << 0ULL << qreal(10);
    QTest::newRow("middle") << 5ULL << qreal(60);
    QTest::newRow("end of the last stair") << 10ULL << qreal(110);
}

void TestTimelineGeometry::stepToX() {
    QFETCH(qulonglong, step);
    QFETCH(qreal, x);
    QCOMPARE(ui::stepToX(m_frame, step), x);
}

void TestTimelineGeometry::xToStep_data() {
    QTest::addColumn<qreal>("x");
    QTest::addColumn<qulonglong>("step");
    QTest::newRow("left edge") << qreal(10) << 0ULL;
    QTest::newRow("just before a stair") << qreal(59.9) << 4ULL;
    QTest::newRow("on a stair's start") << qreal(60) << 5ULL;
    QTest::newRow("last stair") << qreal(109) << 9ULL;
    QTest::newRow("right of the plot: clamped") << qreal(200) << 9ULL;
    QTest::newRow("left of the plot: clamped") << qreal(-5) << 0ULL;
}

void TestTimelineGeometry::xToStep() {
    QFETCH(qreal, x);
    QFETCH(qulonglong, step);
    QCOMPARE(ui::xToStep(m_frame, x), step);
}

void TestTimelineGeometry::bytesToY_data() {
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<qreal>("y");
    QTest::newRow("zero at the bottom") << 0ULL << qreal(70);
    QTest::newRow("half") << 500ULL << qreal(45);
    QTest::newRow("max at the top") << 1000ULL << qreal(20);
}

void TestTimelineGeometry::bytesToY() {
    QFETCH(qulonglong, bytes);
    QFETCH(qreal, y);
    QCOMPARE(ui::bytesToY(m_frame, bytes), y);
}

void TestTimelineGeometry::stepTickSpacing_data() {
    QTest::addColumn<qulonglong>("steps");
    QTest::addColumn<qreal>("width");
    QTest::addColumn<qulonglong>("every");
    QTest::newRow("few wide steps") << 3ULL << qreal(300) << 1ULL;
    QTest::newRow("10 px per step") << 100ULL << qreal(1000) << 10ULL;
    QTest::newRow("1 px per step") << 1000ULL << qreal(1000) << 100ULL;
    QTest::newRow("5 px per step") << 200ULL << qreal(1000) << 20ULL;
    QTest::newRow("narrower than one label") << 10ULL << qreal(100) << 10ULL;
}

void TestTimelineGeometry::stepTickSpacing() {
    QFETCH(qulonglong, steps);
    QFETCH(qreal, width);
    QFETCH(qulonglong, every);
    QCOMPARE(ui::stepTickSpacing(TimelineFrame{QRectF(0, 0, width, 10), steps, 1}, 60), every);
}

QTEST_GUILESS_MAIN(TestTimelineGeometry)
#include "test_timeline_geometry.moc"
