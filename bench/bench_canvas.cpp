// The canvas in the main window as a user meets it (docs/folding.md): from the window being
// shown to the canvas drawn for the 32- and 80-layer llama shapes, opening and closing a block,
// and stepping frames (the whole window repainted after each step) on the 80-layer graph.
// Runs on the offscreen platform unless QT_QPA_PLATFORM says otherwise; wall-clock times.
#include "canvas/graph_canvas.h"
#include "source/graph_source.h"
#include "mainwindow/main_window.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QSettings>
#include <QStandardPaths>
#include <QTimer>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <numeric>
#include <vector>

using namespace planscope;
using namespace planscope::ui;

namespace {

std::string llama(int layers) {
    return layers == 80 ? "template:llama?n_embd=8192&n_layer=80&n_head=64&n_head_kv=8&n_ff=28672&n_vocab=32000&n_ctx=4096&n_batch=512"
                        : "template:llama?n_embd=4096&n_layer=32&n_head=32&n_ff=11008&n_vocab=32000&n_ctx=4096&n_batch=512";
}

opened_source open(int layers) {
    auto s = open_source(llama(layers), {});
    if (!s) std::abort();
    return std::move(*s);
}

// Runs the event loop until `canvas` has drawn a layout (or 60 s pass).
void waitForLayout(GraphCanvas& canvas, qsizetype& seen) {
    QEventLoop loop;
    const auto c = QObject::connect(&canvas, &GraphCanvas::layoutFinished, &loop, &QEventLoop::quit);
    QTimer::singleShot(60000, &loop, &QEventLoop::quit);
    if (canvas.isLayoutRunning()) loop.exec();
    QObject::disconnect(c);
    ++seen;
}

void waitForPlan(GraphSession& session) {
    QEventLoop loop;
    QObject::connect(&session, &GraphSession::planFinished, &loop, &QEventLoop::quit);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit);
    if (session.isPlanning()) loop.exec();
}

void BM_canvas_first_draw(benchmark::State& state) {
    const int layers = static_cast<int>(state.range(0));
    for (auto _ : state) {
        opened_source src = open(layers);
        MainWindow w;
        w.show();
        QCoreApplication::processEvents();
        QElapsedTimer t;
        t.start();
        w.session()->setDocument(std::move(src.doc), {}, std::move(src.preallocate));
        qsizetype seen = 0;
        waitForLayout(*w.canvas(), seen);
        w.canvas()->viewport()->repaint();
        state.SetIterationTime(static_cast<double>(t.nsecsElapsed()) / 1e9);
        state.counters["items"] = w.canvas()->itemCount();
    }
}
BENCHMARK(BM_canvas_first_draw)->Arg(32)->Arg(80)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(3);

// Opening block 40 (its layout known: only the top level is laid out again), then closing it.
void BM_canvas_open_close_block(benchmark::State& state) {
    opened_source src = open(80);
    MainWindow w;
    w.show();
    w.session()->setDocument(std::move(src.doc), {}, std::move(src.preallocate));
    qsizetype seen = 0;
    waitForLayout(*w.canvas(), seen);
    bool open = true;
    for (auto _ : state) {
        QElapsedTimer t;
        t.start();
        w.canvas()->setInstanceOpen(0, 40, open);
        waitForLayout(*w.canvas(), seen);
        w.canvas()->viewport()->repaint();
        state.SetIterationTime(static_cast<double>(t.nsecsElapsed()) / 1e9);
        open = !open;
    }
}
BENCHMARK(BM_canvas_open_close_block)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(20);

// Stepping through the 80-layer plan as the stepping timer does, one step per frame: the step's
// observers (canvas, event log, why-panel, buffer strips, timeline) and then the repaint of what
// they changed, or (argument 1) of the whole window, the worst case. Frame times, their median,
// 95th percentile and maximum. A step that crosses into a closed layer opens it; its layout
// arrives a few frames later and is drawn in that frame.
void BM_canvas_step_frames(benchmark::State& state) {
    const bool whole = state.range(0) == 1;
    opened_source src = open(80);
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    w.session()->setDocument(std::move(src.doc), {}, std::move(src.preallocate));
    qsizetype seen = 0;
    waitForLayout(*w.canvas(), seen);
    waitForPlan(*w.session());
    const std::size_t steps = std::min<std::size_t>(w.session()->planTrace()->stepCount(), 1500);
    std::vector<double> frames;
    for (auto _ : state) {
        frames.clear();
        for (std::size_t i = 1; i <= steps; ++i) {
            QElapsedTimer t;
            t.start();
            w.session()->setStep(i);
            QCoreApplication::processEvents();
            if (whole) w.repaint();
            frames.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        }
        state.SetIterationTime(std::accumulate(frames.begin(), frames.end(), 0.0) / 1e3);
        w.session()->setStep(0);
        QCoreApplication::processEvents();
    }
    std::sort(frames.begin(), frames.end());
    state.counters["frames"] = static_cast<double>(frames.size());
    state.counters["p50_ms"] = frames[frames.size() / 2];
    state.counters["p95_ms"] = frames[frames.size() * 95 / 100];
    state.counters["max_ms"] = frames.back();
}
BENCHMARK(BM_canvas_step_frames)->Arg(0)->Arg(1)->UseManualTime()->Unit(benchmark::kMillisecond)->Iterations(1);

} // namespace

int main(int argc, char** argv) {
    if (!qEnvironmentVariableIsSet("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Default settings (fold above 300 nodes, open blocks while stepping), away from the user's.
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("PlanscopeBench"));
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
