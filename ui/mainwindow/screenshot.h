#pragma once
// Renders a top-level window, laid out as on screen, to a PNG file (planscope --screenshot).
#include <QString>

class QWidget;

namespace planscope::ui {

// Shows the window first if needed (the offscreen platform works) and waits, up to a minute,
// for the canvas' layout. On failure returns false
// and sets *error to a reason.
bool saveScreenshot(QWidget& window, const QString& file, QString* error);

} // namespace planscope::ui
