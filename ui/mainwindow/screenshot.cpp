#include "screenshot.h"

#include "canvas/graph_canvas.h"
#include "mainwindow/main_window.h"
#include "options/model_replanner.h"
#include "panels/devices_panel.h"
#include "panels/peak_panel.h"
#include "sched/split_controller.h"
#include "sched/split_panel.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "io/atomic_write.h"
#include "model/format.h"

#include "device/device_presets.h"

#include <QDockWidget>
#include <QTableView>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QBuffer>
#include <QImageWriter>
#include <QPixmap>
#include <QTimer>
#include <QWidget>

namespace planscope::ui {

namespace {
constexpr int layoutTimeoutMs = 60000;

// The canvas lays graphs out in a process of its own: wait (bounded) until it has drawn them. A
// layout that ends by opening the block of the current step starts another one: wait for that too.
void waitForLayout(QWidget& window) {
    auto* canvas = window.findChild<GraphCanvas*>();
    QElapsedTimer waited;
    waited.start();
    while (canvas && canvas->isLayoutRunning() && waited.elapsed() < layoutTimeoutMs) {
        QEventLoop loop;
        QObject::connect(canvas, &GraphCanvas::layoutFinished, &loop, &QEventLoop::quit);
        QObject::connect(canvas, &GraphCanvas::layoutCancelled, &loop, &QEventLoop::quit);
        QTimer::singleShot(static_cast<int>(layoutTimeoutMs - waited.elapsed()), &loop, &QEventLoop::quit);
        loop.exec();
    }
}
// Runs what the session's signals posted (the remembered ngl's re-plan, llama.cpp's reserve), then
// waits (bounded) until the document has arrived and been planned and, with `reserve`, until the
// reserve is known: the picture shows the document as the user would see it.
void waitForSession(GraphSession& session, bool reserve) {
    QCoreApplication::processEvents();
    QElapsedTimer waited;
    waited.start();
    const auto busy = [&] { return session.isLoading() || session.isPlanning() || (reserve && session.isReservingLlama()); };
    while (busy() && waited.elapsed() < layoutTimeoutMs) {
        QEventLoop loop;
        QObject::connect(&session, &GraphSession::loadFinished, &loop, &QEventLoop::quit);
        QObject::connect(&session, &GraphSession::loadFailed, &loop, &QEventLoop::quit);
        QObject::connect(&session, &GraphSession::planFinished, &loop, &QEventLoop::quit);
        QObject::connect(&session, &GraphSession::llamaReserveChanged, &loop, &QEventLoop::quit);
        QTimer::singleShot(static_cast<int>(layoutTimeoutMs - waited.elapsed()), &loop, &QEventLoop::quit);
        loop.exec();
        QCoreApplication::processEvents();
    }
}
} // namespace

bool showPlanStep(GraphSession& session, std::size_t step, QString* error) {
    const auto fail = [error](const QString& reason) {
        if (error) *error = reason;
        return false;
    };
    waitForSession(session, false);
    const PlanTrace* trace = session.planTrace();
    if (!trace) return fail(QCoreApplication::translate("planscope::ui::Screenshot", "the graph was not planned"));
    if (step > trace->stepCount())
        return fail(QCoreApplication::translate("planscope::ui::Screenshot", "step %1 is past the plan's last step, %2")
                        .arg(step)
                        .arg(trace->stepCount()));
    session.setStep(step);
    return true;
}

bool replanWithNgl(MainWindow& window, int ngl, QString* error) {
    ModelReplanner* replanner = window.replanner();
    QString failure;
    bool loaded = false;
    QEventLoop loop;
    QObject::connect(window.session(), &GraphSession::loadFinished, &loop, [&] {
        loaded = true;
        loop.quit();
    });
    QObject::connect(window.session(), &GraphSession::loadFailed, &loop, [&](const QString&, const QString& message) {
        failure = message;
        loop.quit();
    });
    QObject::connect(replanner, &ModelReplanner::replanRejected, &loop, [&](const QString& message) { failure = message; });
    ModelOptions options = replanner->options();
    options.params.ngl = ngl;
    if (replanner->replan(options)) {
        QTimer::singleShot(layoutTimeoutMs, &loop, &QEventLoop::quit);
        if (!loaded && failure.isEmpty()) loop.exec();
    }
    if (loaded) return true;
    if (error)
        *error = failure.isEmpty() ? QCoreApplication::translate("planscope::ui::Screenshot", "re-planning took too long") : failure;
    return false;
}

bool showSchedule(MainWindow& window, const QString& backends, bool overview, QString* error) {
    SplitController* splits = window.splitPanel()->controller();
    // A re-plan posted after the document arrived (the remembered ngl) would cancel the schedule.
    waitForSession(*window.session(), false);
    const bool onDevices = backends.startsWith(u"devices=");
    if (onDevices) {
        // "devices=cuda-24gb,cuda-24gb": those GPUs in the Devices dock, the document planned on them.
        for (const QString& name : backends.mid(8).split(u',', Qt::SkipEmptyParts)) {
            if (auto p = planscope::load_device_profile(name.toStdString()); !p) {
                if (error) *error = errorText(p.err());
                return false;
            }
            window.devicesPanel()->addDevice(name);
        }
    } else {
        // Through the dock's choice, so that it shows them (a list it lacks, one with servers, added).
        window.splitPanel()->chooseBackends(backends);
        splits->setBackends(backends);
    }
    QString failure;
    bool done = false;
    QEventLoop loop;
    QObject::connect(splits, &SplitController::scheduled, &loop, [&] {
        done = true;
        loop.quit();
    });
    QObject::connect(splits, &SplitController::failed, &loop, [&](const QString& message) {
        failure = message;
        loop.quit();
    });
    QObject::connect(window.session(), &GraphSession::loadFailed, &loop, [&](const QString&, const QString& message) {
        failure = message;
        loop.quit();
    });
    QObject::connect(window.replanner(), &ModelReplanner::replanRejected, &loop, [&](const QString& message) {
        failure = message;
        loop.quit();
    });
    QTimer::singleShot(layoutTimeoutMs, &loop, &QEventLoop::quit);
    if (onDevices) window.devicesPanel()->planOnDevices();
    else splits->scheduleDocument();
    if (!done && failure.isEmpty()) loop.exec();
    if (!done) {
        if (error) *error = failure.isEmpty() ? QCoreApplication::translate("planscope::ui::Screenshot", "scheduling took too long") : failure;
        return false;
    }
    splits->cancel(); // the replay's end: the split graph in its final colours
    if (overview) window.showSplitOverview();
    return true;
}

void settleLoggedSchedule(MainWindow& window) {
    SplitController* splits = window.splitPanel()->controller();
    if (!splits->schedule()) {
        QEventLoop loop;
        QObject::connect(splits, &SplitController::scheduled, &loop, &QEventLoop::quit);
        QTimer::singleShot(layoutTimeoutMs, &loop, &QEventLoop::quit);
        loop.exec();
    }
    splits->cancel(); // the replay's end: the split graph in its final colours
}

bool showPanel(MainWindow& window, const QString& panel, QString* error) {
    const auto fail = [error](const QString& reason) {
        if (error) *error = reason;
        return false;
    };
    waitForSession(*window.session(), false); // the peak is the plan's
    QTableView* table = nullptr;
    if (panel == u"peak") {
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("peakDock"));
        dock->raise();
        window.resizeDocks({dock}, {760}, Qt::Horizontal); // room for the lifetime columns
        window.session()->setStep(window.peakPanel()->shownStep()); // as its Go to Step
        table = window.peakPanel()->table();
    } else if (panel == u"causes") {
        if (!window.splitPanel()->controller()->schedule())
            return fail(QCoreApplication::translate("planscope::ui::Screenshot", "--show causes needs --schedule"));
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("splitsDock"));
        dock->raise();
        window.resizeDocks({dock}, {760}, Qt::Horizontal); // room for the Why column
        table = window.splitPanel()->causeView();
        window.splitPanel()->showCauses();
    } else if (panel == u"devices" || panel.startsWith(u"devices=")) {
        // "devices=cuda-24gb,cuda-24gb": those devices added to the Devices dock, its breakdown shown.
        DevicesPanel* devices = window.devicesPanel();
        for (const QString& name : panel.mid(8).split(u',', Qt::SkipEmptyParts)) {
            // Checked first: the panel reports a profile that does not load in a message box.
            if (auto p = planscope::load_device_profile(name.toStdString()); !p) return fail(errorText(p.err()));
            devices->addDevice(name);
        }
        auto* dock = window.findChild<QDockWidget*>(QStringLiteral("devicesDock"));
        dock->raise();
        // The bars take most of the bottom row, the buffer strips beside them little.
        window.resizeDocks({dock}, {520}, Qt::Vertical);
        if (auto* strips = window.findChild<QDockWidget*>(QStringLiteral("bufferLayoutDock")))
            window.resizeDocks({dock, strips}, {760, 80}, Qt::Horizontal);
        QElapsedTimer waited;
        waited.start();
        while (devices->isFitting() && waited.elapsed() < layoutTimeoutMs) {
            QEventLoop loop;
            QObject::connect(devices, &DevicesPanel::fitChanged, &loop, &QEventLoop::quit);
            QTimer::singleShot(static_cast<int>(layoutTimeoutMs - waited.elapsed()), &loop, &QEventLoop::quit);
            loop.exec();
        }
        table = devices->table();
    } else {
        return fail(QCoreApplication::translate("planscope::ui::Screenshot", "unknown panel '%1' (peak, causes, devices=PROFILE,...)")
                        .arg(panel));
    }
    if (table->model()->rowCount() > 0) table->selectRow(0);
    return true;
}

bool saveScreenshot(QWidget& window, const QString& file, QString* error) {
    if (!window.isVisible()) window.show();
    if (auto* session = window.findChild<GraphSession*>()) waitForSession(*session, true);
    waitForLayout(window);
    // Let the window and its docks settle on their final geometry before grabbing.
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    const QImage image = window.grab().toImage();
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    QImageWriter writer(&png, "png");
    if (image.isNull() || !writer.write(image)) {
        if (error) *error = image.isNull() ? QCoreApplication::translate("planscope::ui::Screenshot", "nothing to render")
                                           : writer.errorString();
        return false;
    }
    // Atomically, as every file Planscope writes: an existing screenshot is never left half-written.
    const QByteArray& bytes = png.data();
    const auto written = planscope::write_file_atomic(file.toStdString(), std::string_view(bytes.constData(), bytes.size()));
    if (!written) {
        // The caller names the file; the engine's message does too.
        if (error) *error = errorText(written.err()).remove(0, file.size() + 2);
        return false;
    }
    return true;
}

} // namespace planscope::ui
