// Split assignment replay: the assignment model's rows for a CPU + CPU schedule of a small llama,
// the canvas' clusters (one per split) and BACKEND#name copies, the replay's two layouts (passes
// 1–3 on the session's graph, pass 4 on the split graph), node colours and captions at known
// rows, stopping it (a new document, Cancel), and a backend that cannot start (an error; the
// previous schedule stays).
#include "canvas/tensor_node_item.h"
#include "mainwindow/main_window.h"
#include "sched/split_panel.h"
#include "sched/assignment_model.h"
#include "sched/assignment_replay.h"
#include "sched/split_controller.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QMenu>
#include <QTableView>

#include <optional>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {
// What the canvas shows at a replay step.
struct Shown {
    bool alternate = false;
    int items = 0;
    int clusters = 0;
    friend bool operator==(const Shown&, const Shown&) = default;
};
Shown shownOn(const GraphCanvas& c) {
    return {c.showsAlternateGraph(), c.itemCount(), static_cast<int>(c.layout().clusters.size())};
}
struct AtStep {
    int row = -1;
    QColor fill;
    QColor earlier;
    QColor grey;
    QString caption;
};
QColor fillOf(const GraphCanvas& c, tensor_id t) {
    const TensorNodeItem* item = c.itemOf(t);
    return item ? item->fill() : QColor();
}
// The CPU + CPU schedule of smallLlama: its graph's nodes + leafs, decisions (pass 4 from
// smallSplitRow on), splits, and the split graph's nodes + leafs (copies included).
constexpr int smallItems = 101;
constexpr int smallRows = 109;
constexpr int smallSplitRow = 101;
constexpr int smallSplits = 11;
constexpr int smallSplitItems = 109;
// Another document, loaded during a replay, and its nodes + leafs.
constexpr int otherItems = 57;
constexpr const char* otherLlama = "llama?n_vocab=32&n_embd=16&n_layer=1&n_head=2&n_ff=32&n_ctx=16&n_batch=2";

int rowOf(const QAbstractItemModel& m, const QString& tensor) {
    for (int r = 0; r < m.rowCount(); ++r)
        if (m.index(r, AssignmentModel::NodeColumn).data().toString() == tensor) return r;
    return -1;
}
} // namespace

class TestSplitReplay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void assignmentRows_data();
    void assignmentRows();
    void oneClusterPerSplit();
    void replayColoursNodes();
    void replaySwitchesLayoutAtPass4();
    void colourAtStep_data();
    void colourAtStep();
    void newDocumentStopsReplay();
    void cancelSkipsToSplitGraph();
    void cancelledLayoutStopsReplay();
    void failingBackendKeepsSchedule();
    void mainWindowSchedulesAndRuns();
};

void TestSplitReplay::initTestCase() {
    test::isolateSettings(u"test_split_replay"_s);
}

void TestSplitReplay::assignmentRows_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<QString>("backend");
    QTest::addColumn<QString>("pass");
    QTest::addColumn<QString>("cause");
    // The first decision for each tensor, as the CPU + CPU scheduler makes them.
    QTest::newRow("layer 1 weight") << u"blk.1.attn_q.weight"_s << u"CPU1"_s << u"1 · buffers"_s << u"1.leaf"_s;
    QTest::newRow("layer 0 weight") << u"token_embd.weight"_s << u"CPU"_s << u"1 · buffers"_s << u"1.leaf"_s;
    QTest::newRow("pre-allocated") << u"inp_embd"_s << u"CPU"_s << u"1 · buffers"_s << u"1.dst"_s;
    QTest::newRow("weight source") << u"attn_norm-1"_s << u"CPU1"_s << u"1 · buffers"_s << u"1.src1"_s;
    QTest::newRow("cache source") << u"q-1"_s << u"CPU"_s << u"2 · sources"_s << u"2.src0"_s;
    QTest::newRow("follows src0") << u"ffn_silu-1"_s << u"CPU1"_s << u"2 · sources"_s << u"2.src0"_s;
    QTest::newRow("copy to CPU1") << u"CPU1#norm-1"_s << u"CPU1"_s << u"4 · copy"_s << u"4.cpy"_s;
    QTest::newRow("copy to CPU") << u"CPU#ffn_out-1"_s << u"CPU"_s << u"4 · copy"_s << u"4.cpy"_s;
}

