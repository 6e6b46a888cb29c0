// The memory timeline: live bytes per step of small.json's recording, worked out by hand, the
// peak and the lower bound; the widget draws, clicking picks a step and the tensor under the
// pointer, and hovering shows a tooltip naming it.
#include "alloc_trace_fixture.h"
#include "timeline/memory_timeline.h"

#include <QHelpEvent>
#include <QImage>
#include <QSignalSpy>
#include <QToolTip>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void seriesOfSmallGraph();
    void lowerBoundAndFragmentationOfAttention();
    void drawsAndClicksJump();
    void hoverNamesTheTensor();
    void clickSelectsTheTensor_data();
    void clickSelectsTheTensor();
    void curvesWithoutRecordingHaveNoTooltip();
};

namespace {

// The middle of step `step`'s stair in the view, just above `bytes`.
QPoint pointAt(const MemoryTimeline& view, std::size_t step, std::uint64_t bytes) {
    const TimelineFrame f = view.frame();
    return QPointF((stepToX(f, step) + stepToX(f, step + 1)) / 2, bytesToY(f, bytes) - 1).toPoint();
}

} // namespace

void TestTimeline::seriesOfSmallGraph() {
    // small.json's 22 events: norm (128 bytes) at event 3, y (128) at 8, c (128) at 12, norm and
    // y freed at 14 and 15, out (32) at 20. Step k = after k events.
    auto t = test::planned(test::smallGraph());
    QCOMPARE(t.events.size(), 22u);
    const MemorySeries s = memorySeries(t.events);
    QCOMPARE(s.steps, 23u);
    QCOMPARE(s.buffers.size(), 1u);
    const BufferSeries& b = s.buffers[0];
    QCOMPARE(b.buffer, t.plan.compute);
    QCOMPARE(b.live, (std::vector<std::uint64_t>{0, 0, 0, 0, 128, 128, 128, 128, 128, 256, 256, 256, 256, 384, 384, 256,
                                                  128, 128, 128, 128, 128, 160, 160}));
    QCOMPARE(b.highWater[12], 256u);
    QCOMPARE(b.highWater[22], 384u);
    QCOMPARE(b.peak, 384u);
    QCOMPARE(b.peakStep, 13u);
    QCOMPARE(b.maxLive, 384u);
    QCOMPARE(b.maxLiveStep, 13u);
    QCOMPARE(s.peak, t.plan.max_size);
    QCOMPARE(s.lowerBound, 384u);
    QCOMPARE(s.fragmentation(), 0u);
}

void TestTimeline::lowerBoundAndFragmentationOfAttention() {
    auto t = test::planned(test::templateGraph("attention"));
    const MemorySeries s = memorySeries(t.events);
    QCOMPARE(s.peak, 9632u);
    QCOMPARE(s.lowerBound, 7680u);
    QCOMPARE(s.fragmentation(), 1952u);
    const TimelineData d = timelineData(s, t.doc);
    QCOMPARE(d.curves.size(), 2u); // live and high-water of the compute buffer
    QCOMPARE(d.curves[0].name, QStringLiteral("compute live"));
    QCOMPARE(d.peak, 9632u);
    QCOMPARE(d.maxBytes(), 9632u);
}

void TestTimeline::drawsAndClicksJump() {
    auto t = test::planned(test::templateGraph("attention"));
    MemoryTimeline view;
    view.resize(900, 260);
    view.setTrace(t.events, t.doc);
    view.setStep(80);
    view.show();
    const QImage image = view.grab().toImage();
    QVERIFY(test::drawnPixels(image) > 5000);
    image.save(QStringLiteral("/tmp/bv_timeline.png"));

    QSignalSpy clicked(&view, &MemoryTimeline::stepClicked);
    const TimelineFrame f = view.frame();
    const qreal x = (stepToX(f, 40) + stepToX(f, 41)) / 2;
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPointF(x, f.plot.center().y()).toPoint());
    QCOMPARE(clicked.size(), 1);
    QCOMPARE(clicked[0][0].value<std::size_t>(), 40u);
    QCOMPARE(view.step(), 40u);
}

