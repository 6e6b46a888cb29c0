// The buffer view: the blocks drawn at each step of small.json's recording, worked out by hand;
// stepping forward and back gives the same blocks; the widget draws, animates single steps,
// and reports clicked tensors; titles and labels drop their least important parts when narrow.
#include "alloc_trace_fixture.h"
#include "buffers/buffer_view.h"
#include "buffers/strip_painter.h"
#include "ui_test_support.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QLocale>
#include <QSignalSpy>

using namespace planscope;
using namespace planscope::ui;

namespace {

// "name@offset+size" per tensor block, "free@offset+size" per free block.
QStringList describe(const BufferStrip& strip, const graph_document& doc) {
    QStringList out;
    for (const StripBlock& b : strip.blocks) {
        const QString who = b.kind == BlockKind::Free ? QStringLiteral("free") : QString::fromStdString(doc.ctx[b.tensor].name);
        out << who + u'@' + QString::number(b.offset) + u'+' + QString::number(b.size);
    }
    return out;
}

} // namespace

QStringList describeShared(const BufferStrip& strip, const graph_document& doc) {
    QStringList out;
    for (const SharedRegion& r : strip.shared)
        out << QString::fromStdString(doc.ctx[r.tensor].name) + u'>' + QString::fromStdString(doc.ctx[r.source].name) + u'@' +
                   QString::number(r.offset) + u'+' + QString::number(r.size);
    return out;
}

class TestBufferView : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QLocale::setDefault(QLocale::c()); } // "1.1 MiB" in the label texts
    void blocksAtStep_data();
    void blocksAtStep();
    void forwardThenBackGivesTheSameBlocks_data();
    void forwardThenBackGivesTheSameBlocks();
    void preallocatedSummary();
    void drawsEveryStrip();
    void singleStepsAnimateSeeksDoNot();
    void clickingABlockNamesItsTensor();
    void labelTexts();
    void fittedLabel_data();
    void fittedLabel();
    void titleRowFitsTheFont();
};

void TestBufferView::blocksAtStep_data() {
    // small.json, events listed in test_timeline.cpp: norm, y, c (128 bytes each) stacked, norm
    // and y freed into one block, out (32 bytes) at the start of it.
    QTest::addColumn<int>("step");
    QTest::addColumn<qulonglong>("highWater");
    QTest::addColumn<QStringList>("blocks");
    QTest::addColumn<QStringList>("shared");
    QTest::newRow("norm allocated") << 4 << 128ULL << QStringList{u"norm@0+128"_qs} << QStringList{};
    QTest::newRow("normed views norm") << 6 << 128ULL << QStringList{u"norm@0+128"_qs} << QStringList{u"normed>norm@0+128"_qs};
    QTest::newRow("c on top") << 13 << 384ULL << QStringList{u"norm@0+128"_qs, u"y@128+128"_qs, u"c@256+128"_qs}
                              << QStringList{u"normed>norm@0+128"_qs, u"yt>y@128+128"_qs};
    QTest::newRow("norm freed") << 15 << 384ULL << QStringList{u"free@0+128"_qs, u"y@128+128"_qs, u"c@256+128"_qs}
                                << QStringList{u"yt>y@128+128"_qs};
    QTest::newRow("y merged with the free block") << 16 << 384ULL << QStringList{u"free@0+256"_qs, u"c@256+128"_qs} << QStringList{};
    QTest::newRow("v views c at +32") << 18 << 384ULL << QStringList{u"free@0+256"_qs, u"c@256+128"_qs} << QStringList{u"v>c@288+32"_qs};
    QTest::newRow("out reuses the start") << 22 << 384ULL << QStringList{u"out@0+32"_qs, u"free@32+224"_qs, u"c@256+128"_qs}
                                          << QStringList{u"v>c@288+32"_qs};
}

void TestBufferView::blocksAtStep() {
    QFETCH(int, step);
    QFETCH(qulonglong, highWater);
    QFETCH(QStringList, blocks);
    QFETCH(QStringList, shared);
    const auto t = test::planned(test::smallGraph());
    const auto strips = stripsAtStep(t.events, t.doc, static_cast<std::size_t>(step));
    QCOMPARE(strips.size(), 1u);
    QCOMPARE(strips[0].name, std::string("compute"));
    QCOMPARE(strips[0].highWater, highWater);
    QCOMPARE(describe(strips[0], t.doc), blocks);
    QCOMPARE(describeShared(strips[0], t.doc), shared);
}

