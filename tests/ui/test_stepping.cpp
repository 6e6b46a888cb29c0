// Stepping through a plan: the trace the session records, forward and back to identical states,
// the breakpoint search (data rows over a hand-written event list), the controller's play,
// continue and breakpoints, and the canvas' highlight of the current step.
#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "mainwindow/main_window.h"
#include "model/event_log_model.h"
#include "panels/event_log_panel.h"
#include "panels/why_panel.h"
#include "canvas/step_highlight.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "stepping/breakpoints.h"
#include "stepping/step_controller.h"
#include "stepping/stepping_toolbar.h"
#include "timeline/memory_timeline.h"
#include "plan_trace_fixture.h"
#include "ui_test_support.h"

#include <QItemSelectionModel>
#include <QMenu>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableView>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

// A hand-written recording: what the search functions see, one event per step.
std::vector<alloc_event> searchEvents() {
    std::vector<alloc_event> e;
    e.push_back(events::attach{buffer_id{0}, 32, true, {{0, 1024}}, 0});          // step 1
    e.push_back(events::node{0, 0, tensor_id{5}});                                  // step 2
    e.push_back(events::alloc{tensor_id{5}, buffer_id{0}, 0, 64, 0, true, {{0, 1024}}, 0, 64}); // 3
    e.push_back(events::refused{tensor_id{6}, tensor_id{5}, refusal::other_children}); // step 4
    e.push_back(events::inplace{tensor_id{7}, tensor_id{5}, tensor_id{5}, {buffer_id{0}, 0}}); // step 5
    e.push_back(events::free{tensor_id{7}, buffer_id{0}, 0, 64, merge_kind::next, 0, {0, 1024}}); // step 6
    e.push_back(events::inplace{tensor_id{8}, tensor_id{6}, tensor_id{6}, {buffer_id{0}, 64}}); // step 7
    return e;
}

} // namespace

class TestStepping : public QObject {
    Q_OBJECT
private slots:
    void traceOfAttention();
    void forwardThenBackRestoresState();
    void nextBreak_data();
    void nextBreak();
    void previousBreak_data();
    void previousBreak();
    void hitText_data();
    void hitText();
    void sessionPlansEachDocument();
    void controllerStepsAndBreaks();
    void playStopsAtBreakpoint();
    void canvasRingsCurrentNode();
    void mainWindowFollowsSteps();
    void homeAndEndKeys();
    void statusBarNamesBreakpoint();
};

void TestStepping::traceOfAttention() {
    const auto trace = attentionTrace();
    QVERIFY2(trace->ok(), qPrintable(trace->error()));
    QCOMPARE(trace->step(), std::size_t{0});
    QVERIFY(trace->currentEvent() == nullptr);
    QCOMPARE(trace->stepCount(), trace->events().size());
    QVERIFY(trace->stepCount() > 100);
    // The last event reports the measured size, which plan_graph appended as "compute".
    const auto* measure = std::get_if<events::measure>(&trace->events().back());
    QVERIFY(measure);
    QCOMPARE(measure->max_size, trace->result().max_size);
    QCOMPARE(trace->document().buffers.back().name, std::string("compute"));
    QCOMPARE(trace->seek(1'000'000), trace->stepCount());
    QVERIFY(trace->currentEvent() == &trace->events().back());
}

void TestStepping::forwardThenBackRestoresState() {
    const auto trace = attentionTrace();
    const std::size_t n = trace->stepCount();
    std::vector<replay_state> forward;
    forward.push_back(trace->state());
    for (std::size_t s = 1; s <= n; ++s) {
        QCOMPARE(trace->seek(s), s);
        forward.push_back(trace->state());
    }
    QVERIFY(!(forward.back() == forward.front()));
    for (std::size_t s = n; s-- > 0;) {
        trace->seek(s);
        QVERIFY2(trace->state() == forward[s], qPrintable(u"state differs at step %1"_s.arg(s)));
    }
    // A long jump lands on the same state as single steps.
    trace->seek(n / 2);
    QVERIFY(trace->state() == forward[n / 2]);
}