void TestSplitReplay::assignmentRows() {
    QFETCH(QString, tensor);
    QFETCH(QString, backend);
    QFETCH(QString, pass);
    QFETCH(QString, cause);
    SplitFixture f;
    QAbstractItemModelTester tester(f.controller.assignmentModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(f.schedule("cpu,cpu"));
    const QAbstractItemModel& m = *f.controller.assignmentModel();
    QCOMPARE(m.rowCount(), static_cast<int>(f.controller.schedule()->plan.assignments.size()));
    const int row = rowOf(m, tensor);
    QVERIFY2(row >= 0, qPrintable(tensor));
    QCOMPARE(m.index(row, AssignmentModel::BackendColumn).data().toString(), backend);
    QCOMPARE(m.index(row, AssignmentModel::PassColumn).data().toString(), pass);
    QCOMPARE(m.index(row, AssignmentModel::CauseColumn).data().toString(), cause);
}

void TestSplitReplay::oneClusterPerSplit() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    const SplitSchedule& s = *f.controller.schedule();
    QVERIFY(f.canvas.showsAlternateGraph());
    QCOMPARE(f.canvas.layout().clusters.size(), s.plan.splits.size());
    QVERIFY(s.plan.splits.size() >= 2);
    for (std::size_t i = 0; i < s.plan.splits.size(); ++i) {
        const std::string backend = s.backendNames[static_cast<std::size_t>(s.plan.splits[i].backend)];
        const auto& clusters = f.canvas.layout().clusters;
        const auto c = std::find_if(clusters.begin(), clusters.end(), [&](const layout_cluster& k) {
            return k.label == "split " + std::to_string(i) + " (" + backend + ")";
        });
        QVERIFY2(c != clusters.end(), qPrintable(QString::fromStdString(clusters[i].label)));
        // Every input copy is drawn, named BACKEND#name after its split's backend.
        for (const sched_input& in : s.plan.splits[i].inputs) {
            TensorNodeItem* copy = f.canvas.itemOf(in.copy);
            QVERIFY(copy);
            QCOMPARE(copy->name(), QString::fromStdString(backend + "#" + in.name));
            QCOMPARE(s.splitOf[in.copy.index()], static_cast<int>(i));
        }
    }
    // One box per node, leaf and copy of the split graph.
    const graph& g = s.splitDoc->g;
    QCOMPARE(f.canvas.itemCount(), static_cast<int>(g.nodes.size() + g.leafs.size()));
}

void TestSplitReplay::replayColoursNodes() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    const SplitSchedule& s = *f.controller.schedule();
    QSignalSpy steps(&f.controller, &SplitController::replayStep);
    QSignalSpy finished(&f.controller, &SplitController::replayFinished);
    f.controller.replay();
    // The replay starts again on the session's graph, laid out anew.
    QVERIFY(f.controller.isReplaying());
    QVERIFY(!f.canvas.showsAlternateGraph());
    const tensor_id wq1 = findTensor(*s.splitDoc, "blk.1.attn_q.weight");
    QVERIFY(wq1.valid());
    QVERIFY(finished.wait(30000));
    QVERIFY(!f.controller.isReplaying());
    QVERIFY(f.canvas.showsAlternateGraph());
    QVERIFY(f.canvas.caption().isEmpty());
    QCOMPARE(steps.count(), static_cast<int>(s.plan.assignments.size()));
    QCOMPARE(f.canvas.itemOf(wq1)->fill(), backendKindColor("CPU1"));
    const tensor_id wq0 = findTensor(*s.splitDoc, "blk.0.attn_q.weight");
    QCOMPARE(f.canvas.itemOf(wq0)->fill(), backendKindColor("CPU"));
    QVERIFY(f.canvas.itemOf(wq1)->toolTip().contains(u"CPU1"_s));
}

