// Captures in the GUI (issue 39): the Capture dock lists a capture's graph records
// (captureRecordRows, CaptureRecordModel under QAbstractItemModelTester), reads the file off the
// GUI thread, marks the open record and opens another when one is activated; the Splits dock
// shows the split llama.cpp's own scheduler made (tests/data/capture/llama-cpp-stories260K.pscap),
// Run says why a capture cannot run, and a document that is no capture empties the list.
#include "capture/capture_panel.h"
#include "capture/capture_record_model.h"
#include "mainwindow/main_window.h"
#include "panels/devices_panel.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "ui_test_support.h"

#include "io/capture_reader.h"
#include "sched/recorded_schedule.h"

#include <QAbstractItemModelTester>
#include <QLabel>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

const QString capturePath = QStringLiteral(PLANSCOPE_SOURCE_DIR "/tests/data/capture/llama-cpp-stories260K.pscap");
constexpr int timeoutMs = 60000;

} // namespace

class TestCapturePanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(u"test_capture_panel"_s); }
    void rows();
    void model();
    void opensRecords();
    void runRefused();
    void anotherDocumentEmpties();
    void plannedOnDevices();

private:
    // Opens `path` in the window's session and waits for the load and the Capture dock's index.
    static bool open(MainWindow& w, const QString& path, bool index);
};

bool TestCapturePanel::open(MainWindow& w, const QString& path, bool index) {
    QSignalSpy loaded(w.session(), &GraphSession::loadFinished);
    QSignalSpy read(w.capturePanel(), &CapturePanel::indexRead);
    w.session()->openFile(path);
    if (!loaded.wait(timeoutMs)) return false;
    return !index || read.count() > 0 || read.wait(timeoutMs);
}

void TestCapturePanel::rows() {
    auto f = capture::read_capture(capturePath.toStdString());
    QVERIFY(f);
    const std::vector<CaptureRecordRow> rows = captureRecordRows(*f);
    QCOMPARE(rows.size(), std::size_t{10});
    QCOMPARE(rows[4].selection(), u"0:4"_s);
    QCOMPARE(rows[4].event, u"sched_graph_compute"_s);
    QCOMPARE(rows[4].nodes, std::size_t{186});
    QCOMPARE(rows[4].splits, std::uint64_t{1});
    QCOMPARE(rows[4].compute, u"CPU 156.2 KiB"_s); // 159,904 bytes
    QCOMPARE(rows[5].selection(), u"1:0"_s);
    QCOMPARE(rows[5].nodes, std::size_t{161}); // flash attention on
    QVERIFY(rows[5].command.contains(u" on 1,403"_s));
}

