#pragma once
// What File > Export writes: the engine's exports (the same request `planscope-cli export` makes,
// engine/export/export_runner.h) and the GUI-only pictures of the canvas and the buffer views.
#include "export/export_runner.h"
#include "plan/planner.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace planscope::ui {

enum class ExportWhat { Splits, Plan, Trace, AllocTrace, Canvas, Buffers };

struct ExportSettings {
    ExportWhat what = ExportWhat::Plan;
    QString format = QStringLiteral("json");
    QString backends;         // make_backends list; empty: one split, as the CLI without --backends
    int threads = 1;          // CPU backends
    QString device;           // OpenCL device
    bool foldBlocks = false;  // splits: repeated blocks as boxes (--fold), else every tensor (--no-fold)
    // Whose offsets the plan, alloc-trace and split diagram show (the CLI's --planner); not the trace's.
    planscope::planner_kind planner = planscope::planner_kind::ggml;
    QString path;
};

// Every kind in dialog order, its label and its formats (the first is the default).
QList<ExportWhat> exportWhats();
QString exportWhatLabel(ExportWhat what);
QStringList exportFormats(ExportWhat what);
[[nodiscard]] inline bool isPicture(ExportWhat what) { return what == ExportWhat::Canvas || what == ExportWhat::Buffers; }
// Kinds whose offsets come from a planner: what `planscope-cli export --planner` accepts.
[[nodiscard]] inline bool takesPlanner(ExportWhat what) {
    return what == ExportWhat::Splits || what == ExportWhat::Plan || what == ExportWhat::AllocTrace;
}

// The engine request for an engine export (not a picture), as cmd_export.cpp builds it from the
// same options; nullopt for a picture or a format the kind does not have.
std::optional<planscope::export_request> toRequest(const ExportSettings& settings);

} // namespace planscope::ui
