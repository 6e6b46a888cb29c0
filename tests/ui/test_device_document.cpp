// A document planned on device profiles (issue 38, part 2): the Devices dock's Plan on These
// Devices re-plans the open model on them; the Splits dock shows the split made there (the same
// figures as planscope-cli plan stories260K.gguf --device cuda-24gb), replays it to the split
// graph, the stepping trace is the scheduler's allocation on the devices, a what-if keeps the
// devices, File > Export writes the CLI's plan and estimated trace, Run says why it cannot run, a placement the
// devices refuse leaves the document as it was, and Plan on This Machine brings back a document
// that runs.
#include "export/export_controller.h"
#include "export/export_settings.h"
#include "mainwindow/main_window.h"
#include "options/model_replanner.h"
#include "panels/devices_panel.h"
#include "panels/inspector_panel.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "session/startup_graph.h"
#include "ui_test_support.h"

#include "device/device_presets.h"
#include "export/estimated_timings.h"
#include "export/export_runner.h"
#include "sched/recorded_schedule.h"
#include "sched/backend_factory.h"
#include "source/graph_source.h"

#include <QAction>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

constexpr auto storiesPath = PLANSCOPE_SHARED_DIR "/models/stories260K.gguf";
constexpr int timeoutMs = 60000;

// planscope-cli plan stories260K.gguf --device cuda-24gb (n_ctx 512, n_batch 8): 186 nodes, flash
// attention off (CUDA has no head size 8), split #0 the CPU's GET_ROWS, split #1 the rest on CUDA0
// with 6 inputs; compute buffers CUDA0 188,928 and CPU 20,704 bytes. At --ctx 256: 98,816 / 12,512.
constexpr std::size_t cudaCompute = 188928, cpuCompute = 20704;
constexpr std::size_t cudaCompute256 = 98816, cpuCompute256 = 12512;

std::size_t computeBytes(const SplitSchedule& s, const std::string& backend) {
    for (const sched_buffer_info& b : s.buffers)
        if (b.backend >= 0 && s.backendNames.at(static_cast<std::size_t>(b.backend)) == backend) return b.size;
    return 0;
}

} // namespace

class TestDeviceDocument : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void plannedOnDevices();
    void replayAndSteps();
    void runRefused();
    void whatIfKeepsDevices();
    void exportWritesTheCliPlan();
    void refusedPlacementKeepsDocument();
    void era2023BuildsForThisMachine();
    void backOnThisMachine();
    void openclDeviceOfThisMachine();

private:
    // Plans the open model on the dock's devices and waits for the split it brings.
    bool planOnDevices();
    bool replan(const std::function<void()>& start);

    std::unique_ptr<MainWindow> m_window;
};

void TestDeviceDocument::initTestCase() { isolateSettings(u"test_device_document"_s); }

void TestDeviceDocument::init() {
    m_window = std::make_unique<MainWindow>();
    auto source = loadStartupSource(QString()); // the embedded stories260K, in ggml 2026
    QVERIFY2(source, source ? "" : source.err().message.c_str());
    m_window->session()->setSource(std::move(*source));
    m_window->splitPanel()->controller()->setReplayInterval(0);
    QVERIFY(m_window->devicesPanel()->addDevice(u"cuda-24gb"_s));
    QVERIFY(m_window->devicesPanel()->planDevicesButton()->isEnabled());
    QVERIFY(!m_window->devicesPanel()->planMachineButton()->isEnabled());
}

void TestDeviceDocument::cleanup() { m_window.reset(); }

bool TestDeviceDocument::replan(const std::function<void()>& start) {
    SplitController* splits = m_window->splitPanel()->controller();
    QSignalSpy loaded(m_window->session(), &GraphSession::loadFinished);
    QSignalSpy scheduled(splits, &SplitController::scheduled);
    start();
    if (!loaded.wait(timeoutMs)) return false;
    return m_window->session()->recordedSchedule() == nullptr || scheduled.count() > 0 || scheduled.wait(timeoutMs);
}

bool TestDeviceDocument::planOnDevices() {
    return replan([this] { m_window->devicesPanel()->planOnDevices(); });
}