void TestBufferView::forwardThenBackGivesTheSameBlocks_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("steps");
    QTest::newRow("small: all of it") << u"small"_qs << 0 << 22;
    QTest::newRow("small: across the merge") << u"small"_qs << 13 << 4;
    QTest::newRow("attention: all of it") << u"attention"_qs << 0 << 165;
    QTest::newRow("attention: the middle") << u"attention"_qs << 60 << 40;
}

void TestBufferView::forwardThenBackGivesTheSameBlocks() {
    QFETCH(QString, graph);
    QFETCH(int, start);
    QFETCH(int, steps);
    const auto t = test::planned(graph == u"small" ? test::smallGraph() : test::templateGraph("attention"));
    alloc_replayer replayer(t.events);
    replayer.seek(static_cast<std::size_t>(start));
    const auto before = stripsAt(replayer.state(), t.doc);
    for (int i = 0; i < steps; ++i) QVERIFY(replayer.forward());
    // Stepping there and seeking there from scratch agree too.
    QCOMPARE(stripsAt(replayer.state(), t.doc), stripsAtStep(t.events, t.doc, static_cast<std::size_t>(start + steps)));
    for (int i = 0; i < steps; ++i) QVERIFY(replayer.backward());
    QCOMPARE(stripsAt(replayer.state(), t.doc), before);
}

void TestBufferView::preallocatedSummary() {
    const auto t = test::planned(test::smallGraph());
    const auto pre = preallocatedBuffers(t.events, t.doc);
    QCOMPARE(pre.size(), 2u);
    QCOMPARE(pre[0], (PreallocatedBuffer{buffer_id{0}, "weights", 512, 2})); // w, norm_w
    QCOMPARE(pre[1], (PreallocatedBuffer{buffer_id{1}, "inputs", 128, 1}));  // x
}

void TestBufferView::drawsEveryStrip() {
    const auto t = test::planned(test::templateGraph("attention"));
    BufferView view;
    view.resize(1000, 200);
    view.setTrace(t.events, t.doc);
    view.setStep(72);
    QCOMPARE(view.strips().size(), 1u);
    QCOMPARE(view.axis().span, 9632u); // the recording's peak: the axis does not move while stepping
    const QImage image = view.grab().toImage();
    QVERIFY(test::drawnPixels(image) > 10000);
    image.save(QStringLiteral("/tmp/bv_buffers.png"));

    const auto s = test::planned(test::smallGraph());
    view.setTrace(s.events, s.doc);
    view.setStep(18);
    view.grab().toImage().save(QStringLiteral("/tmp/bv_buffers_small.png"));
}

void TestBufferView::singleStepsAnimateSeeksDoNot() {
    const auto t = test::planned(test::smallGraph());
    BufferView view;
    view.resize(600, 200);
    view.setTrace(t.events, t.doc);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setStep(12);
    QVERIFY(!view.isAnimating()); // a seek
    view.setStep(13);             // c appears
    QVERIFY(view.isAnimating());
    QTRY_VERIFY(!view.isAnimating());
    view.setStep(12);             // and goes again
    QVERIFY(view.isAnimating());
    view.setAnimated(false);
    view.setStep(13);
    QVERIFY(!view.isAnimating());
    QCOMPARE(view.strips(), stripsAtStep(t.events, t.doc, 13));
}

void TestBufferView::clickingABlockNamesItsTensor() {
    const auto t = test::planned(test::smallGraph());
    BufferView view;
    view.resize(600, 200);
    view.setTrace(t.events, t.doc);
    view.setStep(13);
    QSignalSpy clicked(&view, &BufferView::tensorClicked);
    const QRectF strip = view.stripRect(0);
    // y holds [128, 256): its upper half is y itself, the lower part yt, the view of it.
    const qreal x = offsetToX(view.axis(), 192);
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPointF(x, strip.top() + 5).toPoint());
    QTest::mouseClick(&view, Qt::LeftButton, {}, QPointF(x, strip.bottom() - 5).toPoint());
    QCOMPARE(clicked.size(), 2);
    QCOMPARE(clicked[0][0].value<tensor_id>(), test::findTensor(t.doc, "y"));
    QCOMPARE(clicked[1][0].value<tensor_id>(), test::findTensor(t.doc, "yt"));
}

