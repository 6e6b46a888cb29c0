// The memory timeline: live bytes per step of small.json's recording, worked out by hand, the
// peak and the lower bound; the widget draws, and clicking picks a step.
#include "alloc_trace_fixture.h"
#include "timeline/memory_timeline.h"

#include <QImage>
#include <QSignalSpy>

using namespace planscope;
using namespace planscope::ui;

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void seriesOfSmallGraph();
    void lowerBoundAndFragmentationOfAttention();
    void drawsAndClicksJump();
};

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

QTEST_MAIN(TestTimeline)
#include "test_timeline.moc"
