// Opening a .gguf in the GUI as a user does (File > Open, era 2026): the shape-only Llama-3-70B
// zoo model (tests/support/model_zoo.h, a sparse file of 39.7 GB written to a temporary folder at
// setup) parsed, reserved and built as llama.cpp da46e59c does (three graphs of 2,486 nodes) on
// the session's worker, then folded, laid out and drawn on the canvas of the main window. Wall-clock
// time to the drawn canvas (and, as a counter, to the finished plan), and the process's peak
// resident set (getrusage), whose target is what the 70B shape may cost on top of the app.
// Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise.
#include "canvas/graph_canvas.h"
#include "mainwindow/main_window.h"
#include "model_zoo.h"
#include "session/graph_session.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <sys/resource.h>

#include <cstdio>

using namespace planscope;
using namespace planscope::ui;

namespace {

double peak_rss_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0; // KiB on Linux
}

// Runs the event loop until `done` holds (or 60 s pass), waking on `signal`.
template <class Sender, class Signal, class Done>
void waitUntil(const Sender* sender, Signal signal, Done done) {
    QElapsedTimer waited;
    waited.start();
    while (!done() && waited.elapsed() < 60000) {
        QEventLoop loop;
        QObject::connect(sender, signal, &loop, &QEventLoop::quit);
        QTimer::singleShot(100, &loop, &QEventLoop::quit);
        loop.exec();
    }
}

void BM_open_gguf_70b_to_canvas(benchmark::State& state) {
    QTemporaryDir dir;
    const auto zoo = test_models::zoo_model_named("llama3-70b");
    if (!zoo || !dir.isValid() || !test_models::write_zoo_model(*zoo, dir.path().toStdString())) {
        state.SkipWithError("cannot write the llama3-70b zoo model");
        return;
    }
    const QString path = dir.filePath(QStringLiteral("llama3-70b.gguf"));
    MainWindow w;
    w.show();
    QCoreApplication::processEvents();
    const double rssBefore = peak_rss_mib();
    double planned = 0;
    for (auto _ : state) {
        QElapsedTimer t;
        t.start();
        bool loaded = false;
        const auto c = QObject::connect(w.session(), &GraphSession::loadFinished, [&] { loaded = true; });
        w.session()->openFile(path);
        waitUntil(w.session(), &GraphSession::loadFinished, [&] { return loaded; });
        QObject::disconnect(c);
        GraphCanvas& canvas = *w.canvas();
        QCoreApplication::processEvents(); // the canvas starts its layout
        waitUntil(&canvas, &GraphCanvas::layoutFinished, [&] { return !canvas.isLayoutRunning(); });
        canvas.viewport()->repaint();
        state.SetIterationTime(static_cast<double>(t.nsecsElapsed()) / 1e9);
        waitUntil(w.session(), &GraphSession::planFinished, [&] { return !w.session()->isPlanning(); });
        planned = static_cast<double>(t.nsecsElapsed()) / 1e6;
        state.counters["nodes"] = static_cast<double>(w.session()->document().g.nodes.size());
        state.counters["items"] = canvas.itemCount();
    }
    state.counters["planned_ms"] = planned;
    state.counters["peak_rss_MiB"] = peak_rss_mib();
    state.counters["rss_before_MiB"] = rssBefore;
}
BENCHMARK(BM_open_gguf_70b_to_canvas)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

} // namespace

int main(int argc, char** argv) {
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Default settings (fold above 300 nodes), away from the user's.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PlanscopeBench"));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
