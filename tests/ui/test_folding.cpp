// The folded canvas (issue 15): a 7B-shaped llama opens folded with layer 0 open and the other 31
// layers as one box; a click opens the layer under the mouse and a frame's header closes it;
// stepping and selection open the block they land in (and close the one they opened before);
// without that setting the box is ringed; folding can be switched off; the block boxes carry
// backend colours and, after a run, times.
#include "canvas/block_item.h"
#include "canvas/canvas_layout.h"
#include "canvas/graph_canvas.h"
#include "canvas/step_highlight.h"
#include "canvas/stub_item.h"
#include "canvas/tensor_node_item.h"
#include "source/graph_source.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "canvas_fixture.h"
#include "ui_test_support.h"

#include <QGraphicsPathItem>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

constexpr int loose = 13;     // 9 leafs and 4 nodes outside the layers
constexpr int perLayer = 44;  // 35 nodes and 9 weights

using Fixture = CanvasFixture;

} // namespace

class TestFolding : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_folding"_s); }
    void largeGraphOpensFolded();
    void smallGraphOpensFlat();
    void clickOpensAndHeaderCloses();
    void stubsSelectOutsideTensors();
    void steppingOpensTheBlock();
    void steppingWithoutOpeningRingsTheBox();
    void selectionOpensTheBlock();
    void foldingSwitchesOff();
    void openAndCloseAll();
    void nodeTimesShowOnBoxes();
    void splitGraphBlocksCarryTheirSplits();
};

void TestFolding::largeGraphOpensFolded() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    QVERIFY(f.canvas.isFolded());
    QCOMPARE(f.canvas.itemCount(), loose + perLayer);
    const auto blocks = f.canvas.blockItems();
    QCOMPARE(blocks.size(), std::size_t{2});
    QCOMPARE(blocks[0]->kind(), BlockItem::Kind::Frame);
    QCOMPARE(blocks[0]->content().title, u"blk 0"_s);
    BlockItem* run = f.run();
    QVERIFY(run);
    QCOMPARE(run->content().title, u"blk 1–31"_s);
    QCOMPARE(run->content().count, u"×31"_s);
    QVERIFY2(run->content().detail.startsWith(u"35 nodes each · 1,085 nodes · "_s), qPrintable(run->content().detail));
    QCOMPARE(run->content().cells.size(), std::size_t{31});
    QVERIFY(run->content().cells.front().shares.empty()); // not scheduled: no backend colours
    // Layer 0's tensors are drawn inside the frame, the others not at all.
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-0")));
    QVERIFY(blocks[0]->sceneBoundingRect().contains(f.canvas.itemOf(f.tensor("Kcur-0"))->sceneBoundingRect()));
    QVERIFY(!f.canvas.itemOf(f.tensor("Kcur-1")));
    QVERIFY(f.canvas.itemOf(f.tensor("result_output")));
}

void TestFolding::smallGraphOpensFlat() {
    Fixture f("template:attention");
    QVERIFY(f.waitLayout(1));
    QVERIFY(!f.canvas.isFolded());
    QVERIFY(f.canvas.folding().available()); // 2 layers repeat, but 63 nodes stay under the threshold
    QCOMPARE(f.canvas.itemCount(), attentionTensors);
    QVERIFY(f.canvas.blockItems().empty());
}

void TestFolding::clickOpensAndHeaderCloses() {
    Fixture f(llama7b);
    f.canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&f.canvas));
    QVERIFY(f.waitLayout(1));
    BlockItem* run = f.run();
    f.canvas.centerOn(run);
    const QPoint boxOnScreen = f.canvas.mapFromScene(run->mapToScene(run->rect().topLeft()));
    // Cell 5 of the strip is layer 6.
    run->click(run->cellRect(5).center());
    QVERIFY(f.waitLayout(2));
    // Its frame opens where the box was on screen.
    BlockItem* opened = nullptr;
    for (BlockItem* b : f.canvas.blockItems())
        if (b->content().title == u"blk 6"_s) opened = b;
    QVERIFY(opened);
    const QPoint frameOnScreen = f.canvas.mapFromScene(opened->mapToScene(opened->rect().topLeft()));
    QVERIFY2((frameOnScreen - boxOnScreen).manhattanLength() <= 2,
             qPrintable(QStringLiteral("%1,%2 vs %3,%4").arg(frameOnScreen.x()).arg(frameOnScreen.y()).arg(boxOnScreen.x()).arg(boxOnScreen.y())));
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-6")));
    QVERIFY(f.canvas.folding().state().is_open(0, 6));
    QCOMPARE(f.canvas.itemCount(), loose + 2 * perLayer);
    std::vector<QString> titles;
    for (BlockItem* b : f.canvas.blockItems()) titles.push_back(b->content().title + u' ' + b->content().count);
    QCOMPARE(titles, (std::vector<QString>{u"blk 0 "_s, u"blk 1–5 ×5"_s, u"blk 6 "_s, u"blk 7–31 ×25"_s}));
    // A click elsewhere on a run opens its first block.
    BlockItem* second = f.canvas.blockItems()[1];
    second->click(second->rect().topLeft() + QPointF(20, 20));
    QVERIFY(f.waitLayout(3));
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-1")));
    // The header of blk 6 closes it; a click in its body does nothing.
    BlockItem* frame6 = nullptr;
    for (BlockItem* b : f.canvas.blockItems())
        if (b->content().title == u"blk 6"_s) frame6 = b;
    QVERIFY(frame6 && frame6->kind() == BlockItem::Kind::Frame);
    QVERIFY(!frame6->instanceAt(frame6->rect().center()));
    frame6->click(frame6->headerRect().center());
    QVERIFY(f.waitLayout(4));
    QVERIFY(!f.canvas.itemOf(f.tensor("Kcur-6")));
    QVERIFY(f.canvas.itemOf(f.tensor("Kcur-1")));
    QCOMPARE(f.canvas.itemCount(), loose + 2 * perLayer);
}

