// The canvas' initial scroll: once a graph is laid out, the view shows its start — the first
// node's box lies inside the visible scene rectangle, scrolled to the top — for a canvas shown
// before the layout ends, one laid out while hidden and shown afterwards, and inside the main
// window.
#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "models/templates.h"
#include "session/startup_graph.h"

#include <QScrollBar>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

QRectF visibleSceneRect(const GraphCanvas& canvas) {
    return canvas.mapToScene(canvas.viewport()->rect()).boundingRect();
}

// The first node's box, in scene coordinates; null when it has no item.
QRectF firstNodeRect(const GraphCanvas& canvas, const graph_document& doc) {
    const TensorNodeItem* item = doc.g.nodes.empty() ? nullptr : canvas.itemOf(doc.g.nodes.front());
    return item ? item->sceneBoundingRect() : QRectF();
}

// The default graph (stories260K, 8 tokens; far taller than any view), or a template by name.
graph_document graphNamed(const QString& name) {
    if (name == u"default") {
        auto loaded = loadDefaultGraph();
        if (!loaded.ok()) qFatal("default graph: %s", loaded.err().message.c_str());
        return std::move(loaded).value();
    }
    auto made = make_template(name.toStdString());
    if (!made) qFatal("%s: %s", qPrintable(name), made.err().message.c_str());
    return std::move(made).value();
}

} // namespace

class TestCanvasView : public QObject {
    Q_OBJECT
private slots:
    void showsStartOfGraph_data();
    void showsStartOfGraph();
    void mainWindowShowsStartOfGraph();
};

void TestCanvasView::showsStartOfGraph_data() {
    QTest::addColumn<QString>("graph");
    QTest::addColumn<bool>("shownBeforeLayout");
    QTest::newRow("default, shown") << u"default"_s << true;
    QTest::newRow("default, shown after layout") << u"default"_s << false;
    QTest::newRow("attention, shown") << u"attention"_s << true;
}

void TestCanvasView::showsStartOfGraph() {
    QFETCH(QString, graph);
    QFETCH(bool, shownBeforeLayout);
    GraphSession session;
    GraphCanvas canvas(&session);
    canvas.resize(900, 600);
    if (shownBeforeLayout) {
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    }
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    session.setDocument(graphNamed(graph));
    QVERIFY(finished.wait(120000));
    if (!shownBeforeLayout) {
        canvas.show();
        QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    }
    const QRectF first = firstNodeRect(canvas, session.document());
    QVERIFY(!first.isNull());
    const QRectF visible = visibleSceneRect(canvas);
    // The default graph is far taller than the view: it scrolls, and starts at its top.
    if (graph == u"default") QVERIFY(canvas.scene()->sceneRect().height() > 3 * visible.height());
    QCOMPARE(canvas.verticalScrollBar()->value(), canvas.verticalScrollBar()->minimum());
    QVERIFY2(visible.contains(first), qPrintable(u"first node at %1,%2 %3x%4; visible %5,%6 %7x%8"_s.arg(first.x())
                                                     .arg(first.y())
                                                     .arg(first.width())
                                                     .arg(first.height())
                                                     .arg(visible.x())
                                                     .arg(visible.y())
                                                     .arg(visible.width())
                                                     .arg(visible.height())));
}

void TestCanvasView::mainWindowShowsStartOfGraph() {
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    GraphCanvas* canvas = window.canvas();
    QSignalSpy finished(canvas, &GraphCanvas::layoutFinished);
    window.session()->setDocument(graphNamed(u"default"_s));
    QVERIFY(finished.wait(120000));
    QCoreApplication::processEvents();
    const QRectF first = firstNodeRect(*canvas, window.session()->document());
    QVERIFY(!first.isNull());
    QVERIFY(visibleSceneRect(*canvas).contains(first));
}

QTEST_MAIN(TestCanvasView)
#include "test_canvas_view.moc"
