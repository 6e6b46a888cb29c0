// The GUI on rpc-servers (issue 41): the Splits dock's Add RPC Server and its backend list's
// labels, the Devices dock's servers. The cases with a server start a real rpc-server (tests/rpc's
// build, or PLANSCOPE_RPC_SERVER in the environment) and skip without one.
#include "rpc/rpc_servers.h"
#include "rpc/scripted_server.h"
#include "ui/split_test_support.h"
#include "ui/ui_test_support.h"

#include "backend/rpc/rpc_backend.h"
#include "mainwindow/main_window.h"
#include "mainwindow/screenshot.h"
#include "model/format.h"
#include "panels/devices_panel.h"
#include "panels/server_device_model.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "settings/app_settings.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QGroupBox>
#include <QMenu>
#include <QToolButton>

#include <cstdlib>

using namespace planscope;
using namespace planscope::ui;
using namespace planscope::ui::test;
using namespace Qt::StringLiterals;

namespace {

std::string serverProgram() {
    const char* env = std::getenv("PLANSCOPE_RPC_SERVER");
    const std::string path = env && *env ? env : PLANSCOPE_RPC_SERVER;
    return !path.empty() && QFileInfo(QString::fromStdString(path)).isExecutable() ? path : std::string();
}

#define REQUIRE_SERVER()                                                                                              \
    if (serverProgram().empty())                                                                                      \
    QSKIP("no rpc-server: build tests/rpc's (PLANSCOPE_RPC_SERVER_SOURCE) or set PLANSCOPE_RPC_SERVER")

// The main window on smallLlama (ggml 2023: the CPU first), errors recorded, replays instant.
struct Window {
    QStringList errors;
    MainWindow w;
    Window() {
        w.setErrorReporter(std::make_unique<RecordingErrorReporter>(&errors));
        if (!w.session()->openTemplate(QString::fromLatin1(smallLlama))) qFatal("template did not open");
        w.splitPanel()->controller()->setReplayInterval(0);
    }
    SplitPanel* panel() { return w.splitPanel(); }
    SplitController* controller() { return w.splitPanel()->controller(); }
    QComboBox* box() { return w.splitPanel()->backendBox(); }
};

QStringList itemTexts(const QComboBox* box) {
    QStringList out;
    for (int i = 0; i < box->count(); ++i) out << box->itemText(i);
    return out;
}

} // namespace

class TestRpcGui : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { isolateSettings(u"test_rpc_gui"_s); }
    void init() {
        AppSettings cleared = AppSettings::load(); // each case starts from the default choice
        cleared.backends.clear();
        cleared.save();
    }

    void listWithServer_data();
    void listWithServer();
    void backendListLabel_data();
    void backendListLabel();
    void serverDeviceModel();
    void badEndpointKeepsTheSchedule_data();
    void badEndpointKeepsTheSchedule();
    void unreachableServerKeepsTheSchedule();
    void addServerSchedulesOnIt();
    void commandLineScheduleNamesTheServer();
};

void TestRpcGui::listWithServer_data() {
    QTest::addColumn<QString>("list");
    QTest::addColumn<bool>("cpuLast");
    QTest::addColumn<QString>("expected");
    QTest::newRow("cpu") << u"cpu"_s << false << u"cpu,rpc:h:1"_s;
    QTest::newRow("cpu,cpu: a CPU alone") << u"cpu,cpu"_s << false << u"cpu,rpc:h:1"_s;
    QTest::newRow("cpu,opencl: a CPU alone") << u"cpu,opencl"_s << false << u"cpu,rpc:h:1"_s;
    QTest::newRow("a second server") << u"cpu,rpc:a:2"_s << false << u"cpu,rpc:a:2,rpc:h:1"_s;
    QTest::newRow("2026: before the CPU") << u"cpu,cpu"_s << true << u"rpc:h:1,cpu"_s;
    QTest::newRow("2026: a second server") << u"rpc:a:2,cpu"_s << true << u"rpc:a:2,rpc:h:1,cpu"_s;
    QTest::newRow("2026: a 2023 list") << u"cpu,rpc:a:2"_s << true << u"cpu,rpc:a:2,rpc:h:1"_s;
}

