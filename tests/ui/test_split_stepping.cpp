// Stepping through the scheduler's allocation: the trace scheduleDocument records for a CPU + CPU
// schedule of a small llama (one compute buffer per backend, the splits of its steps), the
// "Next split" breakpoint (data rows over a hand-written recording, then the real stops), N steps
// forward and back, and the main window switching to the scheduled trace after Schedule.
#include "buffers/buffer_view.h"
#include "canvas/graph_canvas.h"
#include "canvas/step_highlight.h"
#include "source/graph_source.h"
#include "mainwindow/main_window.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "sched/split_schedule.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "split_test_support.h"
#include "stepping/breakpoints.h"
#include "stepping/step_controller.h"
#include "stepping/stepping_toolbar.h"
#include "ui_test_support.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QSignalSpy>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

// The CPU + CPU schedule of smallLlama: its splits, the events of its measure allocation, the
// measured compute buffers and the first step of each split.
constexpr std::size_t scheduledSplits = 11;
constexpr std::size_t scheduledSteps = 213;
constexpr std::size_t cpuComputeBytes = 1088;
constexpr std::size_t cpu1ComputeBytes = 640;
const std::vector<std::size_t> splitStarts{20, 103, 112, 120, 127, 134, 139, 166, 172, 181, 199};

// Every "Next split" stop from step 0 to the end.
std::vector<std::size_t> splitStops(const PlanTrace& trace) {
    Breakpoints b;
    b.kinds.insert(u"split"_s);
    std::vector<std::size_t> stops;
    std::size_t step = 0;
    while (const auto hit = nextBreakStep(trace.events(), step, b, {trace.eventSplits()})) {
        stops.push_back(*hit);
        step = *hit;
    }
    return stops;
}

// A hand-written recording: the split of each step's event.
std::vector<alloc_event> splitEvents() {
    std::vector<alloc_event> e;
    e.push_back(events::attach{buffer_id{0}, 32, true, {{0, 1024}}, 0});                      // 1: -1
    e.push_back(events::attach{buffer_id{1}, 32, true, {{0, 1024}}, 0});                      // 2: -1
    e.push_back(events::node{0, 0, tensor_id{5}});                                            // 3: 0
    e.push_back(events::alloc{tensor_id{5}, buffer_id{0}, 0, 64, 0, true, {{0, 1024}}, 0, 64}); // 4: 0
    e.push_back(events::node{1, 1, tensor_id{6}});                                            // 5: 1
    e.push_back(events::inplace{tensor_id{6}, tensor_id{5}, tensor_id{5}, {buffer_id{0}, 0}}); // 6: 1
    e.push_back(events::node{2, 2, tensor_id{7}});                                            // 7: 2
    e.push_back(events::measure{buffer_id{0}, 64, true});                                     // 8: 2
    return e;
}
const std::vector<int> splitOfEvents{-1, -1, 0, 0, 1, 1, 2, 2};

} // namespace

class TestSplitStepping : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void nextSplit_data();
    void nextSplit();
    void previousSplit_data();
    void previousSplit();
    void eventSplitsFollowNodes();
    void traceHasOneComputeBufferPerBackend();
    void nextSplitStopsAtEachSplit();
    void forwardThenBackRestoresState();
    void storiesWithNgl();
    void storiesAsGgml2026();
    void mainWindowStepsTheSchedule();
};

void TestSplitStepping::initTestCase() {
    test::isolateSettings(u"test_split_stepping"_s);
}

void TestSplitStepping::nextSplit_data() {
    QTest::addColumn<int>("from");
    QTest::addColumn<bool>("withSplits");
    QTest::addColumn<int>("expected"); // -1 = none
    QTest::newRow("split 0 from step 0") << 0 << true << 3;
    QTest::newRow("split 1 from split 0") << 3 << true << 5;
    QTest::newRow("split 1 from inside split 0") << 4 << true << 5;
    QTest::newRow("split 2") << 5 << true << 7;
    QTest::newRow("none after the last") << 7 << true << -1;
    QTest::newRow("plain plan: never") << 0 << false << -1;
}

void TestSplitStepping::nextSplit() {
    QFETCH(int, from);
    QFETCH(bool, withSplits);
    QFETCH(int, expected);
    Breakpoints b;
    b.kinds.insert(u"split"_s);
    const auto events = splitEvents();
    const BreakContext context{withSplits ? std::span<const int>(splitOfEvents) : std::span<const int>()};
    const auto hit = nextBreakStep(events, static_cast<std::size_t>(from), b, context);
    QCOMPARE(hit ? static_cast<int>(*hit) : -1, expected);
}

