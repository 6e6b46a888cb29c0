#pragma once
// Renders a top-level window, laid out as on screen, to a PNG file (planscope --screenshot).
#include <QString>

#include <cstddef>

class QWidget;

namespace planscope::ui {

class GraphSession;
class MainWindow;

// Waits, up to a minute, for the session's plan, then moves to `step` (planscope --step). On
// failure (no plan, or the step past its last) returns false and sets *error to a reason.
bool showPlanStep(GraphSession& session, std::size_t step, QString* error);

// Schedules the graph on `backends` ("cpu,opencl") as Schedule (F7) does, skips the replay and,
// with `overview`, shows the split overview (planscope --schedule, --split-overview). Waits up to
// a minute; on failure returns false and sets *error to the scheduler's reason.
bool showSchedule(MainWindow& window, const QString& backends, bool overview, QString* error);

// Shows the window first if needed (the offscreen platform works) and waits, up to a minute,
// for the canvas' layout. On failure returns false
// and sets *error to a reason.
bool saveScreenshot(QWidget& window, const QString& file, QString* error);

} // namespace planscope::ui