void TestRpcGui::listWithServer() {
    QFETCH(QString, list);
    QFETCH(bool, cpuLast);
    QFETCH(QString, expected);
    QCOMPARE(SplitController::listWithServer(list, u"h:1"_s, cpuLast), expected);
}

void TestRpcGui::backendListLabel_data() {
    QTest::addColumn<QString>("list");
    QTest::addColumn<QString>("label");
    QTest::newRow("a choice's own") << u"cpu,cpu"_s << u"CPU + CPU"_s;
    QTest::newRow("one server") << u"cpu,rpc:127.0.0.1:50052"_s << u"CPU + RPC0[127.0.0.1:50052]"_s;
    QTest::newRow("two servers, the CPU last")
        << u"rpc:10.0.0.2:50052,rpc:10.0.0.3:50053,cpu"_s << u"RPC0[10.0.0.2:50052] + RPC0[10.0.0.3:50053] + CPU"_s;
    QTest::newRow("a port written with zeros") << u"cpu,rpc:host:0050052"_s << u"CPU + RPC0[host:50052]"_s;
    QTest::newRow("a malformed endpoint, as typed") << u"cpu,rpc:host"_s << u"CPU + rpc:host"_s;
    QTest::newRow("an unknown backend, as typed") << u"cpu,cuda"_s << u"CPU + cuda"_s;
}

void TestRpcGui::backendListLabel() {
    QFETCH(QString, list);
    QFETCH(QString, label);
    QCOMPARE(SplitController::backendListLabel(list), label);
}

void TestRpcGui::serverDeviceModel() {
    ServerDeviceModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    model.setDevices({{1, "RPC0[127.0.0.1:50052]", "127.0.0.1:50052", std::uint64_t{3} << 29, std::uint64_t{2} << 30},
                      {2, "RPC0[10.0.0.3:50053]", "10.0.0.3:50053", 1000, 4096}});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.columnCount(), 4);
    QCOMPARE(model.headerData(ServerDeviceModel::FreeColumn, Qt::Horizontal).toString(), u"Free"_s);
    const auto cell = [&](int row, int column, int role = Qt::DisplayRole) { return model.index(row, column).data(role); };
    QCOMPARE(cell(0, ServerDeviceModel::DeviceColumn).toString(), u"RPC0[127.0.0.1:50052]"_s);
    QCOMPARE(cell(0, ServerDeviceModel::DeviceColumn, Qt::ToolTipRole).toString(),
             u"Device 0 of the rpc-server at 127.0.0.1:50052"_s);
    QCOMPARE(cell(0, ServerDeviceModel::ServerColumn).toString(), u"127.0.0.1:50052"_s);
    QCOMPARE(cell(0, ServerDeviceModel::FreeColumn).toString(), formatBytes(std::uint64_t{3} << 29));
    QCOMPARE(cell(0, ServerDeviceModel::FreeColumn, ServerDeviceModel::SortRole).toULongLong(), qulonglong{1610612736});
    QCOMPARE(cell(0, ServerDeviceModel::TotalColumn, ServerDeviceModel::SortRole).toULongLong(), qulonglong{2147483648});
    QCOMPARE(cell(1, ServerDeviceModel::FreeColumn, Qt::ToolTipRole).toString(), formatBytesExact(1000));
    QCOMPARE(cell(1, ServerDeviceModel::DeviceColumn, ServerDeviceModel::SortRole).toInt(), 2);
    model.setDevices({});
    QCOMPARE(model.rowCount(), 0);
}

void TestRpcGui::badEndpointKeepsTheSchedule_data() {
    QTest::addColumn<QString>("endpoint");
    QTest::addColumn<QString>("why"); // parse_endpoint's line
    QTest::newRow("no port") << u"127.0.0.1"_s << u"RPC endpoint '127.0.0.1' is not HOST:PORT"_s;
    QTest::newRow("port 0") << u"127.0.0.1:0"_s << u"RPC endpoint '127.0.0.1:0' needs a port from 1 to 65535"_s;
    QTest::newRow("port too large") << u"localhost:65536"_s << u"RPC endpoint 'localhost:65536' needs a port from 1 to 65535"_s;
    QTest::newRow("no host") << u":50052"_s << u"RPC endpoint ':50052' has no host"_s;
    QTest::newRow("empty") << QString() << u"RPC endpoint '' is not HOST:PORT"_s;
}