void TestSplitStepping::previousSplit_data() {
    QTest::addColumn<int>("from");
    QTest::addColumn<int>("expected");
    QTest::newRow("from the end") << 8 << 7;
    QTest::newRow("from split 2's start") << 7 << 5;
    QTest::newRow("from inside split 1") << 6 << 5;
    QTest::newRow("from split 1's start") << 5 << 3;
    QTest::newRow("before split 0") << 3 << -1;
}

void TestSplitStepping::previousSplit() {
    QFETCH(int, from);
    QFETCH(int, expected);
    Breakpoints b;
    b.kinds.insert(u"split"_s);
    const auto events = splitEvents();
    const auto hit = previousBreakStep(events, static_cast<std::size_t>(from), b, {splitOfEvents});
    QCOMPARE(hit ? static_cast<int>(*hit) : -1, expected);
    // Without the context (hitsBreakpoint on one event) the kind never hits.
    for (const alloc_event& e : events) QVERIFY(!hitsBreakpoint(e, b));
}

void TestSplitStepping::eventSplitsFollowNodes() {
    const auto events = splitEvents();
    // Tensors 5, 6, 7 in splits 0, 1, 2; the others in none.
    const std::vector<int> splitOf{-1, -1, -1, -1, -1, 0, 1, 2};
    QCOMPARE(eventSplits(events, splitOf), splitOfEvents);
    auto trace = PlanTrace::fromEvents(attentionDocument(), events, splitOfEvents);
    QVERIFY(trace->hasSplits());
    QCOMPARE(trace->splitAt(0), -1);
    QCOMPARE(trace->splitAt(2), -1);
    QCOMPARE(trace->splitAt(3), 0);
    QCOMPARE(trace->splitAt(8), 2);
    QCOMPARE(trace->splitAt(9), -1);
    QVERIFY(!PlanTrace::fromEvents(attentionDocument(), events)->hasSplits());
}

void TestSplitStepping::traceHasOneComputeBufferPerBackend() {
    const SplitSchedule s = scheduleSmallLlama();
    const auto trace = scheduledTrace(s);
    QVERIFY(trace->ok());
    QCOMPARE(s.plan.splits.size(), scheduledSplits);
    QCOMPARE(trace->stepCount(), scheduledSteps);
    // The scheduler's buffers: measured sizes, ids after the document's own buffers.
    QCOMPARE(s.buffers.size(), std::size_t{2});
    const std::size_t first = s.buffers[0].id.index();
    QCOMPARE(s.buffers[1].id.index(), first + 1);
    QCOMPARE(s.buffers[0].size, cpuComputeBytes);
    QCOMPARE(s.buffers[1].size, cpu1ComputeBytes);
    const graph_document& doc = trace->document();
    QCOMPARE(doc.buffers.size(), first + 2);
    QCOMPARE(doc.buffers[first].name, std::string("CPU compute"));
    QCOMPARE(doc.buffers[first + 1].name, std::string("CPU1 compute"));
    QCOMPARE(doc.buffers[first + 1].backend, std::string("CPU1"));
    QCOMPARE(doc.buffers[first + 1].size, s.buffers[1].size);
    // Events 1 and 2 attach the measure allocators; the state at the end holds both, at the
    // measured high-water marks; no real buffer replaced them.
    QVERIFY(std::holds_alternative<events::attach>(trace->events()[0]));
    QVERIFY(std::holds_alternative<events::attach>(trace->events()[1]));
    trace->seek(trace->stepCount());
    const replay_state& end = trace->state();
    QCOMPARE(end.buffers.size(), std::size_t{2});
    for (const sched_buffer_info& b : s.buffers) {
        QVERIFY(end.buffers.contains(b.id));
        QCOMPARE(end.buffers.at(b.id).max_size, b.size);
        QVERIFY(end.buffers.at(b.id).is_measure);
    }
    // Every tensor an event names exists in the trace's document (copies included).
    for (const alloc_event& e : trace->events())
        if (const auto t = eventTensor(e)) QVERIFY(doc.ctx.contains(*t));
}