void TestDeviceDocument::plannedOnDevices() {
    QVERIFY(planOnDevices());
    GraphSession* session = m_window->session();
    QVERIFY(session->recordedSchedule());
    QCOMPARE(session->document().name, std::string("stories260K.gguf"));
    QCOMPARE(session->document().g.nodes.size(), std::size_t{186});
    QCOMPARE(session->era().version(), ggml_version::v2026);
    QVERIFY(session->llmReserve());
    QCOMPARE(session->llmReserve()->cparams.flash_attn, false); // auto, resolved on CUDA0

    const SplitSchedule* s = m_window->splitPanel()->controller()->schedule();
    QVERIFY(s);
    QVERIFY(s->onDevices);
    QCOMPARE(s->backendNames, (std::vector<std::string>{"CUDA0", "CPU"}));
    QCOMPARE(s->backendDevices.size(), std::size_t{2});
    QCOMPARE(s->backendDevices[0], device_preset("cuda-24gb")->description);
    const device_profile host = cpu_device_profile();
    QCOMPARE(s->backendDevices[1], host.description.empty() ? host.name : host.description);
    QCOMPARE(s->plan.splits.size(), std::size_t{2});
    QCOMPARE(s->plan.splits[0].backend, 1); // the CPU: token_embd stays in host memory
    QCOMPARE(s->plan.splits[1].backend, 0);
    QCOMPARE(s->plan.splits[1].inputs.size(), std::size_t{6});
    QCOMPARE(computeBytes(*s, "CUDA0"), cudaCompute);
    QCOMPARE(computeBytes(*s, "CPU"), cpuCompute);
    QCOMPARE(devicesLabel(*s), u"CUDA0 + CPU"_s);
    QVERIFY(m_window->devicesPanel()->planMachineButton()->isEnabled());
    QCOMPARE(m_window->findChild<QLabel*>(u"devicesPlanned"_s)->text(),
             u"The document is planned on CUDA0 + CPU (the Splits dock shows the split)."_s);
    // Schedule shows the same split again: the devices cannot be asked anew.
    QSignalSpy again(m_window->splitPanel()->controller(), &SplitController::scheduled);
    m_window->splitPanel()->controller()->scheduleDocument();
    QCOMPARE(again.count(), 1);
    QCOMPARE(computeBytes(*m_window->splitPanel()->controller()->schedule(), "CUDA0"), cudaCompute);
}

void TestDeviceDocument::replayAndSteps() {
    QVERIFY(planOnDevices());
    SplitController* splits = m_window->splitPanel()->controller();
    if (splits->isReplaying()) {
        QSignalSpy finished(splits, &SplitController::replayFinished);
        QVERIFY(finished.wait(timeoutMs));
    }
    const SplitSchedule* s = splits->schedule();
    // The split graph: the 186 nodes and the 6 copies, each a node of split #1.
    QVERIFY(s->splitDoc->g.nodes.size() >= std::size_t{192});
    std::size_t copies = 0;
    for (std::size_t i = 0; i < s->splitOf.size(); ++i)
        if (s->splitDoc->ctx[tensor_id{i}].op == op_kind::cpy && s->splitOf[i] == 1) ++copies;
    QVERIFY(copies >= 6);
    // Stepping goes through the scheduler's allocation on the devices: both compute buffers attached.
    GraphSession* session = m_window->session();
    QVERIFY(session->hasScheduledTrace());
    QVERIFY(session->showsScheduledTrace());
    const PlanTrace* trace = session->planTrace();
    QVERIFY(trace);
    QCOMPARE(trace->stepCount(), s->allocEvents.size());
    QCOMPARE(trace->stepCount(), std::size_t{529});
    std::size_t attached = 0;
    for (const alloc_event& e : s->allocEvents) attached += std::holds_alternative<events::attach>(e) ? 1 : 0;
    QVERIFY(attached >= 2);
    session->setStep(trace->stepCount());
    QCOMPARE(session->step(), trace->stepCount());
    // The Inspector names a tensor's device and why: the first layer's norm, pinned to its layer's GPU.
    session->setSelection(findTensor(session->document(), "norm-0"));
    InspectorPanel* inspector = m_window->inspector();
    QVERIFY(inspector->isFieldShown(InspectorPanel::Field::Backend));
    QCOMPARE(inspector->text(InspectorPanel::Field::Backend), u"CUDA0"_s);
    session->setSelection(findTensor(session->document(), "token_embd.weight"));
    QCOMPARE(inspector->text(InspectorPanel::Field::Backend), u"CPU"_s);
}

