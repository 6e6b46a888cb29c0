// A layout that takes long (the unfolded 32-layer llama: ~45 s of `dot`) stops within 200 ms and
// leaves no process behind: on Cancel, on Escape, when another graph opens, and when the window
// quits. The layout runs in planscope-layout; a stopped one is killed and reaped.
#include "canvas/canvas_layout.h"
#include "canvas/graph_canvas.h"
#include "source/graph_source.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include <QAction>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <cerrno>
#include <csignal>
#include <limits>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

constexpr qint64 stopBudgetMs = 200;
const char* const llama7b = "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512";

graph_document llama() {
    auto doc = open_graph_source(llama7b);
    if (!doc) qFatal("%s", doc.err().message.c_str());
    return std::move(*doc);
}

bool processGone(qint64 pid) { return ::kill(static_cast<pid_t>(pid), 0) == -1 && errno == ESRCH; }

// Starts the unfolded layout and waits until its process is up and busy with it.
qint64 startLongLayout(GraphSession& session, GraphCanvas& canvas) {
    canvas.setFoldThreshold(std::numeric_limits<int>::max());
    session.setDocument(llama());
    if (!canvas.isLayoutRunning()) return 0;
    if (!QTest::qWaitFor([&] { return canvas.layoutRunner()->process()->processId() != 0; }, 5000)) return 0;
    QTest::qWait(300); // well into `dot`
    return canvas.isLayoutRunning() ? canvas.layoutRunner()->process()->processId() : 0;
}

} // namespace

class TestLayoutStop : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(u"test_layout_stop"_s); }
    void cancelStops();
    void escapeStops();
    void anotherGraphStops();
    void quitStops();
};

void TestLayoutStop::cancelStops() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy cancelled(&canvas, &GraphCanvas::layoutCancelled);
    const qint64 pid = startLongLayout(session, canvas);
    QVERIFY(pid != 0);
    QElapsedTimer t;
    t.start();
    canvas.cancelLayout();
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < stopBudgetMs, qPrintable(QString::number(ms)));
    QVERIFY(processGone(pid));
    QVERIFY(!canvas.isLayoutRunning());
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(canvas.layoutRunner()->process()->processId(), 0);
}

void TestLayoutStop::escapeStops() {
    GraphSession session;
    GraphCanvas canvas(&session);
    const qint64 pid = startLongLayout(session, canvas);
    QVERIFY(pid != 0);
    QElapsedTimer t;
    t.start();
    QTest::keyClick(&canvas, Qt::Key_Escape);
    QVERIFY(t.elapsed() < stopBudgetMs);
    QVERIFY(processGone(pid));
}

void TestLayoutStop::anotherGraphStops() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy finished(&canvas, &GraphCanvas::layoutFinished);
    const qint64 pid = startLongLayout(session, canvas);
    QVERIFY(pid != 0);
    QElapsedTimer t;
    t.start();
    session.setDocument(attentionDocument());
    QVERIFY(t.elapsed() < stopBudgetMs);
    QVERIFY(processGone(pid));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 20000);
    QCOMPARE(canvas.itemCount(), attentionTensors);
}

void TestLayoutStop::quitStops() {
    auto* window = new MainWindow;
    window->show();
    const qint64 pid = startLongLayout(*window->session(), *window->canvas());
    QVERIFY(pid != 0);
    auto* quit = window->findChild<QAction*>(u"quitAction"_s);
    QVERIFY(quit);
    QElapsedTimer t;
    t.start();
    quit->trigger();
    QVERIFY(!window->isVisible());
    delete window; // what main() does once the event loop returns
    const qint64 ms = t.elapsed();
    QVERIFY2(ms < stopBudgetMs, qPrintable(QString::number(ms)));
    QVERIFY(processGone(pid));
}

QTEST_MAIN(TestLayoutStop)
#include "test_layout_stop.moc"