void TestFolding::stubsSelectOutsideTensors() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    f.canvas.setInstanceOpen(0, 9, true);
    QVERIFY(f.waitLayout(2));
    // blk 9 reads l_out-8 from the run of 1-8 through a stub at its top.
    StubItem* stub = nullptr;
    for (QGraphicsItem* item : f.canvas.scene()->items())
        if (item->type() == StubItem::Type && static_cast<StubItem*>(item)->name() == u"l_out-8"_s) stub = static_cast<StubItem*>(item);
    QVERIFY(stub);
    QVERIFY(stub->isInput());
    QTest::mouseClick(f.canvas.viewport(), Qt::LeftButton, {}, f.canvas.mapFromScene(stub->sceneBoundingRect().center()));
    QCOMPARE(f.session.selection(), f.tensor("l_out-8"));
}

void TestFolding::steppingOpensTheBlock() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    QTRY_VERIFY_WITH_TIMEOUT(f.session.planTrace() != nullptr, 20000);
    const tensor_id kq20 = f.tensor("kq-20");
    f.session.setStep(f.stepOf(kq20));
    QVERIFY(f.waitLayout(2));
    QVERIFY(f.canvas.itemOf(kq20));
    QCOMPARE(f.canvas.stepHighlight()->node(), kq20);
    QVERIFY(f.canvas.stepHighlight()->ring());
    // The ringed node is in view.
    const QRectF visible = f.canvas.mapToScene(f.canvas.viewport()->rect()).boundingRect();
    QVERIFY(visible.intersects(f.canvas.itemOf(kq20)->sceneBoundingRect()));
    // Stepping on into layer 25 closes layer 20, which stepping had opened.
    const tensor_id kq25 = f.tensor("kq-25");
    f.session.setStep(f.stepOf(kq25));
    QVERIFY(f.waitLayout(3));
    QVERIFY(f.canvas.itemOf(kq25));
    QVERIFY(!f.canvas.itemOf(kq20));
    QCOMPARE(f.canvas.itemCount(), loose + 2 * perLayer);
    // Back in layer 0 nothing needs opening.
    f.session.setStep(f.stepOf(f.tensor("kq-0")));
    QCOMPARE(f.canvas.stepHighlight()->node(), f.tensor("kq-0"));
    QVERIFY(!f.canvas.isLayoutRunning());
}

void TestFolding::steppingWithoutOpeningRingsTheBox() {
    Fixture f(llama7b, false);
    QVERIFY(f.waitLayout(1));
    QTRY_VERIFY_WITH_TIMEOUT(f.session.planTrace() != nullptr, 20000);
    f.session.setStep(f.stepOf(f.tensor("kq-20")));
    QVERIFY(!f.canvas.isLayoutRunning());
    BlockItem* run = f.run();
    QCOMPARE(run->currentInstance(), std::optional<std::uint32_t>(20));
    QCOMPARE(f.canvas.stepHighlight()->node(), f.tensor("kq-20"));
    QVERIFY(f.canvas.stepHighlight()->ring());
    QVERIFY(f.canvas.stepHighlight()->ring()->sceneBoundingRect().contains(run->sceneBoundingRect()));
    QVERIFY(!f.canvas.itemOf(f.tensor("kq-20")));
}

void TestFolding::selectionOpensTheBlock() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    f.canvas.findEdit()->setText(u"ffn_silu-17"_s);
    QVERIFY(f.canvas.findNext());
    QCOMPARE(f.session.selection(), f.tensor("ffn_silu-17"));
    QVERIFY(f.waitLayout(2));
    TensorNodeItem* item = f.canvas.itemOf(f.tensor("ffn_silu-17"));
    QVERIFY(item);
    QVERIFY(item->isSelected());
}