// Passes 1–3 are shown on the session's graph (no clusters), pass 4 on the split graph; a second
// replay starts again on the session's graph.
void TestSplitReplay::replaySwitchesLayoutAtPass4() {
    SplitFixture f;
    const graph& original = f.session.document().g;
    const int originalItems = static_cast<int>(original.nodes.size() + original.leafs.size());
    QCOMPARE(originalItems, smallItems);
    std::vector<Shown> shown;
    connect(&f.controller, &SplitController::replayStep, this, [&](int) { shown.push_back(shownOn(f.canvas)); });
    QVERIFY(f.schedule("cpu,cpu"));
    const SplitSchedule& s = *f.controller.schedule();
    const int split = AssignmentReplay::splitRow(s.plan);
    QCOMPARE(split, smallSplitRow);
    QCOMPARE(static_cast<int>(s.plan.assignments.size()), smallRows);
    QCOMPARE(static_cast<int>(s.plan.splits.size()), smallSplits);
    const graph& g = s.splitDoc->g;
    const int splitItems = static_cast<int>(g.nodes.size() + g.leafs.size());
    QCOMPARE(splitItems, smallSplitItems);
    const Shown before{false, originalItems, 0};
    const Shown after{true, splitItems, static_cast<int>(s.plan.splits.size())};
    for (int round = 0; round < 2; ++round) {
        if (round == 1) { // from the split graph the replay starts
            QVERIFY(f.canvas.showsAlternateGraph());
            shown.clear();
            QSignalSpy finished(&f.controller, &SplitController::replayFinished);
            f.controller.replay();
            QVERIFY(finished.wait(60000));
        }
        QCOMPARE(static_cast<int>(shown.size()), smallRows);
        for (int row = 0; row < smallRows; ++row)
            QVERIFY2(shown[static_cast<std::size_t>(row)] == (row < split ? before : after), qPrintable(QString::number(row)));
    }
}

void TestSplitReplay::colourAtStep_data() {
    QTest::addColumn<QString>("tensor");
    QTest::addColumn<int>("row"); // its first decision
    QTest::addColumn<int>("backend");
    QTest::addColumn<QString>("earlier"); // decided before, with its colour at that row
    QTest::addColumn<int>("earlierBackend");
    QTest::addColumn<QString>("grey"); // not decided yet
    QTest::addColumn<QString>("caption");
    QTest::newRow("pass 1 leaf") << u"blk.1.attn_q.weight"_s << 23 << 1 << u"blk.0.attn_q.weight"_s << 0
                                 << u"ffn_silu-1"_s << u"Pass 1: buffers — blk.1.attn_q.weight → CPU1 (1.leaf)"_s;
    QTest::newRow("pass 1 weight source") << u"attn_norm-1"_s << 49 << 1 << u"ffn_out-0"_s << 0 << u"q-1"_s
                                          << u"Pass 1: buffers — attn_norm-1 → CPU1 (1.src1)"_s;
    QTest::newRow("pass 1 src0") << u"Kcur-1"_s << 50 << 1 << u"attn_norm-1"_s << 1 << u"Kcur-1 (reshaped)"_s
                                         << u"Pass 1: buffers — Kcur-1 → CPU1 (1.src0)"_s;
    QTest::newRow("pass 2 cache source") << u"q-1"_s << 89 << 0 << u"kq_masked-1"_s << 0 << u"ffn_silu-1"_s
                                         << u"Pass 2: sources — q-1 → CPU (2.src0)"_s;
    QTest::newRow("pass 2 follows src0") << u"ffn_silu-1"_s << 97 << 1 << u"q-1"_s << 0 << u"norm"_s
                                         << u"Pass 2: sources — ffn_silu-1 → CPU1 (2.src0)"_s;
    // On the split graph, the nodes keep the colours passes 1–2 gave them.
    QTest::newRow("pass 4 copy to CPU1") << u"CPU1#norm-1"_s << 101 << 1 << u"blk.1.attn_q.weight"_s << 1
                                         << u"CPU#ffn_out-1"_s << u"Pass 4: split copies — CPU1#norm-1 → CPU1 (4.cpy)"_s;
    QTest::newRow("pass 4 copy to CPU") << u"CPU#kqv_out-1"_s << 106 << 0 << u"CPU1#norm-1"_s << 1 << u"CPU#ffn_out-1"_s
                                        << u"Pass 4: split copies — CPU#kqv_out-1 → CPU (4.cpy)"_s;
}

