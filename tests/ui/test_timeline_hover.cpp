// What hovering the memory timeline finds, by data rows: the bytes at a height, the buffer whose
// curve is the nearest above the pointer (two hand-made buffers), and in small.json's recording
// the allocation under the pointer with the live allocations stacked by offset from 0, and the
// tooltip's lines.
#include "alloc_trace_fixture.h"
#include "timeline/timeline_hover.h"

#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

// small.json's 23 steps, 10 px each from x = 0; 1 px per byte up to 416 (384 and the timeline's
// 1/12 headroom) from y = 416 up.
const TimelineFrame smallFrame{QRectF(0, 0, 230, 416), 23, 416};

// The middle of step `step`'s stair, half a byte above `bytes`.
QPointF at(const TimelineFrame& f, std::size_t step, std::uint64_t bytes) {
    return {(stepToX(f, step) + stepToX(f, step + 1)) / 2, bytesToY(f, bytes) - 0.5};
}

QString nameOf(const graph_document& doc, tensor_id id) { return QString::fromStdString(doc.ctx[id].name); }

} // namespace

class TestTimelineHover : public QObject {
    Q_OBJECT
private slots:
    void yToBytes_data();
    void yToBytes();
    void nearestCurveAbove_data();
    void nearestCurveAbove();
    void allocationUnderPointer_data();
    void allocationUnderPointer();
    void outsideThePlot();
    void toolTipText();
};

void TestTimelineHover::yToBytes_data() {
    // 1000 bytes over 50 px from y = 70 up.
    QTest::addColumn<qreal>("y");
    QTest::addColumn<qulonglong>("bytes");
    QTest::newRow("bottom: zero") << qreal(70) << 0ULL;
    QTest::newRow("half") << qreal(45) << 500ULL;
    QTest::newRow("between two values: rounded down") << qreal(44.99) << 500ULL;
    QTest::newRow("top: the most") << qreal(20) << 1000ULL;
    QTest::newRow("below the plot: clamped") << qreal(90) << 0ULL;
    QTest::newRow("above the plot: clamped") << qreal(0) << 1000ULL;
}

void TestTimelineHover::yToBytes() {
    QFETCH(qreal, y);
    QFETCH(qulonglong, bytes);
    QCOMPARE(ui::yToBytes(TimelineFrame{QRectF(10, 20, 100, 50), 10, 1000}, y), bytes);
}

void TestTimelineHover::nearestCurveAbove_data() {
    // Two buffers over 3 steps: A live 300, 100, 0 and B live 100, 300, 0; 400 bytes over 400 px.
    QTest::addColumn<qulonglong>("step");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<int>("buffer"); // index in the series, -1: none
    QTest::newRow("under both: the lower curve, B") << 0ULL << 50ULL << 1;
    QTest::newRow("between them: the upper curve, A") << 0ULL << 150ULL << 0;
    QTest::newRow("on B's curve: A") << 0ULL << 100ULL << 0;
    QTest::newRow("above both") << 0ULL << 350ULL << -1;
    QTest::newRow("next step: the order swaps") << 1ULL << 50ULL << 0;
    QTest::newRow("next step, between: B") << 1ULL << 200ULL << 1;
    QTest::newRow("nothing live") << 2ULL << 0ULL << -1;
}

void TestTimelineHover::nearestCurveAbove() {
    QFETCH(qulonglong, step);
    QFETCH(qulonglong, bytes);
    QFETCH(int, buffer);
    MemorySeries s;
    s.steps = 3;
    s.buffers.push_back({buffer_id{0}, {300, 100, 0}, {300, 300, 300}, 300, 0, 300, 0});
    s.buffers.push_back({buffer_id{1}, {100, 300, 0}, {100, 300, 300}, 300, 1, 300, 1});
    const TimelineFrame f{QRectF(0, 0, 30, 400), 3, 400};
    const auto p = timelinePointAt(f, s, at(f, step, bytes));
    QVERIFY(p);
    QCOMPARE(p->step, step);
    QCOMPARE(p->bytes, bytes);
    QCOMPARE(p->buffer ? static_cast<int>(*p->buffer) : -1, buffer);
}