void TestStepping::nextBreak_data() {
    QTest::addColumn<int>("from");
    QTest::addColumn<QStringList>("kinds");
    QTest::addColumn<int>("tensor"); // -1 = none
    QTest::addColumn<int>("expected"); // -1 = none
    QTest::newRow("no breakpoints") << 0 << QStringList{} << -1 << -1;
    QTest::newRow("inplace from 0") << 0 << QStringList{u"inplace"_s} << -1 << 5;
    QTest::newRow("inplace from its own step") << 5 << QStringList{u"inplace"_s} << -1 << 7;
    QTest::newRow("inplace after the last") << 7 << QStringList{u"inplace"_s} << -1 << -1;
    QTest::newRow("refused") << 0 << QStringList{u"refused"_s} << -1 << 4;
    QTest::newRow("last block") << 0 << QStringList{u"last_block"_s} << -1 << 3;
    QTest::newRow("failure: none") << 0 << QStringList{u"failure"_s} << -1 << -1;
    QTest::newRow("either kind") << 4 << QStringList{u"refused"_s, u"inplace"_s} << -1 << 5;
    QTest::newRow("tensor 5: its node") << 0 << QStringList{} << 5 << 2;
    QTest::newRow("tensor 5: its alloc") << 2 << QStringList{} << 5 << 3;
    QTest::newRow("tensor 7: inplace node") << 0 << QStringList{} << 7 << 5;
    QTest::newRow("tensor or kind") << 0 << QStringList{u"inplace"_s} << 6 << 4;
    QTest::newRow("split: no schedule") << 0 << QStringList{u"split"_s} << -1 << -1;
    QTest::newRow("unknown kind") << 0 << QStringList{u"nonsense"_s} << -1 << -1;
}

void TestStepping::nextBreak() {
    QFETCH(int, from);
    QFETCH(QStringList, kinds);
    QFETCH(int, tensor);
    QFETCH(int, expected);
    Breakpoints b;
    for (const QString& k : kinds) b.kinds.insert(k);
    if (tensor >= 0) b.tensors.insert(tensor_id{tensor});
    const auto events = searchEvents();
    const auto hit = nextBreakStep(events, static_cast<std::size_t>(from), b);
    QCOMPARE(hit ? static_cast<int>(*hit) : -1, expected);
}

void TestStepping::previousBreak_data() {
    QTest::addColumn<int>("from");
    QTest::addColumn<QStringList>("kinds");
    QTest::addColumn<int>("expected");
    QTest::newRow("inplace before the end") << 8 << QStringList{u"inplace"_s} << 7;
    QTest::newRow("inplace before its step") << 7 << QStringList{u"inplace"_s} << 5;
    QTest::newRow("inplace before the first") << 5 << QStringList{u"inplace"_s} << -1;
    QTest::newRow("refused from the end") << 7 << QStringList{u"refused"_s} << 4;
    QTest::newRow("from step 0") << 0 << QStringList{u"refused"_s} << -1;
}

void TestStepping::previousBreak() {
    QFETCH(int, from);
    QFETCH(QStringList, kinds);
    QFETCH(int, expected);
    Breakpoints b;
    for (const QString& k : kinds) b.kinds.insert(k);
    const auto events = searchEvents();
    const auto hit = previousBreakStep(events, static_cast<std::size_t>(from), b);
    QCOMPARE(hit ? static_cast<int>(*hit) : -1, expected);
}

void TestStepping::hitText_data() {
    QTest::addColumn<int>("step");
    QTest::addColumn<QStringList>("kinds");
    QTest::addColumn<int>("tensor"); // -1 = none
    QTest::addColumn<QString>("expected");
    QTest::newRow("inplace") << 5 << QStringList{u"inplace"_s} << -1 << u"Breakpoint at step 5: inplace reuse"_s;
    QTest::newRow("refused") << 4 << QStringList{u"refused"_s} << -1 << u"Breakpoint at step 4: refused reuse"_s;
    QTest::newRow("last block") << 3 << QStringList{u"last_block"_s} << -1
                                << u"Breakpoint at step 3: allocation from the last block"_s;
    QTest::newRow("the kind that hits") << 4 << QStringList{u"inplace"_s, u"refused"_s} << -1
                                        << u"Breakpoint at step 4: refused reuse"_s;
    QTest::newRow("tensor before kind") << 5 << QStringList{u"inplace"_s} << 7
                                        << u"Breakpoint at step 5: tensor blk.0.attn_q.weight"_s;
    QTest::newRow("tensor of a node") << 2 << QStringList{} << 5
                                      << u"Breakpoint at step 2: tensor blk.0.attn_norm.weight"_s;
    QTest::newRow("no hit there") << 2 << QStringList{u"inplace"_s} << -1 << QString();
    QTest::newRow("step 0") << 0 << QStringList{u"inplace"_s} << -1 << QString();
    QTest::newRow("past the end") << 8 << QStringList{u"inplace"_s} << -1 << QString();
}

void TestStepping::hitText() {
    QFETCH(int, step);
    QFETCH(QStringList, kinds);
    QFETCH(int, tensor);
    QFETCH(QString, expected);
    Breakpoints b;
    for (const QString& k : kinds) b.kinds.insert(k);
    if (tensor >= 0) b.tensors.insert(tensor_id{tensor});
    const auto events = searchEvents();
    QCOMPARE(breakpointHitText(events, static_cast<std::size_t>(step), b, {}, attentionDocument()), expected);
}

