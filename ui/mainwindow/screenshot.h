#pragma once
// Renders a top-level window, laid out as on screen, to a PNG file (planscope --screenshot).
#include <QString>

#include <cstddef>

class QWidget;

namespace planscope::ui {

class GraphSession;
class MainWindow;

// Waits, up to a minute, for the session's document (a re-plan with the remembered ngl) and plan, then
// moves to `step` (planscope --step). On failure (no plan, or the step past its last) returns false
// and sets *error to a reason.
bool showPlanStep(GraphSession& session, std::size_t step, QString* error);

// Re-plans the current model with `ngl` layers on the second backend (planscope --ngl), as the
// what-if bar does, and waits up to a minute for the new document. Fails for a graph that is no
// model, options it refuses, or a load that fails.
bool replanWithNgl(MainWindow& window, int ngl, QString* error);

// Schedules the graph on `backends` ("cpu,opencl") as Schedule (F7) does, or with
// "devices=PROFILE,..." plans a model on those GPUs as the Devices dock's Plan on These Devices
// does; skips the replay and, with `overview`, shows the split overview (planscope --schedule,
// --split-overview). Waits up to a minute; on failure returns false and sets *error to the
// scheduler's or the load's reason.
bool showSchedule(MainWindow& window, const QString& backends, bool overview, QString* error);
// A GGML_SCHED_DEBUG log's document: waits until its assignment is shown and ends the replay on
// its final colours.
void settleLoggedSchedule(MainWindow& window);

// Brings a panel to the front for the picture (planscope --show): "peak" (the Peak dock at its
// buffer's peak, the largest row selected), "causes" (the Splits dock's Causes tab, the largest
// group selected and marked on the split overview; needs a schedule) or "devices=P1,P2" (the Devices
// dock with those presets or profile files added, its breakdown computed). Unknown names fail.
bool showPanel(MainWindow& window, const QString& panel, QString* error);

// Shows the window first if needed (the offscreen platform works) and waits, up to a minute each,
// for the session's document, plan and llama.cpp reserve, and for the canvas' layout. On failure
// returns false and sets *error to a reason.
bool saveScreenshot(QWidget& window, const QString& file, QString* error);

} // namespace planscope::ui