void TestSplitStepping::nextSplitStopsAtEachSplit() {
    const SplitSchedule s = scheduleSmallLlama();
    const auto trace = scheduledTrace(s);
    const std::vector<std::size_t> stops = splitStops(*trace);
    QCOMPARE(stops, splitStarts);
    QCOMPARE(stops.size(), s.plan.splits.size());
    for (std::size_t i = 0; i < stops.size(); ++i) {
        QCOMPARE(trace->splitAt(stops[i]), static_cast<int>(i));
        QCOMPARE(trace->splitAt(stops[i] - 1), static_cast<int>(i) - 1);
        // A split starts on its first node: its first input's copy, or its first graph node.
        const auto* node = std::get_if<events::node>(&trace->events()[stops[i] - 1]);
        QVERIFY(node);
        QCOMPARE(s.splitOf[node->tensor.index()], static_cast<int>(i));
    }
}

void TestSplitStepping::forwardThenBackRestoresState() {
    const auto trace = scheduledTrace(scheduleSmallLlama());
    const std::size_t n = trace->stepCount();
    std::vector<replay_state> forward{trace->state()};
    for (std::size_t s = 1; s <= n; ++s) {
        QCOMPARE(trace->seek(s), s);
        forward.push_back(trace->state());
    }
    for (std::size_t s = n; s-- > 0;) {
        trace->seek(s);
        QVERIFY2(trace->state() == forward[s], qPrintable(u"state differs at step %1"_s.arg(s)));
    }
    trace->seek(n / 2);
    QVERIFY(trace->state() == forward[n / 2]);
}

void TestSplitStepping::storiesWithNgl() {
    const std::string path = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
    if (!QFile::exists(QString::fromStdString(path))) QSKIP("stories260K.gguf is not in the shared directory");
    llama_params params;
    params.ngl = 2; // layers 3 and 4 of 5 on "GPU": the second CPU
    auto src = open_source(path, params, ggml_version::v2023); // llama.cpp 2023 offloads layers
    QVERIFY2(src, src ? "" : src.err().message.c_str());
    BackendRequest request;
    request.list = "cpu,cpu";
    auto s = scheduleDocument(src->doc, src->preallocate, request);
    QVERIFY2(s, s ? "" : s.err().message.c_str());
    const auto trace = scheduledTrace(*s);
    QCOMPARE(s->plan.splits.size(), std::size_t{21});
    QCOMPARE(trace->stepCount(), std::size_t{489});
    QCOMPARE(s->buffers[0].size, std::size_t{18432});
    QCOMPARE(s->buffers[1].size, std::size_t{13056});
    const std::vector<std::size_t> stops = splitStops(*trace);
    const std::vector<std::size_t> expected{38,  277, 286, 294, 301, 308, 313, 337, 343, 352, 370,
                                            379, 388, 396, 403, 410, 415, 442, 448, 457, 475};
    QCOMPARE(stops, expected);
    for (std::size_t i = 0; i < stops.size(); ++i) QCOMPARE(trace->splitAt(stops[i]), static_cast<int>(i));
}

void TestSplitStepping::storiesAsGgml2026() {
    const std::string path = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
    if (!QFile::exists(QString::fromStdString(path))) QSKIP("stories260K.gguf is not in the shared directory");
    llama_params params;
    params.ngl = 2;
    auto src = open_source(path, params, ggml_version::v2023); // llama.cpp 2023's graph, the 2026 scheduler
    QVERIFY2(src, src ? "" : src.err().message.c_str());
    BackendRequest request;
    request.list = "cpu,cpu";
    request.era = &era_for(ggml_version::v2026);
    auto s = scheduleDocument(src->doc, src->preallocate, request);
    QVERIFY2(s, s ? "" : s.err().message.c_str());
    // Two CPU backends share the host buffer type: no copies, one split, one compute buffer;
    // the inputs are the allocator's (flagged), on the last backend ("1.inp").
    QCOMPARE(s->plan.splits.size(), std::size_t{1});
    QCOMPARE(s->buffers.size(), std::size_t{2});
    QCOMPARE(s->buffers[0].size, std::size_t{18432});
    QCOMPARE(s->buffers[1].size, std::size_t{0});
    QVERIFY(!s->buffers[1].id.valid());
    const auto trace = scheduledTrace(*s);
    QVERIFY(trace->ok());
    // 408 allocator events and one for each of the 60 views, placed at their source's address
    // after the reserve as ggml 2026's alloc_graph places them.
    QCOMPARE(trace->stepCount(), std::size_t{468});
    const graph_document& doc = trace->document();
    QCOMPARE(doc.buffers[s->buffers[0].id.index()].name, std::string("CPU compute"));
    QCOMPARE(doc.buffers.back().name, std::string("CPU compute"));
    std::size_t inputs = 0;
    for (const sched_assignment& a : s->plan.assignments) inputs += a.cause == "1.inp" && a.backend == 1 ? 1 : 0;
    QCOMPARE(inputs, std::size_t{4}); // inp_tokens, inp_pos, KQ_mask, KQ_scale
    trace->seek(trace->stepCount());
    QCOMPARE(trace->state().buffers.at(s->buffers[0].id).max_size, s->buffers[0].size);
    for (const alloc_event& e : trace->events())
        if (const auto t = eventTensor(e)) QVERIFY(doc.ctx.contains(*t));
}