// Refused before anything connects: the message box, the backends and the CPU + CPU schedule kept.
void TestRpcGui::badEndpointKeepsTheSchedule() {
    QFETCH(QString, endpoint);
    QFETCH(QString, why);
    Window win;
    win.panel()->chooseBackends(u"cpu,cpu"_s);
    QSignalSpy replayed(win.controller(), &SplitController::replayFinished);
    win.controller()->scheduleDocument();
    QVERIFY(replayed.wait(60000));
    const SplitSchedule* before = win.controller()->schedule();
    const QStringList items = itemTexts(win.box());
    QVERIFY(!win.panel()->addRpcServer(endpoint));
    QCOMPARE(win.errors, QStringList{u"Cannot Add RPC Server\n"_s + why + u"\n\nThe backends and the schedule are kept."_s});
    QCOMPARE(win.box()->currentText(), u"CPU + CPU"_s);
    QCOMPARE(itemTexts(win.box()), items);
    QVERIFY(!win.controller()->isBusy());
    QCOMPARE(win.controller()->schedule(), before);
}

// A port nobody listens on: the connection is refused on the worker, then the message box, the
// choice as it was and the previous schedule kept.
void TestRpcGui::unreachableServerKeepsTheSchedule() {
    Window win;
    win.panel()->chooseBackends(u"cpu,cpu"_s);
    QSignalSpy replayed(win.controller(), &SplitController::replayFinished);
    win.controller()->scheduleDocument();
    QVERIFY(replayed.wait(60000));
    const SplitSchedule* before = win.controller()->schedule();
    const QStringList items = itemTexts(win.box());
    const QString endpoint = u"127.0.0.1:"_s + QString::number(planscope::test::closed_port());
    QSignalSpy failed(win.controller(), &SplitController::failed);
    QVERIFY(win.panel()->addRpcServer(endpoint));
    // Connecting runs on the worker: the GUI thread is free, the choice shows the server meanwhile.
    QVERIFY(win.controller()->isBusy());
    QCOMPARE(win.box()->currentText(), u"CPU + RPC0["_s + endpoint + u']');
    QVERIFY(!win.panel()->addServerButton()->isEnabled());
    QVERIFY(failed.wait(20000));
    QCOMPARE(win.errors.size(), 1);
    QCOMPARE(win.errors[0], u"Cannot Schedule on RPC Server\nrpc "_s + endpoint +
                                u": connection refused\n\nThe previous backends and schedule are kept."_s);
    QCOMPARE(win.box()->currentText(), u"CPU + CPU"_s);
    QCOMPARE(itemTexts(win.box()), items);
    QCOMPARE(win.controller()->request().list, std::string("cpu,cpu"));
    QCOMPARE(win.controller()->schedule(), before);
    QVERIFY(win.panel()->addServerButton()->isEnabled());
}