void TestFolding::foldingSwitchesOff() {
    Fixture f(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    f.canvas.setFoldThreshold(100); // so that its 179 nodes fold
    f.session.setDocument(planscope::copy_document(f.session.document()));
    QVERIFY(f.waitLayout(1));
    QTRY_VERIFY_WITH_TIMEOUT(f.canvas.isFolded(), 20000);
    QVERIFY(f.waitLayout(f.finished.count()));
    QCOMPARE(f.run()->content().title, u"blk 1–4"_s);
    QSignalSpy changed(&f.canvas, &GraphCanvas::foldingChanged);
    const qsizetype before = f.finished.count();
    f.canvas.setFolded(false);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.at(0).at(0).toBool(), false);
    QVERIFY(f.waitLayout(before + 1));
    QCOMPARE(f.canvas.itemCount(), startupNodes + startupLeafs);
    QVERIFY(f.canvas.blockItems().empty());
}

void TestFolding::openAndCloseAll() {
    Fixture f(PLANSCOPE_SHARED_DIR "/models/stories260K.gguf");
    f.canvas.setFoldThreshold(100);
    f.session.setDocument(planscope::copy_document(f.session.document()));
    QTRY_VERIFY_WITH_TIMEOUT(f.canvas.isFolded() && !f.canvas.isLayoutRunning() && f.canvas.itemCount() > 0, 20000);
    qsizetype n = f.finished.count();
    f.canvas.openAllBlocks();
    QVERIFY(f.waitLayout(n + 1));
    QCOMPARE(f.canvas.itemCount(), startupNodes + startupLeafs); // every tensor, in 5 frames
    QCOMPARE(f.canvas.blockItems().size(), std::size_t{5});
    n = f.finished.count();
    f.canvas.closeAllBlocks();
    QVERIFY(f.waitLayout(n + 1));
    QCOMPARE(f.canvas.blockItems().size(), std::size_t{1});
    QCOMPARE(f.canvas.blockItems()[0]->content().title, u"blk 0–4"_s);
}

void TestFolding::nodeTimesShowOnBoxes() {
    Fixture f(llama7b);
    QVERIFY(f.waitLayout(1));
    std::vector<double> us(f.session.document().ctx.size(), 0.0);
    for (tensor_id n : f.session.document().g.nodes) us[n.index()] = 100.0; // 35 nodes × 31 layers
    f.canvas.setNodeTimes(us);
    QCOMPARE(f.run()->content().time, u"109 ms"_s); // 108.5 ms: whole ms from 100 ms on
    for (BlockItem* b : f.canvas.blockItems())
        if (b->kind() == BlockItem::Kind::Frame) QCOMPARE(b->content().time, u"3.5 ms"_s);
}

// After Schedule the canvas folds the split graph: CPU layers and the offloaded layers (with their
// copies) are different blocks, each box says which splits it holds and shows its backends.
void TestFolding::splitGraphBlocksCarryTheirSplits() {
    const char* source = "template:llama?n_embd=64&n_layer=32&n_head=4&n_ff=128&n_vocab=100&n_ctx=64&n_batch=8&ngl=16";
    Fixture f(source);
    QVERIFY(f.waitLayout(1));
    BackendRequest request;
    request.list = "cpu,cpu";
    auto s = scheduleDocument(f.session.document(), f.session.preallocated(), request);
    QVERIFY2(s.ok(), s.ok() ? "" : s.err().message.c_str());
    auto schedule = std::make_shared<const SplitSchedule>(std::move(*s));
    f.canvas.showAlternateGraph(schedule->splitDoc, splitDotStyle(*schedule));
    QVERIFY(f.waitLayout(2));
    QVERIFY(f.canvas.isFolded());
    std::vector<BlockItem*> runs;
    for (BlockItem* b : f.canvas.blockItems())
        if (b->kind() == BlockItem::Kind::Run) runs.push_back(b);
    QCOMPARE(runs.size(), std::size_t{2});
    QCOMPARE(runs[0]->content().title, u"blk 1–15"_s);
    QVERIFY2(runs[0]->content().detail.endsWith(u" · split 0"_s), qPrintable(runs[0]->content().detail));
    QCOMPARE(runs[0]->content().cells.front().shares.size(), std::size_t{1}); // all on CPU
    QCOMPARE(runs[1]->content().title, u"blk 16–31"_s);
    const QString last = u" · splits 0–%1"_s.arg(schedule->plan.splits.size() - 1);
    QVERIFY2(runs[1]->content().detail.endsWith(last), qPrintable(runs[1]->content().detail));
    QCOMPARE(runs[1]->content().cells.front().shares.size(), std::size_t{2}); // CPU and CPU1
    QCOMPARE(runs[1]->content().cells.front().shares[1].first, backendKindColor("CPU1"));
}

QTEST_MAIN(TestFolding)
#include "test_folding.moc"