void TestStepping::sessionPlansEachDocument() {
    GraphSession session;
    QSignalSpy started(&session, &GraphSession::planStarted);
    QSignalSpy finished(&session, &GraphSession::planFinished);
    QVERIFY(session.openTemplate(u"attention"_s));
    QCOMPARE(started.size(), 1);
    QVERIFY(session.isPlanning());
    QVERIFY(session.planTrace() == nullptr);
    QVERIFY(finished.wait(20000));
    QVERIFY(!session.isPlanning());
    const PlanTrace* trace = session.planTrace();
    QVERIFY(trace && trace->ok());
    // The session's plan is the one PlanTrace::build makes for the template and its inputs.
    QCOMPARE(trace->stepCount(), attentionTrace()->stepCount());
    // The session's own document stays as loaded: no compute buffer.
    QCOMPARE(session.document().buffers.size() + 1, trace->document().buffers.size());

    // A document replaced while its plan runs: only the newest plan arrives.
    QVERIFY(session.openTemplate(u"mlp"_s));
    QVERIFY(session.openTemplate(u"attention"_s));
    QVERIFY(finished.wait(20000));
    QTest::qWait(200);
    QCOMPARE(finished.size(), 2);
    QCOMPARE(session.planTrace()->document().name, session.document().name);
}

void TestStepping::controllerStepsAndBreaks() {
    GraphSession session;
    StepController controller(&session);
    QVERIFY(openPlanned(session));
    const PlanTrace& trace = *session.planTrace();
    const replay_state start = trace.state();

    constexpr int n = 40;
    for (int i = 0; i < n; ++i) QVERIFY(controller.stepForward());
    QCOMPARE(session.step(), std::size_t{n});
    const replay_state middle = trace.state();
    for (int i = 0; i < n; ++i) QVERIFY(controller.stepBack());
    QVERIFY(!controller.stepBack());
    QCOMPARE(session.step(), std::size_t{0});
    QVERIFY(trace.state() == start);
    controller.jumpTo(n);
    QVERIFY(trace.state() == middle);

    // Continue stops at each inplace reuse, then at the end.
    controller.setKindBreakpoint(u"inplace"_s, true);
    controller.jumpTo(0);
    controller.runToEnd();
    const std::size_t first = session.step();
    QVERIFY(first > 0);
    QVERIFY(std::holds_alternative<events::inplace>(*trace.currentEvent()));
    QCOMPARE(nextBreakStep(trace.events(), 0, controller.breakpoints()), std::optional<std::size_t>(first));
    controller.runToStart();
    QCOMPARE(session.step(), std::size_t{0});
    controller.clearBreakpoints();
    controller.runToEnd();
    QCOMPARE(session.step(), trace.stepCount());

    // A tensor breakpoint stops at the first event about the tensor.
    const tensor_id kq = findTensor(trace.document(), "KQ-0");
    QVERIFY(kq.valid());
    controller.toggleTensorBreakpoint(kq);
    QVERIFY(controller.hasTensorBreakpoint(kq));
    controller.jumpTo(0);
    controller.runToEnd();
    QCOMPARE(eventTensor(*trace.currentEvent()), std::optional<tensor_id>(kq));
    controller.toggleTensorBreakpoint(kq);
    QVERIFY(!controller.hasTensorBreakpoint(kq));
}

void TestStepping::playStopsAtBreakpoint() {
    GraphSession session;
    StepController controller(&session);
    QVERIFY(openPlanned(session));
    controller.setSpeed(StepController::maxSpeed);
    controller.setKindBreakpoint(u"inplace"_s, true);
    QSignalSpy hit(&controller, &StepController::breakpointHit);
    controller.play();
    QVERIFY(controller.isPlaying());
    QVERIFY(hit.wait(20000));
    QVERIFY(!controller.isPlaying());
    const std::size_t expected = *nextBreakStep(session.planTrace()->events(), 0, controller.breakpoints());
    QCOMPARE(hit.front().front().value<std::size_t>(), expected);
    QCOMPARE(session.step(), expected);
}