void TestDeviceDocument::runRefused() {
    QVERIFY(planOnDevices());
    SplitPanel* panel = m_window->splitPanel();
    QPushButton* run = nullptr;
    for (QPushButton* b : panel->findChildren<QPushButton*>())
        if (b->text() == u"Run"_s) run = b;
    QVERIFY(run);
    QVERIFY(!run->isEnabled());
    QVERIFY(run->toolTip().startsWith(u"Device profiles have no kernels"_s));
    QSignalSpy failed(panel->controller(), &SplitController::failed);
    panel->controller()->run();
    QCOMPARE(failed.count(), 1);
    const QString message = failed.at(0).at(0).toString();
    QVERIFY2(message.startsWith(u"This document is planned on device profiles (CUDA0 + CPU), which have no kernels"_s),
             qPrintable(message));
    QVERIFY(!panel->controller()->isBusy());
}

void TestDeviceDocument::whatIfKeepsDevices() {
    QVERIFY(planOnDevices());
    ModelOptions options = m_window->replanner()->options();
    QVERIFY(options.devices);
    options.params.n_ctx = 256;
    QVERIFY(replan([&] { QVERIFY(m_window->replanner()->replan(options)); }));
    QVERIFY(m_window->session()->recordedSchedule());
    const SplitSchedule* s = m_window->splitPanel()->controller()->schedule();
    QVERIFY(s && s->onDevices);
    QCOMPARE(computeBytes(*s, "CUDA0"), cudaCompute256);
    QCOMPARE(computeBytes(*s, "CPU"), cpuCompute256);
    QCOMPARE(m_window->replanner()->options().params.n_ctx, 256);
}