void TestTimelineHover::allocationUnderPointer_data() {
    // small.json: norm [0, 128) from step 4 to 15, y [128, 256) from 9 to 16 with the view yt,
    // c [256, 384) from 13 with the view v, out [0, 32) from 21; c and out never freed.
    QTest::addColumn<qulonglong>("step");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("owner"); // empty: none
    QTest::addColumn<qulonglong>("allocStep");
    QTest::addColumn<int>("freeStep"); // -1: never freed
    QTest::addColumn<QStringList>("riders");
    QTest::newRow("peak, bottom band: norm") << 13ULL << 10ULL << u"norm"_s << 4ULL << 15 << QStringList{u"normed"_s};
    QTest::newRow("peak, middle band: y") << 13ULL << 200ULL << u"y"_s << 9ULL << 16 << QStringList{u"yt"_s};
    QTest::newRow("peak, a band's first byte") << 13ULL << 128ULL << u"y"_s << 9ULL << 16 << QStringList{u"yt"_s};
    QTest::newRow("peak, top band: c") << 13ULL << 383ULL << u"c"_s << 13ULL << -1 << QStringList{u"v"_s};
    QTest::newRow("peak, above the curve") << 13ULL << 390ULL << QString() << 0ULL << 0 << QStringList();
    QTest::newRow("after the frees: c stacked from 0") << 16ULL << 50ULL << u"c"_s << 13ULL << -1 << QStringList{u"v"_s};
    QTest::newRow("end: out is below c") << 22ULL << 20ULL << u"out"_s << 21ULL << -1 << QStringList();
    QTest::newRow("end: c is above out") << 22ULL << 100ULL << u"c"_s << 13ULL << -1 << QStringList{u"v"_s};
    QTest::newRow("step 0: nothing live") << 0ULL << 10ULL << QString() << 0ULL << 0 << QStringList();
}

void TestTimelineHover::allocationUnderPointer() {
    QFETCH(qulonglong, step);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, owner);
    QFETCH(qulonglong, allocStep);
    QFETCH(int, freeStep);
    QFETCH(QStringList, riders);
    const auto t = test::planned(test::smallGraph());
    const MemorySeries s = memorySeries(t.events);
    const auto hover = timelineHover(smallFrame, s, t.doc, t.events, at(smallFrame, step, bytes));
    QVERIFY(hover);
    QCOMPARE(hover->point.step, step);
    QCOMPARE(hover->point.bytes, bytes);
    if (owner.isEmpty()) {
        QVERIFY(!hover->allocation);
        return;
    }
    QCOMPARE(hover->point.buffer, std::optional<std::size_t>(0));
    QVERIFY(hover->allocation);
    const live_allocation& a = *hover->allocation;
    QCOMPARE(nameOf(t.doc, a.owner), owner);
    QCOMPARE(a.alloc_step, allocStep);
    QCOMPARE(a.free_step ? static_cast<int>(*a.free_step) : -1, freeStep);
    QStringList names;
    for (tensor_id r : a.riders) names << nameOf(t.doc, r);
    QCOMPARE(names, riders);
}

void TestTimelineHover::outsideThePlot() {
    const auto t = test::planned(test::smallGraph());
    const MemorySeries s = memorySeries(t.events);
    const TimelineFrame inset{QRectF(70, 26, 230, 416), 23, 416};
    QVERIFY(!timelineHover(inset, s, t.doc, t.events, QPointF(60, 300))); // the y labels
    QVERIFY(!timelineHover(inset, s, t.doc, t.events, QPointF(200, 10)));  // the legend
    QVERIFY(!timelineHover(inset, s, t.doc, t.events, QPointF(310, 300))); // the peak's label
    QVERIFY(timelineHover(inset, s, t.doc, t.events, QPointF(200, 300)));
}

void TestTimelineHover::toolTipText() {
    const auto t = test::planned(test::smallGraph());
    const MemorySeries s = memorySeries(t.events);
    const auto y = timelineHover(smallFrame, s, t.doc, t.events, at(smallFrame, 13, 200));
    QVERIFY(y);
    QCOMPARE(timelineHoverText(s, t.doc, *y), u"Step 13\n"
                                              "compute: 384 bytes live, high-water 384 bytes\n"
                                              "y (MUL_MAT, 128 bytes): allocated at step 9, freed at step 16\n"
                                              "also in its memory: yt"_s);
    const auto out = timelineHover(smallFrame, s, t.doc, t.events, at(smallFrame, 22, 0));
    QVERIFY(out);
    QCOMPARE(timelineHoverText(s, t.doc, *out), u"Step 22\n"
                                                "compute: 160 bytes live, high-water 384 bytes\n"
                                                "out (SILU, 32 bytes): allocated at step 21, never freed"_s);
    // Above the curve: the buffers only.
    const auto above = timelineHover(smallFrame, s, t.doc, t.events, at(smallFrame, 16, 200));
    QVERIFY(above);
    QCOMPARE(timelineHoverText(s, t.doc, *above), u"Step 16\ncompute: 128 bytes live, high-water 384 bytes"_s);
}

QTEST_GUILESS_MAIN(TestTimelineHover)
#include "test_timeline_hover.moc"
