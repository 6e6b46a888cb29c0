// The canvas: the Graphviz layout runs in planscope-layout, stale and cancelled layouts are dropped, items
// sit where the layout put them, the find bar drives the selection, zoom to fit and 1:1.
#include "canvas/canvas_layout.h"
#include "canvas/graph_canvas.h"
#include "canvas/layout_geometry.h"
#include "canvas/tensor_node_item.h"
#include "mainwindow/main_window.h"
#include "panels/inspector_panel.h"
#include "session/graph_session.h"
#include "session/startup_graph.h"
#include "ui_test_support.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {
int boxCount(const GraphCanvas& canvas) {
    int boxes = 0;
    for (QGraphicsItem* item : canvas.scene()->items())
        if (item->type() == TensorNodeItem::Type) ++boxes;
    return boxes;
}
} // namespace

class TestGraphCanvas : public QObject {
    Q_OBJECT
private slots:
    void laysOutDefaultGraphAsynchronously();
    void itemsSitAtLayoutGeometry();
    void staleLayoutIsDropped();
    void cancelDropsLayout();
    void escapeCancels();
    void findBarSelectsMatchingTensor();
    void zoomToFitAndActualSize();
    void missingLayoutProcessIsReported();
};

void TestGraphCanvas::laysOutDefaultGraphAsynchronously() {
    auto loaded = loadDefaultGraph();
    QVERIFY(loaded.ok());
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(std::move(loaded).value());
    // Nothing drawn yet: the layout runs in a worker.
    QVERIFY(canvas.isLayoutRunning());
    QCOMPARE(canvas.itemCount(), 0);
    // A busy overlay with the count and a Cancel button while it runs.
    auto* busy = canvas.findChild<QWidget*>(u"layoutBusy"_s);
    QVERIFY(busy && !busy->isHidden());
    auto* label = busy->findChild<QLabel*>();
    QVERIFY(label && label->text().contains(QString::number(startupNodes + startupLeafs)));
    QVERIFY(busy->findChild<QPushButton*>(u"cancelLayout"_s));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(!canvas.isLayoutRunning());
    QVERIFY(busy->isHidden());
    QCOMPARE(canvas.itemCount(), startupNodes + startupLeafs);
    QCOMPARE(boxCount(canvas), startupNodes + startupLeafs);
    QVERIFY2(canvas.layoutError().isEmpty(), qPrintable(canvas.layoutError()));
}

void TestGraphCanvas::itemsSitAtLayoutGeometry() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(attentionDocument());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(canvas.itemCount(), attentionTensors);
    QCOMPARE(static_cast<int>(canvas.layout().nodes.size()), attentionTensors);
    for (const layout_node& n : canvas.layout().nodes) {
        const TensorNodeItem* item = canvas.itemOf(n.id);
        QVERIFY(item);
        QCOMPARE(item->sceneBoundingRect().center(), nodeRect(n).center());
        QVERIFY(item->sceneBoundingRect().contains(nodeRect(n)));
    }
    // The scene holds the whole layout.
    QVERIFY(canvas.scene()->sceneRect().contains(QRectF(0, 0, canvas.layout().width, canvas.layout().height)));
}

void TestGraphCanvas::staleLayoutIsDropped() {
    auto big = loadDefaultGraph();
    QVERIFY(big.ok());
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(std::move(big).value());
    session.setDocument(attentionDocument()); // before the first layout is back
    QTRY_VERIFY_WITH_TIMEOUT(!canvas.isLayoutRunning(), 30000);
    QCOMPARE(finished.count(), 1);
    QCOMPARE(canvas.itemCount(), attentionTensors);
    QVERIFY(canvas.itemOf(findTensor(session.document(), "KQ-0")));
}

void TestGraphCanvas::cancelDropsLayout() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    QSignalSpy cancelled(&canvas, &GraphCanvas::layoutCancelled);
    session.setDocument(attentionDocument());
    canvas.cancelLayout();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!canvas.isLayoutRunning());
    QCOMPARE(canvas.layoutRunner()->process()->processId(), 0); // killed, not left running
    QTest::qWait(200);
    QCOMPARE(finished.count(), 0);
    QCOMPARE(canvas.itemCount(), 0);
    QVERIFY(!canvas.layoutError().isEmpty());

    // The next graph lays out again.
    session.setDocument(attentionDocument());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(canvas.itemCount(), attentionTensors);
}

