// Marks over the canvas (issue 16): a breakpoint shows as a red dot on its tensor's box, or on
// the closed block it is folded into with the instance's cell marked; opening that block moves
// the dot to the box. The first-run hint shows until "Got it", which is remembered.
#include "canvas/block_item.h"
#include "canvas/canvas_hint.h"
#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"
#include "source/graph_source.h"
#include "session/graph_session.h"
#include "canvas_fixture.h"
#include "ui_test_support.h"

#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

using Fixture = CanvasFixture;

int dots(const GraphCanvas& canvas) {
    int n = 0;
    for (QGraphicsItem* item : canvas.scene()->items())
        if (auto* node = qgraphicsitem_cast<TensorNodeItem*>(item); node && node->hasBreakpoint()) ++n;
    return n;
}

} // namespace

class TestCanvasMarks : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_canvas_marks"_s); }
    void breakpointOnABox();
    void breakpointInAClosedBlock();
    void firstRunHint();
};

void TestCanvasMarks::breakpointOnABox() {
    Fixture f("template:attention");
    QVERIFY(f.waitLayout(1));
    const tensor_id kq = f.tensor("KQ-0");
    QVERIFY(f.canvas.itemOf(kq));
    QCOMPARE(dots(f.canvas), 0);
    f.canvas.setBreakpointTensors({kq});
    QVERIFY(f.canvas.itemOf(kq)->hasBreakpoint());
    QVERIFY(f.canvas.itemOf(kq)->toolTip().endsWith(u"Breakpoint: stepping stops at its events"_s));
    QCOMPARE(dots(f.canvas), 1);
    // A new layout keeps it.
    f.canvas.setFolded(true);
    QVERIFY(f.waitLayout(2));
    f.canvas.setFolded(false);
    QVERIFY(f.waitLayout(3));
    QVERIFY(f.canvas.itemOf(kq)->hasBreakpoint());
    f.canvas.setBreakpointTensors({});
    QCOMPARE(dots(f.canvas), 0);
    QVERIFY(!f.canvas.itemOf(kq)->toolTip().contains(u"Breakpoint"_s));
}

void TestCanvasMarks::breakpointInAClosedBlock() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    QVERIFY(f.canvas.isFolded());
    BlockItem* run = f.run();
    QVERIFY(run);
    QVERIFY(run->breakpointInstances().empty());
    // Kcur-0 is drawn in layer 0's frame; layers 1-31 are one closed run.
    f.canvas.setBreakpointTensors({f.tensor("Kcur-0"), f.tensor("Kcur-7"), f.tensor("ffn_out-5")});
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-0"))->hasBreakpoint());
    QCOMPARE(dots(f.canvas), 1);
    QCOMPARE(run->breakpointInstances(), std::vector<std::uint32_t>({5, 7}));
    // Opening layer 7 draws Kcur-7 with its dot; the runs around it keep layer 5's.
    f.canvas.setInstanceOpen(0, 7, true);
    QVERIFY(f.waitLayout(2));
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-7")));
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-7"))->hasBreakpoint());
    QCOMPARE(dots(f.canvas), 2);
    std::vector<std::uint32_t> folded;
    for (BlockItem* b : f.canvas.blockItems())
        for (std::uint32_t i : b->breakpointInstances()) folded.push_back(i);
    QCOMPARE(folded, std::vector<std::uint32_t>({5}));
}

void TestCanvasMarks::firstRunHint() {
    QSettings().remove(u"hints"_s);
    QVERIFY(!CanvasHint::dismissed());
    GraphSession session;
    GraphCanvas canvas(&session);
    canvas.resize(900, 600);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QVERIFY(!canvas.firstRunHint());
    canvas.showFirstRunHint();
    CanvasHint* hint = canvas.firstRunHint();
    QVERIFY(hint);
    QVERIFY(hint->isVisible());
    // Bottom centre, inside the canvas.
    QVERIFY(canvas.rect().contains(hint->geometry()));
    QCOMPARE(hint->geometry().center().x(), canvas.rect().center().x());
    QVERIFY(hint->geometry().top() > canvas.height() / 2);
    QSignalSpy closed(hint, &CanvasHint::closed);
    hint->closeButton()->click();
    QCOMPARE(closed.count(), 1);
    QVERIFY(CanvasHint::dismissed());
    QTRY_VERIFY(!canvas.firstRunHint());
    canvas.showFirstRunHint(); // closed once: never again
    QVERIFY(!canvas.firstRunHint());
}

QTEST_MAIN(TestCanvasMarks)
#include "test_canvas_marks.moc"