void TestBufferView::labelTexts() {
    const PreallocatedBuffer weights{buffer_id{0}, "weights", 1153434, 48};
    QCOMPARE(preallocatedLabelTexts(weights), (QStringList{u"weights: 1.1 MiB, 48 tensor(s)"_qs, u"weights: 1.1 MiB"_qs, u"weights"_qs}));
    const PreallocatedBuffer kv{buffer_id{1}, "kv_cache", 65536, 2};
    QCOMPARE(preallocatedTitleTexts({weights, kv}),
             (QStringList{u"Pre-allocated — 2 buffer(s), 1.2 MiB"_qs, u"Pre-allocated — 1.2 MiB"_qs, u"Pre-allocated"_qs}));
    const auto t = test::planned(test::smallGraph());
    const auto strips = stripsAtStep(t.events, t.doc, 15); // y and c live, 384 bytes reached
    QCOMPARE(stripTitleTexts(strips[0]),
             (QStringList{u"compute — 256 bytes live, high-water 384 bytes"_qs, u"compute — 256 bytes live"_qs, u"compute"_qs}));
    const auto shared = stripsAtStep(t.events, t.doc, 18)[0].shared; // v views c
    QCOMPARE(shared.size(), 1u);
    QCOMPARE(sharedLabelTexts(t.doc, shared[0]), (QStringList{u"◇ v"_qs, u"v"_qs}));
}

void TestBufferView::fittedLabel_data() {
    // The room given as the width of one of the texts plus a few pixels (negative: short of it).
    QTest::addColumn<int>("widthOf");
    QTest::addColumn<qreal>("extra");
    QTest::addColumn<QString>("shown"); // "…" for the name elided
    QTest::newRow("room for all of it") << 0 << qreal(0) << u"weights: 1.1 MiB, 48 tensor(s)"_qs;
    QTest::newRow("a pixel short: the count goes") << 0 << qreal(-1) << u"weights: 1.1 MiB"_qs;
    QTest::newRow("a pixel short of the size: the name") << 1 << qreal(-1) << u"weights"_qs;
    QTest::newRow("short of the name: elided at the end") << 2 << qreal(-4) << u"…"_qs;
}

void TestBufferView::fittedLabel() {
    QFETCH(int, widthOf);
    QFETCH(qreal, extra);
    QFETCH(QString, shown);
    const QStringList texts = preallocatedLabelTexts({buffer_id{0}, "weights", 1153434, 48});
    const QFontMetricsF fm(QApplication::font());
    const qreal available = fm.horizontalAdvance(texts[widthOf]) + extra;
    const QString got = ui::fittedLabel(texts, fm, available, 24, Qt::ElideRight);
    if (shown == u"…") {
        QVERIFY2(got.startsWith(u"we") && got.endsWith(u'…'), qPrintable(got)); // cut at the end, never mid-label
        QVERIFY(fm.horizontalAdvance(got) <= available);
    } else {
        QCOMPARE(got, shown);
    }
    QCOMPARE(ui::fittedLabel(texts, fm, 23, 24, Qt::ElideRight), QString()); // too narrow for any
}

void TestBufferView::titleRowFitsTheFont() {
    // A strip's title sits in the row above it: that row grows with the font (CJK fonts are taller).
    const auto t = test::planned(test::smallGraph());
    BufferView view;
    QFont big = view.font();
    big.setPixelSize(30);
    view.setFont(big);
    view.resize(600, 400);
    view.setTrace(t.events, t.doc);
    const qreal gap = view.stripRect(1).top() - view.stripRect(0).bottom();
    QVERIFY2(gap >= QFontMetricsF(big).height() + 4 + 10, qPrintable(QString::number(gap))); // title row + strip gap
}

QTEST_MAIN(TestBufferView)
#include "test_buffer_view.moc"
