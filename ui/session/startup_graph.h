#pragma once
// The graph the app starts with: FILE when one is given, else the built-in default template.
#include "core/document.h"
#include "core/error.h"

#include <QString>

namespace planscope::ui {

// Loads on the calling thread (the window is not shown yet). Errors read "FILE: reason".
planscope::result<planscope::graph_document> loadStartupGraph(const QString& file);

} // namespace planscope::ui