void TestDeviceDocument::exportWritesTheCliPlan() {
    QVERIFY(planOnDevices());
    // What planscope-cli export stories260K.gguf --device cuda-24gb --what plan writes.
    auto llama = open_llama_source(storiesPath);
    QVERIFY(llama);
    auto cuda = device_preset("cuda-24gb");
    QVERIFY(cuda);
    llm_device_request request;
    request.devices.gpus = {*cuda};
    request.devices.cpu = cpu_device_profile();
    request.devices.given = true;
    auto expected = llama->build_on_devices(m_window->replanner()->options().params, request);
    QVERIFY2(expected, expected ? "" : expected.err().message.c_str());
    export_request r;
    r.kind = export_kind::plan;
    r.format = "json";
    auto bytes = produce_scheduled_export(expected->doc, expected->recorded->outcome, r, ggml_version::v2026);
    QVERIFY(bytes);

    QTemporaryDir dir;
    ExportSettings settings;
    settings.what = ExportWhat::Plan;
    settings.format = u"json"_s;
    settings.path = dir.filePath(u"plan.json"_s);
    ExportController* exporter = m_window->exportController();
    QSignalSpy exported(exporter, &ExportController::exported);
    QVERIFY(exporter->start(settings));
    QVERIFY(exported.wait(timeoutMs));
    QFile file(settings.path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray written = file.readAll();
    QCOMPARE(written, QByteArray::fromStdString(*bytes));
    QVERIFY(written.contains("\"name\": \"CUDA0 compute\""));

    // The execution trace: estimated from the profiles (the CPU's split is one GET_ROWS, no FLOPs),
    // as planscope-cli export --device cuda-24gb --what trace writes it.
    std::vector<device_profile> profiles{*cuda, cpu_device_profile()};
    auto trace = estimated_trace_json(expected->doc, expected->recorded->outcome, profiles);
    QVERIFY2(trace, trace ? "" : trace.err().message.c_str());
    settings.what = ExportWhat::Trace;
    settings.path = dir.filePath(u"trace.json"_s);
    QVERIFY(exporter->start(settings));
    QVERIFY(exported.wait(timeoutMs));
    QFile traceFile(settings.path);
    QVERIFY(traceFile.open(QIODevice::ReadOnly));
    const QByteArray traced = traceFile.readAll();
    QCOMPARE(traced, QByteArray::fromStdString(*trace));
    QVERIFY(traced.contains("(estimated)"));
}

void TestDeviceDocument::refusedPlacementKeepsDocument() {
    QVERIFY(planOnDevices());
    const std::size_t nodes = m_window->session()->document().g.nodes.size();
    // Three tensor-split values for one GPU: llama.cpp refuses it, and so does the load.
    DevicesPanel* devices = m_window->devicesPanel();
    devices->tensorSplitEdit()->setText(u"1,2,3"_s);
    emit devices->tensorSplitEdit()->editingFinished();
    QSignalSpy rejected(m_window->replanner(), &ModelReplanner::replanRejected);
    devices->planOnDevices();
    QVERIFY(rejected.wait(timeoutMs));
    QCOMPARE(rejected.at(0).at(0).toString(), u"stories260K.gguf: --tensor-split: 3 values for 1 GPU"_s);
    QVERIFY(m_window->session()->recordedSchedule());
    QCOMPARE(m_window->session()->document().g.nodes.size(), nodes);
    QCOMPARE(computeBytes(*m_window->splitPanel()->controller()->schedule(), "CUDA0"), cudaCompute);
}

void TestDeviceDocument::era2023BuildsForThisMachine() {
    QVERIFY(planOnDevices());
    QSignalSpy loaded(m_window->session(), &GraphSession::loadFinished);
    m_window->session()->setEra(ggml_version::v2023); // 2023's llama.cpp placed nothing on devices
    QVERIFY(loaded.wait(timeoutMs));
    QVERIFY(!m_window->session()->recordedSchedule());
    QVERIFY(!m_window->replanner()->options().devices);
    QVERIFY(!m_window->devicesPanel()->planDevicesButton()->isEnabled());
}

void TestDeviceDocument::backOnThisMachine() {
    QVERIFY(planOnDevices());
    QVERIFY(replan([this] { m_window->devicesPanel()->planOnMachine(); }));
    QVERIFY(!m_window->session()->recordedSchedule());
    QVERIFY(!m_window->replanner()->options().devices);
    QVERIFY(!m_window->splitPanel()->controller()->schedule());
    QCOMPARE(m_window->session()->document().g.nodes.size(), std::size_t{161}); // flash attention on, on the CPU
    QVERIFY(!m_window->devicesPanel()->planMachineButton()->isEnabled());
    QCOMPARE(m_window->findChild<QLabel*>(u"devicesPlanned"_s)->text(), u"The document is planned for this machine."_s);
}

void TestDeviceDocument::openclDeviceOfThisMachine() {
    if (!have_opencl() || !load_device_profile("opencl")) QSKIP("no OpenCL device on this machine");
    // The Add menu's entry: the machine's OpenCL device, read as the backend reads it.
    QAction* action = nullptr;
    for (QAction* a : m_window->devicesPanel()->findChildren<QAction*>())
        if (a->text() == u"This Machine's &OpenCL Device"_s) action = a;
    QVERIFY(action);
    m_window->devicesPanel()->removeDevice(0); // the cuda-24gb of init()
    action->trigger();
    QCOMPARE(m_window->devicesPanel()->choice().gpus.size(), std::size_t{1});
    QCOMPARE(m_window->devicesPanel()->choice().gpus[0].name, std::string("OpenCL"));
    QVERIFY(planOnDevices());
    QCOMPARE(m_window->splitPanel()->controller()->schedule()->backendNames, (std::vector<std::string>{"OpenCL", "CPU"}));
}

QTEST_MAIN(TestDeviceDocument)
#include "test_device_document.moc"