void TestTimeline::hoverNamesTheTensor() {
    auto t = test::planned(test::smallGraph());
    MemoryTimeline view;
    view.resize(900, 260);
    view.setTrace(t.events, t.doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    // Step 13, the peak: norm, y and c stacked; 200 bytes up is y's band.
    const QPoint p = pointAt(view, 13, 200);
    const QString expected = u"Step 13\n"
                             "compute: 384 bytes live, high-water 384 bytes\n"
                             "y (MUL_MAT, 128 bytes): allocated at step 9, freed at step 16\n"
                             "also in its memory: yt"_s;
    QCOMPARE(view.toolTipAt(p), expected);
    QHelpEvent help(QEvent::ToolTip, p, view.mapToGlobal(p));
    QApplication::sendEvent(&view, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), expected);
    // Moving the pointer while it shows: the tooltip follows (mouse tracking).
    QTest::mouseMove(&view, pointAt(view, 13, 300));
    QTRY_VERIFY(QToolTip::text().contains(u"c (CONT, 128 bytes): allocated at step 13, never freed"_s));
    // The legend is outside the plot: nothing to say.
    QCOMPARE(view.toolTipAt(QPoint(5, 5)), QString());
    QToolTip::hideText();
}

void TestTimeline::clickSelectsTheTensor_data() {
    QTest::addColumn<qulonglong>("step");
    QTest::addColumn<qulonglong>("bytes");
    QTest::addColumn<QString>("tensor"); // empty: no tensorClicked
    QTest::newRow("y at the peak") << 13ULL << 200ULL << u"y"_s;
    QTest::newRow("norm at the peak") << 13ULL << 20ULL << u"norm"_s;
    QTest::newRow("c alone after the frees") << 16ULL << 20ULL << u"c"_s;
    QTest::newRow("above the curve: the step only") << 16ULL << 200ULL << QString();
}

void TestTimeline::clickSelectsTheTensor() {
    QFETCH(qulonglong, step);
    QFETCH(qulonglong, bytes);
    QFETCH(QString, tensor);
    auto t = test::planned(test::smallGraph());
    MemoryTimeline view;
    view.resize(900, 260);
    view.setTrace(t.events, t.doc);
    QSignalSpy steps(&view, &MemoryTimeline::stepClicked);
    QSignalSpy tensors(&view, &MemoryTimeline::tensorClicked);
    QTest::mouseClick(&view, Qt::LeftButton, {}, pointAt(view, step, bytes));
    QCOMPARE(steps.size(), 1);
    QCOMPARE(steps[0][0].value<std::size_t>(), step);
    QCOMPARE(view.step(), step);
    if (tensor.isEmpty()) {
        QCOMPARE(tensors.size(), 0);
        return;
    }
    QCOMPARE(tensors.size(), 1);
    QCOMPARE(QString::fromStdString(t.doc.ctx[tensors[0][0].value<tensor_id>()].name), tensor);
}

void TestTimeline::curvesWithoutRecordingHaveNoTooltip() {
    auto t = test::planned(test::smallGraph());
    MemoryTimeline view;
    view.resize(900, 260);
    view.setTrace(t.events, t.doc);
    QVERIFY(!view.toolTipAt(pointAt(view, 13, 200)).isEmpty());
    // setData's curves (two planners compared) carry no allocations, and replace the recording.
    view.setData(timelineData(memorySeries(t.events), t.doc));
    QCOMPARE(view.toolTipAt(pointAt(view, 13, 200)), QString());
    QSignalSpy tensors(&view, &MemoryTimeline::tensorClicked);
    QTest::mouseClick(&view, Qt::LeftButton, {}, pointAt(view, 13, 200));
    QCOMPARE(view.step(), 13u);
    QCOMPARE(tensors.size(), 0);
}

QTEST_MAIN(TestTimeline)
#include "test_timeline.moc"