void TestSplitStepping::mainWindowStepsTheSchedule() {
    QStringList errors;
    MainWindow w;
    w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    w.resize(1500, 950);
    w.show();
    GraphSession* session = w.session();
    QSignalSpy planned(session, &GraphSession::planFinished);
    QVERIFY(session->openTemplate(QString::fromLatin1(smallLlama)));
    QVERIFY(planned.wait(20000));
    SteppingToolBar* bar = w.steppingToolBar();
    QAction* scheduledAction = bar->scheduledTraceAction();
    QAction* splitKind = bar->kindAction(u"split"_s);
    QVERIFY(splitKind);
    // Before a schedule: nothing to switch to, and no splits to break on.
    QVERIFY(!scheduledAction->isEnabled());
    QVERIFY(!splitKind->isEnabled());
    QCOMPARE(splitKind->toolTip(), u"Schedule first (F7)"_s);
    const std::size_t planSteps = session->planTrace()->stepCount();

    SplitController* c = w.splitPanel()->controller();
    c->setReplayInterval(0);
    w.splitPanel()->backendBox()->setCurrentIndex(w.splitPanel()->backendBox()->findData(u"cpu,cpu"_s));
    QSignalSpy switched(session, &GraphSession::traceSwitched);
    QSignalSpy replayed(c, &SplitController::replayFinished);
    c->scheduleDocument();
    QVERIFY(switched.wait(60000));
    QCOMPARE(switched.first().first().toBool(), true);
    QVERIFY(session->showsScheduledTrace());
    QVERIFY(scheduledAction->isEnabled() && scheduledAction->isChecked());
    QVERIFY(splitKind->isEnabled());
    QCOMPARE(session->step(), std::size_t{0});
    QCOMPARE(session->planTrace()->stepCount(), scheduledSteps);
    QVERIFY(replayed.wait(60000) || replayed.count() == 1);

    // "Next split" from the start stops at split 0, then split 1, on the split graph's nodes.
    StepController* stepper = w.stepController();
    stepper->setKindBreakpoint(u"split"_s, true);
    const std::vector<std::size_t> stops = splitStops(*session->planTrace());
    stepper->runToEnd();
    QCOMPARE(session->step(), stops[0]);
    stepper->runToEnd();
    QCOMPARE(session->step(), stops[1]);
    QCOMPARE(session->planTrace()->splitAt(session->step()), 1);
    const auto node = eventTensor(*session->planTrace()->currentEvent());
    QVERIFY(node);
    QCOMPARE(w.canvas()->stepHighlight()->node(), *node);
    QCoreApplication::processEvents();
    QVERIFY(w.grab().toImage().save(QDir::temp().filePath(u"split_stepping.png"_s)));
    stepper->runToStart();
    QCOMPARE(session->step(), stops[0]);
    // One strip per backend buffer.
    session->setStep(session->planTrace()->stepCount());
    const auto& strips = w.bufferView()->strips();
    QCOMPARE(strips.size(), std::size_t{2});
    QCOMPARE(strips[0].name, std::string("CPU compute"));
    QCOMPARE(strips[1].name, std::string("CPU1 compute"));

    // Back to the document's own plan, at step 0; the split kind is off there.
    scheduledAction->trigger();
    QVERIFY(!session->showsScheduledTrace());
    QCOMPARE(session->planTrace()->stepCount(), planSteps);
    QCOMPARE(session->step(), std::size_t{0});
    QVERIFY(!splitKind->isEnabled());
    QCOMPARE(w.bufferView()->strips().size(), std::size_t{0});
    stepper->runToEnd();
    QCOMPARE(session->step(), planSteps);
    scheduledAction->trigger();
    QVERIFY(session->showsScheduledTrace());
    QCOMPARE(session->step(), std::size_t{0});

    // A new document drops the schedule's trace.
    QVERIFY(session->openTemplate(u"attention"_s));
    QVERIFY(!session->hasScheduledTrace());
    QVERIFY(!scheduledAction->isEnabled());
    QVERIFY(planned.wait(20000));
    QVERIFY(errors.isEmpty());
}

QTEST_MAIN(TestSplitStepping)
#include "test_split_stepping.moc"