void TestCapturePanel::model() {
    CaptureRecordModel m;
    QAbstractItemModelTester tester(&m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto f = capture::read_capture(capturePath.toStdString());
    QVERIFY(f);
    m.setRows(captureRecordRows(*f));
    QCOMPARE(m.rowCount(), 10);
    QCOMPARE(m.columnCount(), int{CaptureRecordModel::ColumnCount});
    QCOMPARE(m.index(3, CaptureRecordModel::EventColumn).data().toString(), u"sched_alloc_graph"_s);
    QCOMPARE(m.index(3, CaptureRecordModel::RecordColumn).data(CaptureRecordModel::SelectionRole).toString(), u"0:3"_s);
    QCOMPARE(m.headerData(CaptureRecordModel::ComputeColumn, Qt::Horizontal).toString(), u"Compute buffers"_s);
    QCOMPARE(m.rowOf(1, 4), 9);
    QCOMPARE(m.rowOf(2, 0), -1);
    m.setCurrent(9);
    QVERIFY(m.index(9, 0).data(Qt::FontRole).value<QFont>().bold());
    QVERIFY(!m.index(8, 0).data(Qt::FontRole).isValid());
    m.setCurrent(42);
    QCOMPARE(m.current(), -1);
}

void TestCapturePanel::opensRecords() {
    MainWindow w;
    QVERIFY(open(w, capturePath, true));
    CapturePanel* panel = w.capturePanel();
    QCOMPARE(panel->model()->rowCount(), 10);
    QCOMPARE(panel->model()->current(), 0); // the file's first record
    QVERIFY2(panel->summaryLabel()->text().endsWith(u", 10 graph records; record 0:0 is open (activate another to open it)"_s),
             qPrintable(panel->summaryLabel()->text()));
    QCOMPARE(w.session()->document().g.nodes.size(), std::size_t{186});
    QVERIFY(w.session()->recordedSchedule());
    QCOMPARE(w.session()->recordedSchedule()->origin, recorded_origin::capture);

    // Another record of the same file: opened, the index kept.
    QSignalSpy loaded(w.session(), &GraphSession::loadFinished);
    QSignalSpy read(panel, &CapturePanel::indexRead);
    panel->openRecord(panel->model()->rowOf(1, 4));
    QVERIFY(loaded.wait(timeoutMs));
    QCOMPARE(read.count(), 0);
    QCOMPARE(w.session()->filePath(), capturePath + u"#1:4"_s);
    QCOMPARE(w.session()->document().g.nodes.size(), std::size_t{161});
    QCOMPARE(w.session()->document().name, std::string("llama-cpp-stories260K.pscap#4 sched_graph_compute"));
    QCOMPARE(panel->model()->current(), 9);
    // The split llama.cpp's scheduler made, on its one backend.
    SplitController* splits = w.splitPanel()->controller();
    if (!splits->schedule()) {
        QSignalSpy scheduled(splits, &SplitController::scheduled);
        QVERIFY(scheduled.wait(timeoutMs));
    }
    QVERIFY(splits->schedule()->captured);
    QCOMPARE(splits->schedule()->backendNames, (std::vector<std::string>{"CPU"}));
    QCOMPARE(splits->schedule()->plan.splits.size(), std::size_t{1});
}

void TestCapturePanel::runRefused() {
    MainWindow w;
    QVERIFY(open(w, capturePath + u"#0:4"_s, true));
    SplitPanel* panel = w.splitPanel();
    QPushButton* run = nullptr;
    for (QPushButton* b : panel->findChildren<QPushButton*>())
        if (b->text() == u"Run"_s) run = b;
    QVERIFY(run);
    QVERIFY(!run->isEnabled());
    QCOMPARE(run->toolTip(), u"A capture holds another program's graph and split, not its tensors' data"_s);
    QSignalSpy failed(panel->controller(), &SplitController::failed);
    panel->controller()->run();
    QCOMPARE(failed.count(), 1);
    QVERIFY(failed.at(0).at(0).toString().startsWith(u"This document is a capture of another program's graph"_s));
}

void TestCapturePanel::anotherDocumentEmpties() {
    MainWindow w;
    QVERIFY(open(w, capturePath, true));
    QCOMPARE(w.capturePanel()->model()->rowCount(), 10);
    QVERIFY(w.session()->openTemplate(u"attention"_s));
    QCOMPARE(w.capturePanel()->model()->rowCount(), 0);
    QVERIFY(w.capturePanel()->summaryLabel()->text().startsWith(u"Open a capture (.pscap"_s));
    QVERIFY(!w.session()->recordedSchedule());
}

// The Devices dock's Plan on These Devices on a capture (source/capture_devices.h): the captured
// graph with its weights and KV cache on the GPU, split as planscope-cli plan FILE.pscap#0:0
// --device cuda-24gb splits it; Plan on This Machine brings back the split llama.cpp made.
void TestCapturePanel::plannedOnDevices() {
    MainWindow w;
    QVERIFY(open(w, capturePath + u"#0:0"_s, true));
    SplitController* splits = w.splitPanel()->controller();
    DevicesPanel* devices = w.devicesPanel();
    QVERIFY(devices->addDevice(u"cuda-24gb"_s));
    QVERIFY(devices->planDevicesButton()->isEnabled());
    QVERIFY(!devices->planMachineButton()->isEnabled());
    const auto replan = [&](const std::function<void()>& start) {
        QSignalSpy loaded(w.session(), &GraphSession::loadFinished);
        QSignalSpy scheduled(splits, &SplitController::scheduled);
        start();
        return loaded.wait(timeoutMs) && (scheduled.count() > 0 || scheduled.wait(timeoutMs));
    };
    QVERIFY(replan([&] { devices->planOnDevices(); }));
    QVERIFY(w.session()->recordedSchedule());
    QCOMPARE(w.session()->recordedSchedule()->origin, recorded_origin::devices);
    QCOMPARE(w.session()->filePath(), capturePath + u"#0:0"_s);
    QCOMPARE(w.session()->document().g.nodes.size(), std::size_t{186});
    const SplitSchedule* s = splits->schedule();
    QVERIFY(s && s->onDevices && !s->captured);
    QCOMPARE(s->backendNames, (std::vector<std::string>{"CUDA0", "CPU"}));
    QCOMPARE(s->plan.splits.size(), std::size_t{2});
    QCOMPARE(s->buffers.size(), std::size_t{2});
    QCOMPARE(s->buffers[0].size, std::size_t{158080});
    QCOMPARE(s->buffers[1].size, std::size_t{22688});
    QVERIFY(devices->planMachineButton()->isEnabled());
    QCOMPARE(w.capturePanel()->model()->rowCount(), 10); // still the capture's records

    QVERIFY(replan([&] { devices->planOnMachine(); }));
    QCOMPARE(w.session()->recordedSchedule()->origin, recorded_origin::capture);
    QVERIFY(splits->schedule()->captured);
    QCOMPARE(splits->schedule()->backendNames, (std::vector<std::string>{"CPU"}));
}

QTEST_MAIN(TestCapturePanel)
#include "test_capture_panel.moc"
