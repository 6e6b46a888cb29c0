// Split assignment replay: the assignment model's rows for a CPU + CPU schedule of a small llama,
// the canvas' clusters (one per split) and BACKEND#name copies, node colours after the replay,
// and a backend that cannot start (an error; the previous schedule stays).
#include "canvas/tensor_node_item.h"
#include "mainwindow/main_window.h"
#include "sched/split_panel.h"
#include "sched/assignment_model.h"
#include "sched/split_controller.h"
#include "split_test_support.h"
#include "ui_test_support.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QMenu>
#include <QSettings>
#include <QTableView>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {
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
    void failingBackendKeepsSchedule();
    void mainWindowSchedulesAndRuns();
};

void TestSplitReplay::initTestCase() {
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"PlanscopeTest"_s);
    QCoreApplication::setApplicationName(u"test_split_replay"_s);
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
    // Before the first decision, nothing has a backend.
    const tensor_id wq1 = findTensor(*s.splitDoc, "blk.1.attn_q.weight");
    QVERIFY(wq1.valid());
    QCOMPARE(f.canvas.itemOf(wq1)->fill(), backendColor(-1));
    QVERIFY(finished.wait(30000));
    QCOMPARE(steps.count(), static_cast<int>(s.plan.assignments.size()));
    QCOMPARE(f.canvas.itemOf(wq1)->fill(), backendColor(1));
    const tensor_id wq0 = findTensor(*s.splitDoc, "blk.0.attn_q.weight");
    QCOMPARE(f.canvas.itemOf(wq0)->fill(), backendColor(0));
    QVERIFY(f.canvas.itemOf(wq1)->toolTip().contains(u"CPU1"_s));
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

// The Schedule menu and Splits dock of the main window; the window is saved after scheduling and
// after a run (split_schedule.png, split_run.png in the temp folder) for a look at it.
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
    c->scheduleDocument();
    QVERIFY(replayed.wait(60000));
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