// At the step that first decides `tensor`, its box has its backend's colour, `earlier` keeps the
// colour it got before, `grey` has none yet, and the caption names the pass and cause.
void TestSplitReplay::colourAtStep() {
    QFETCH(QString, tensor);
    QFETCH(int, row);
    QFETCH(int, backend);
    QFETCH(QString, earlier);
    QFETCH(int, earlierBackend);
    QFETCH(QString, grey);
    QFETCH(QString, caption);
    SplitFixture f;
    std::optional<AtStep> at;
    connect(&f.controller, &SplitController::replayStep, this, [&](int step) {
        const QAbstractItemModel& m = *f.controller.assignmentModel();
        if (at || m.index(step, AssignmentModel::NodeColumn).data().toString() != tensor) return;
        const graph_document& doc = *f.controller.schedule()->splitDoc;
        auto fill = [&](const QString& name) { return fillOf(f.canvas, findTensor(doc, name.toStdString())); };
        at = AtStep{step, fill(tensor), fill(earlier), fill(grey), f.canvas.caption()};
    });
    QVERIFY(f.schedule("cpu,cpu"));
    QVERIFY(at);
    QCOMPARE(at->row, row);
    QCOMPARE(at->fill, backendColor({"CPU", "CPU1"}, backend));
    QCOMPARE(at->earlier, backendColor({"CPU", "CPU1"}, earlierBackend));
    QCOMPARE(at->grey, backendColor({}, -1));
    QCOMPARE(at->caption, caption);
}

void TestSplitReplay::newDocumentStopsReplay() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    f.controller.setReplayInterval(20);
    QSignalSpy steps(&f.controller, &SplitController::replayStep);
    QSignalSpy finished(&f.controller, &SplitController::replayFinished);
    f.controller.replay();
    QVERIFY(steps.wait(30000));
    QSignalSpy laidOut(&f.canvas, &GraphCanvas::layoutFinished);
    QVERIFY(f.session.openTemplate(QString::fromLatin1(otherLlama)));
    QVERIFY(!f.controller.isReplaying());
    QVERIFY(!f.controller.schedule());
    QVERIFY(f.canvas.caption().isEmpty());
    QVERIFY(laidOut.wait(30000));
    const int stepsAtLoad = static_cast<int>(steps.count());
    QTest::qWait(300); // ~15 intervals: a stale replay would have stepped on
    QCOMPARE(steps.count(), stepsAtLoad);
    QCOMPARE(finished.count(), 0);
    QVERIFY(!f.canvas.showsAlternateGraph());
    const graph& g = f.session.document().g;
    QCOMPARE(f.canvas.itemCount(), static_cast<int>(g.nodes.size() + g.leafs.size()));
    QCOMPARE(f.canvas.itemCount(), otherItems);
}

// Cancel during a replay shows its end: the split graph in the final colours.
void TestSplitReplay::cancelSkipsToSplitGraph() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    f.controller.setReplayInterval(20);
    QSignalSpy steps(&f.controller, &SplitController::replayStep);
    f.controller.replay();
    QVERIFY(steps.wait(30000));
    QVERIFY(!f.canvas.showsAlternateGraph());
    QSignalSpy laidOut(&f.canvas, &GraphCanvas::layoutFinished);
    f.controller.cancel();
    QVERIFY(!f.controller.isReplaying());
    QVERIFY(laidOut.wait(30000));
    const SplitSchedule& s = *f.controller.schedule();
    QCOMPARE(f.canvas.layout().clusters.size(), s.plan.splits.size());
    QCOMPARE(fillOf(f.canvas, findTensor(*s.splitDoc, "blk.1.attn_q.weight")), backendKindColor("CPU1"));
    QCOMPARE(fillOf(f.canvas, findTensor(*s.splitDoc, "CPU#ffn_out-1")), backendKindColor("CPU"));
    QTest::qWait(100);
    QCOMPARE(steps.count(), 1);
}

// Cancelling the layout the replay waits for (the canvas' Cancel, Esc) stops the replay.
void TestSplitReplay::cancelledLayoutStopsReplay() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    QSignalSpy steps(&f.controller, &SplitController::replayStep);
    QSignalSpy messages(&f.controller, &SplitController::statusMessage);
    f.controller.replay();
    QVERIFY(f.canvas.isLayoutRunning());
    QCOMPARE(f.canvas.caption(), u"Laying out the graph for the replay…"_s);
    f.canvas.cancelLayout();
    QVERIFY(!f.controller.isReplaying());
    QVERIFY(f.canvas.caption().isEmpty());
    QCOMPARE(messages.last().first().toString(), u"Replay stopped: the layout was cancelled"_s);
    QTest::qWait(100);
    QCOMPARE(steps.count(), 0);
}