// Add RPC Server with a real rpc-server: the schedule's backends, the combo's and the menu's
// label, the Devices dock's row with the memory the server reports; the same server again is refused.
void TestRpcGui::addServerSchedulesOnIt() {
    REQUIRE_SERVER();
    planscope::test::rpc_servers servers(serverProgram(), 1);
    QVERIFY2(servers.error().empty(), servers.error().c_str());
    const QString endpoint = QString::fromStdString(servers.endpoint(0));
    const QString device = u"RPC0["_s + endpoint + u']';
    Window win;
    DevicesPanel* devices = win.w.devicesPanel();
    QVERIFY(devices->serverBox()->isHidden());
    QSignalSpy replayed(win.controller(), &SplitController::replayFinished);
    QVERIFY(win.panel()->addRpcServer(endpoint));
    QVERIFY(replayed.wait(60000));
    QVERIFY2(win.errors.isEmpty(), qPrintable(win.errors.join(u'\n')));
    QCOMPARE(win.box()->currentText(), u"CPU + "_s + device);
    QCOMPARE(win.box()->currentData().toString(), u"cpu,rpc:"_s + endpoint);
    QCOMPARE(QString::fromStdString(win.controller()->request().list), u"cpu,rpc:"_s + endpoint);
    const SplitSchedule* s = win.controller()->schedule();
    QVERIFY(s);
    QCOMPARE(s->backendNames, (std::vector<std::string>{"CPU", device.toStdString()}));
    // smallLlama's second layer is in a "GPU" buffer: it goes to the server.
    QVERIFY(s->plan.splits.size() >= 2);
    QCOMPARE(s->servers.size(), std::size_t{1});
    QCOMPARE(s->servers[0].backend, 1);
    QCOMPARE(QString::fromStdString(s->servers[0].server), endpoint);
    // The menu lists the new choice, checked.
    QMenu* backendsMenu = nullptr;
    for (QAction* a : win.w.findChild<QMenu*>(u"scheduleMenu"_s)->actions())
        if (a->menu() && a->text() == u"&Backends"_s) backendsMenu = a->menu();
    QVERIFY(backendsMenu);
    QStringList checked;
    for (QAction* a : backendsMenu->actions())
        if (a->isChecked()) checked << a->text();
    QCOMPARE(checked, QStringList{u"CPU + "_s + device});
    QCOMPARE(backendsMenu->actions().last()->text(), u"Add &RPC Server…"_s);

    // The Devices dock: the server's device with the memory it reported.
    QVERIFY(!devices->serverBox()->isHidden());
    ServerDeviceModel* model = devices->serverModel();
    QCOMPARE(model->rowCount(), 1);
    QCOMPARE(model->index(0, ServerDeviceModel::DeviceColumn).data().toString(), device);
    QCOMPARE(model->index(0, ServerDeviceModel::ServerColumn).data().toString(), endpoint);
    // The schedule's connection is closed: the server answers another client, the same total.
    auto direct = rpc::rpc_backend::connect(*rpc::parse_endpoint(servers.endpoint(0)));
    QVERIFY2(direct, direct ? "" : direct.err().message.c_str());
    const rpc::device_memory memory = (*direct)->memory();
    QVERIFY(memory.total > 0);
    QCOMPARE(model->index(0, ServerDeviceModel::TotalColumn).data(ServerDeviceModel::SortRole).toULongLong(),
             qulonglong{memory.total});
    QCOMPARE(model->index(0, ServerDeviceModel::TotalColumn).data().toString(), formatBytes(memory.total));
    const qulonglong free = model->index(0, ServerDeviceModel::FreeColumn).data(ServerDeviceModel::SortRole).toULongLong();
    QVERIFY(free > 0 && free <= memory.total);
    direct->reset();

    // The same server again: refused, nothing changes.
    QVERIFY(!win.panel()->addRpcServer(endpoint));
    QCOMPARE(win.errors, QStringList{u"Cannot Add RPC Server\n"_s + endpoint +
                                     u" is among the backends already: an rpc-server serves one client at a time."_s});
    QCOMPARE(win.controller()->schedule(), s);

    // Another document drops the schedule and its servers.
    QVERIFY(win.w.session()->openTemplate(u"attention"_s));
    QTRY_VERIFY(!win.controller()->schedule());
    QVERIFY(devices->serverBox()->isHidden());
    QCOMPARE(model->rowCount(), 0);
}

// `planscope --schedule cpu,rpc:HOST:PORT --screenshot`: the dock's combo names the server (it
// showed "CPU + CPU", a choice the list was not among).
void TestRpcGui::commandLineScheduleNamesTheServer() {
    REQUIRE_SERVER();
    planscope::test::rpc_servers servers(serverProgram(), 1);
    QVERIFY2(servers.error().empty(), servers.error().c_str());
    const QString list = u"cpu,rpc:"_s + QString::fromStdString(servers.endpoint(0));
    Window win;
    QString error;
    QVERIFY2(showSchedule(win.w, list, false, &error), qPrintable(error));
    QCOMPARE(win.box()->currentText(), u"CPU + RPC0["_s + QString::fromStdString(servers.endpoint(0)) + u']');
    QCOMPARE(win.box()->currentData().toString(), list);
    QCOMPARE(win.w.devicesPanel()->serverModel()->rowCount(), 1);
    // Remembered: the next window offers the list again, under the same label.
    MainWindow next;
    QCOMPARE(next.splitPanel()->backendBox()->currentData().toString(), list);
    QCOMPARE(next.splitPanel()->backendBox()->currentText(), win.box()->currentText());
}

QTEST_MAIN(TestRpcGui)
#include "test_rpc_gui.moc"