void TestGraphCanvas::escapeCancels() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy cancelled(&canvas, &GraphCanvas::layoutCancelled);
    session.setDocument(attentionDocument());
    QTest::keyClick(&canvas, Qt::Key_Escape);
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(canvas.layoutRunner()->process()->processId(), 0);
    QCOMPARE(canvas.itemCount(), 0);
}

void TestGraphCanvas::findBarSelectsMatchingTensor() {
    MainWindow w;
    w.session()->setDocument(attentionDocument());
    GraphCanvas* canvas = w.canvas();
    QTRY_COMPARE_WITH_TIMEOUT(canvas->itemCount(), attentionTensors, 20000);
    canvas->showFindBar();
    QLineEdit* edit = canvas->findEdit();
    QVERIFY(!edit->parentWidget()->isHidden());
    QTest::keyClicks(edit, u"kq_SOFT"_s);
    QTest::keyClick(edit, Qt::Key_Return);
    const tensor_id first = w.session()->selection();
    QVERIFY(first.valid());
    const QString firstName = QString::fromStdString(w.session()->document().ctx[first].name);
    QVERIFY2(firstName.startsWith(u"KQ_soft_max-"_s), qPrintable(firstName));
    QVERIFY(canvas->itemOf(first)->isSelected());
    QCOMPARE(w.inspector()->text(InspectorPanel::Field::Name), firstName);

    // Enter again: the other layer's soft max, then back to the first.
    QTest::keyClick(edit, Qt::Key_Return);
    const tensor_id second = w.session()->selection();
    QVERIFY(second.valid() && second != first);
    QVERIFY(QString::fromStdString(w.session()->document().ctx[second].name).startsWith(u"KQ_soft_max-"_s));
    QTest::keyClick(edit, Qt::Key_Return);
    QCOMPARE(w.session()->selection(), first);

    // No match leaves the selection; Esc closes the bar.
    edit->setText(u"no such tensor"_s);
    QVERIFY(!canvas->findNext());
    QCOMPARE(w.session()->selection(), first);
    QTest::keyClick(edit, Qt::Key_Escape);
    QVERIFY(edit->parentWidget()->isHidden());
}

void TestGraphCanvas::zoomToFitAndActualSize() {
    GraphSession session;
    GraphCanvas canvas(&session);
    canvas.resize(400, 300);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(attentionDocument());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);

    canvas.zoomToFit();
    QVERIFY2(canvas.zoom() < 1.0, qPrintable(QString::number(canvas.zoom())));
    const QRect onScreen = canvas.mapFromScene(canvas.scene()->sceneRect()).boundingRect();
    QVERIFY(canvas.viewport()->rect().adjusted(-2, -2, 2, 2).contains(onScreen));

    canvas.resetZoom();
    QCOMPARE(canvas.zoom(), 1.0);
    QCOMPARE(canvas.transform().m11(), 1.0);
    QCOMPARE(canvas.transform().m22(), 1.0);
}

// Without planscope-layout the canvas says why it is empty; the next graph tries again.
void TestGraphCanvas::missingLayoutProcessIsReported() {
    qputenv("PLANSCOPE_LAYOUT", "/nonexistent/planscope-layout");
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy cancelled(&canvas, &GraphCanvas::layoutCancelled);
    session.setDocument(attentionDocument());
    QTRY_COMPARE_WITH_TIMEOUT(cancelled.count(), 1, 5000);
    QVERIFY(!canvas.isLayoutRunning());
    QVERIFY2(canvas.layoutError().startsWith(u"cannot start the layout process /nonexistent/planscope-layout: "_s),
             qPrintable(canvas.layoutError()));
    auto* busy = canvas.findChild<QWidget*>(u"layoutBusy"_s);
    QVERIFY(!busy->isHidden());
    QVERIFY(busy->findChild<QLabel*>()->text().startsWith(u"Cannot lay out the graph: cannot start"_s));
    QVERIFY(busy->findChild<QPushButton*>(u"cancelLayout"_s)->isHidden());
    qunsetenv("PLANSCOPE_LAYOUT");
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(attentionDocument());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QVERIFY(busy->isHidden());
    QCOMPARE(canvas.itemCount(), attentionTensors);
}

QTEST_MAIN(TestGraphCanvas)
#include "test_graph_canvas.moc"