void TestSplitReplay::failingBackendKeepsSchedule() {
    SplitFixture f;
    QVERIFY(f.schedule("cpu,cpu"));
    const SplitSchedule* before = f.controller.schedule();
    const int rows = f.controller.assignmentModel()->rowCount();
    BackendRequest request;
    request.list = "opencl";
    request.options.device = "no-such-device";
    f.controller.setRequest(request);
    QSignalSpy failed(&f.controller, &SplitController::failed);
    f.controller.scheduleDocument();
    QVERIFY(f.controller.isBusy());
    QVERIFY(failed.wait(30000));
    QVERIFY(!failed.first().first().toString().isEmpty());
    QVERIFY(!f.controller.isBusy());
    QCOMPARE(f.controller.schedule(), before);
    QCOMPARE(f.controller.assignmentModel()->rowCount(), rows);
    QVERIFY(f.canvas.showsAlternateGraph());
    QCOMPARE(f.controller.lastError(), failed.first().first().toString());
}

// The Schedule menu and Splits dock of the main window; the window is saved during the replay's
// passes 2 and 4 (and the canvas at 1:1 on a copy), after scheduling and after a run
// (split_replay_pass2.png, split_replay_pass4.png, split_replay_copy.png, split_schedule.png,
// split_run.png in the temp folder) for a look at it.
void TestSplitReplay::mainWindowSchedulesAndRuns() {
    QStringList errors;
    MainWindow w;
    w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
    w.resize(1500, 950);
    w.show();
    QVERIFY(w.session()->openTemplate(QString::fromLatin1(smallLlama)));
    QVERIFY(w.findChild<QMenu*>(u"scheduleMenu"_s));
    SplitPanel* panel = w.splitPanel();
    SplitController* c = panel->controller();
    c->setReplayInterval(0);
    const int cpuCpu = panel->backendBox()->findData(u"cpu,cpu"_s);
    QVERIFY(cpuCpu >= 0);
    panel->backendBox()->setCurrentIndex(cpuCpu);
    QCOMPARE(c->request().list, std::string("cpu,cpu"));
    QSignalSpy replayed(c, &SplitController::replayFinished);
    QStringList saved;
    connect(c, &SplitController::replayStep, this, [&](int row) {
        if (row == smallSplitRow + 2) { // the canvas at 1:1 around the copy just coloured
            w.canvas()->resetZoom();
            const auto copy = c->assignmentModel()->index(row, 0).data(AssignmentModel::TensorRole).toULongLong();
            w.canvas()->centerOn(w.canvas()->itemOf(tensor_id{static_cast<std::size_t>(copy)}));
            if (w.canvas()->grab().toImage().save(QDir::temp().filePath(u"split_replay_copy.png"_s)))
                saved.append(u"split_replay_copy.png"_s);
        }
        if (row != smallSplitRow - 1 && row != smallSplitRow + 1) return;
        w.canvas()->zoomToFit();
        const QString name = row < smallSplitRow ? u"split_replay_pass2.png"_s : u"split_replay_pass4.png"_s;
        if (w.grab().toImage().save(QDir::temp().filePath(name))) saved.append(name);
    });
    c->scheduleDocument();
    QVERIFY(replayed.wait(60000));
    QCOMPARE(saved, (QStringList{u"split_replay_pass2.png"_s, u"split_replay_pass4.png"_s, u"split_replay_copy.png"_s}));
    QVERIFY(panel->isVisible());
    QCOMPARE(panel->assignmentView()->model()->rowCount(), static_cast<int>(c->schedule()->plan.assignments.size()));
    w.canvas()->zoomToFit();
    QImage shot = w.grab().toImage();
    QVERIFY(shot.save(QDir::temp().filePath(u"split_schedule.png"_s)));
    QSignalSpy ran(c, &SplitController::runFinished);
    c->run();
    QVERIFY(ran.wait(60000));
    QCoreApplication::processEvents();
    QVERIFY(w.grab().toImage().save(QDir::temp().filePath(u"split_run.png"_s)));
    QVERIFY(errors.isEmpty());
}

QTEST_MAIN(TestSplitReplay)
#include "test_split_replay.moc"
