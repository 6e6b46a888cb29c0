// Planning progress: the percent computation (rows), PlanProgress throttling to whole-percent
// steps while forwarding every event, PlanTrace::build on a 32-layer llama template reporting
// 0..100, and GraphSession::planProgress reaching the GUI thread and the main window's bar.
#include "canvas/graph_canvas.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "session/plan_progress.h"
#include "session/plan_trace.h"
#include "ui_test_support.h"

#include <QProgressBar>
#include <QSignalSpy>
#include <QtTest>

#include <numeric>

using namespace planscope;
using namespace planscope::ui;
using namespace Qt::StringLiterals;

namespace {

// Small dimensions, many layers: ~1,100 nodes, so every whole percent is reached.
constexpr auto llama32 = "llama?n_vocab=512&n_embd=64&n_layer=32&n_head=8&n_ff=172&n_ctx=64&n_batch=8";
// ~140 nodes, still over 100, with a layout the window's canvas finishes in seconds.
constexpr auto llama4 = "llama?n_vocab=512&n_embd=64&n_layer=4&n_head=8&n_ff=172&n_ctx=64&n_batch=8";

QList<int> zeroToHundred() {
    QList<int> all(101);
    std::iota(all.begin(), all.end(), 0);
    return all;
}

} // namespace

class TestPlanProgress : public QObject {
    Q_OBJECT

private slots:
    void percent_data();
    void percent();
    void throttledAndForwarded();
    void llamaTraceReportsEveryPercent();
    void sessionDeliversOnGuiThread();
    void mainWindowBar();
};

void TestPlanProgress::percent_data() {
    QTest::addColumn<qulonglong>("done");
    QTest::addColumn<qulonglong>("total");
    QTest::addColumn<int>("expected");
    QTest::newRow("start") << 0ull << 10ull << 0;
    QTest::newRow("one third rounds down") << 1ull << 3ull << 33;
    QTest::newRow("two thirds rounds down") << 2ull << 3ull << 66;
    QTest::newRow("last node started") << 1123ull << 1124ull << 99;
    QTest::newRow("all done") << 3ull << 3ull << 100;
    QTest::newRow("past the end") << 5ull << 3ull << 100;
    QTest::newRow("empty graph") << 0ull << 0ull << 100;
    QTest::newRow("under one percent") << 9ull << 1000ull << 0;
    QTest::newRow("huge graph") << 5'000'000'000ull << 10'000'000'000ull << 50;
}

void TestPlanProgress::percent() {
    QFETCH(qulonglong, done);
    QFETCH(qulonglong, total);
    QFETCH(int, expected);
    QCOMPARE(planPercent(done, total), expected);
}

void TestPlanProgress::throttledAndForwarded() {
    alloc_recorder recorder;
    QList<int> reported;
    PlanProgress progress(recorder, 4, [&reported](int p) { reported << p; });
    // Events other than `node` are forwarded but do not move the percent.
    progress.on_event(events::barrier{0});
    for (std::size_t i = 0; i < 4; ++i) {
        progress.on_event(events::node{i, i, tensor_id{i}});
        progress.on_event(events::node{i, i, tensor_id{i}}); // a repeat does not report the same percent
    }
    progress.finish();
    progress.finish();
    QCOMPARE(recorder.events().size(), std::size_t{9});
    // Nodes started: 0,1,2,3,4,5,6,7 of 4 -> 0, 25, 50, 75, 100 (the fifth on), then finish adds nothing.
    QCOMPARE(reported, (QList<int>{0, 25, 50, 75, 100}));
}

void TestPlanProgress::llamaTraceReportsEveryPercent() {
    auto made = build_template(llama32);
    QVERIFY2(made, made ? "" : made.err().message.c_str());
    QVERIFY(made->doc.g.nodes.size() > 1000);
    QList<int> reported;
    const auto trace = PlanTrace::build(made->doc, made->inputs, 32, [&reported](int p) { reported << p; });
    QVERIFY2(trace->ok(), qPrintable(trace->error()));
    QCOMPARE(reported, zeroToHundred()); // non-decreasing, each whole percent once, ending at 100
    // Without a callback the recording is the same.
    const auto plain = PlanTrace::build(made->doc, made->inputs);
    QCOMPARE(plain->stepCount(), trace->stepCount());
}

void TestPlanProgress::sessionDeliversOnGuiThread() {
    GraphSession session;
    QList<int> reported;
    bool offThread = false;
    connect(&session, &GraphSession::planProgress, this, [&](int p) {
        offThread = offThread || QThread::currentThread() != qApp->thread();
        reported << p;
    });
    QSignalSpy finished(&session, &GraphSession::planFinished);
    // The first plan is replaced at once: only the second one's progress arrives.
    QVERIFY(session.openTemplate(QString::fromLatin1(llama32)));
    QVERIFY(session.openTemplate(QString::fromLatin1(llama32)));
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.count(), 1);
    QVERIFY(!offThread);
    QCOMPARE(reported, zeroToHundred());
}

void TestPlanProgress::mainWindowBar() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* bar = window.findChild<QProgressBar*>(u"planProgress"_s);
    QVERIFY(bar);
    QList<int> shown;
    bool visibleWhilePlanning = true;
    // Connected after the window's own connection: sees the bar as the signal left it.
    connect(window.session(), &GraphSession::planProgress, this, [&](int) {
        shown << bar->value();
        visibleWhilePlanning = visibleWhilePlanning && bar->isVisible();
    });
    QVERIFY(window.session()->openTemplate(QString::fromLatin1(llama4)));
    QVERIFY(bar->isVisible());
    QCOMPARE(bar->value(), 0);
    QTRY_VERIFY_WITH_TIMEOUT(window.session()->planTrace(), 60000);
    QCOMPARE(shown, zeroToHundred());
    QVERIFY(visibleWhilePlanning);
    QVERIFY(!bar->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!window.canvas()->isLayoutRunning(), 60000); // its worker is joined on close
}

QTEST_MAIN(TestPlanProgress)
#include "test_plan_progress.moc"