void TestStepping::canvasRingsCurrentNode() {
    GraphSession session;
    GraphCanvas canvas(&session);
    QSignalSpy laidOut(&canvas, &GraphCanvas::layoutFinished);
    QSignalSpy finished(&session, &GraphSession::planFinished);
    session.openTemplate(u"attention"_s);
    QVERIFY(laidOut.wait(30000) || !laidOut.isEmpty());
    if (finished.isEmpty()) QVERIFY(finished.wait(20000));
    const PlanTrace& trace = *session.planTrace();
    QVERIFY(canvas.stepHighlight()->ring() == nullptr);

    Breakpoints inplace;
    inplace.kinds.insert(u"inplace"_s);
    const std::size_t step = *nextBreakStep(trace.events(), 0, inplace);
    session.setStep(step);
    const auto& e = std::get<events::inplace>(*trace.currentEvent());
    QCOMPARE(canvas.stepHighlight()->node(), e.node);
    QVERIFY(canvas.stepHighlight()->ring() != nullptr);
    QVERIFY(canvas.stepHighlight()->isPulsing());
    QCOMPARE(canvas.stepHighlight()->pulsedParent(), e.parent);

    session.setStep(0);
    QVERIFY(canvas.stepHighlight()->ring() == nullptr);
    QVERIFY(!canvas.stepHighlight()->isPulsing());
}

// The window's actions drive the session, and every stepping view follows it.
void TestStepping::mainWindowFollowsSteps() {
    MainWindow w;
    GraphSession& session = *w.session();
    QVERIFY(openPlanned(session));
    SteppingToolBar& bar = *w.steppingToolBar();
    QVERIFY(bar.stepAction()->isEnabled());
    for (int i = 0; i < 3; ++i) bar.stepAction()->trigger();
    bar.stepBackAction()->trigger();
    QCOMPARE(session.step(), std::size_t{2});
    QCOMPARE(bar.stepBox()->value(), 2);
    QCOMPARE(w.eventLogPanel()->view()->selectionModel()->selectedRows().front().row(), 1);
    QCOMPARE(w.bufferView()->step(), std::size_t{2});
    QCOMPARE(w.memoryTimeline()->step(), std::size_t{2});
    QVERIFY(!w.whyPanel()->text().isEmpty());

    emit w.memoryTimeline()->stepClicked(9);
    QCOMPARE(session.step(), std::size_t{9});
    QCOMPARE(bar.stepBox()->value(), 9);
    bar.runToEndAction()->trigger();
    QCOMPARE(session.step(), session.planTrace()->stepCount());
}

// Step > First Step and Last Step, on Home and End.
void TestStepping::homeAndEndKeys() {
    MainWindow w;
    GraphSession& session = *w.session();
    QVERIFY(openPlanned(session));
    SteppingToolBar& bar = *w.steppingToolBar();
    QCOMPARE(bar.firstStepAction()->shortcut(), QKeySequence(Qt::Key_Home));
    QCOMPARE(bar.lastStepAction()->shortcut(), QKeySequence(Qt::Key_End));
    QVERIFY(bar.stepMenu()->actions().contains(bar.firstStepAction()));
    QVERIFY(bar.stepMenu()->actions().contains(bar.lastStepAction()));
    w.show();
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    w.canvas()->setFocus();

    session.setStep(9);
    QTest::keyClick(&w, Qt::Key_End);
    QCOMPARE(session.step(), session.planTrace()->stepCount());
    QCOMPARE(bar.stepBox()->value(), static_cast<int>(session.planTrace()->stepCount()));
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(session.step(), std::size_t{0});
    QCOMPARE(bar.stepBox()->value(), 0);
    bar.lastStepAction()->trigger();
    QCOMPARE(session.step(), session.planTrace()->stepCount());
}

// A hit names the breakpoint and the step in the status bar.
void TestStepping::statusBarNamesBreakpoint() {
    MainWindow w;
    GraphSession& session = *w.session();
    QVERIFY(openPlanned(session));
    StepController& controller = *w.stepController();
    controller.setKindBreakpoint(u"inplace"_s, true);
    w.steppingToolBar()->runToEndAction()->trigger();
    QCOMPARE(session.step(), std::size_t{7});
    QCOMPARE(w.statusBar()->currentMessage(), u"Breakpoint at step 7: inplace reuse"_s);

    controller.clearBreakpoints();
    controller.toggleTensorBreakpoint(findTensor(session.planTrace()->document(), "KQ-0"));
    controller.jumpTo(0);
    QSignalSpy hit(&controller, &StepController::breakpointHit);
    controller.setSpeed(StepController::maxSpeed);
    controller.play(); // a hit while playing says the same
    QVERIFY(hit.wait(20000));
    QCOMPARE(hit.front().front().value<std::size_t>(), session.step());
    QCOMPARE(w.statusBar()->currentMessage(), u"Breakpoint at step %1: tensor KQ-0"_s.arg(session.step()));
    QCOMPARE(session.step(), std::size_t{35});
}

QTEST_MAIN(TestStepping)
#include "test_stepping.moc"
