#include "export_settings.h"

#include <QCoreApplication>

namespace planscope::ui {
namespace {

std::optional<planscope::export_kind> engineKind(ExportWhat what) {
    switch (what) {
    case ExportWhat::Splits: return planscope::export_kind::splits;
    case ExportWhat::Plan: return planscope::export_kind::plan;
    case ExportWhat::Trace: return planscope::export_kind::trace;
    case ExportWhat::AllocTrace: return planscope::export_kind::alloc_trace;
    case ExportWhat::Canvas:
    case ExportWhat::Buffers: break;
    }
    return std::nullopt;
}

} // namespace

QList<ExportWhat> exportWhats() {
    return {ExportWhat::Splits, ExportWhat::Plan, ExportWhat::Trace, ExportWhat::AllocTrace, ExportWhat::Canvas, ExportWhat::Buffers};
}

QString exportWhatLabel(ExportWhat what) {
    switch (what) {
    case ExportWhat::Splits: return QCoreApplication::translate("ExportSettings", "Split diagram");
    case ExportWhat::Plan: return QCoreApplication::translate("ExportSettings", "Plan");
    case ExportWhat::Trace: return QCoreApplication::translate("ExportSettings", "Execution trace");
    case ExportWhat::AllocTrace: return QCoreApplication::translate("ExportSettings", "Allocation trace");
    case ExportWhat::Canvas: return QCoreApplication::translate("ExportSettings", "Canvas view");
    case ExportWhat::Buffers: return QCoreApplication::translate("ExportSettings", "Buffer views");
    }
    return {};
}

QStringList exportFormats(ExportWhat what) {
    if (isPicture(what)) return {QStringLiteral("png"), QStringLiteral("svg")};
    const auto& k = planscope::info(*engineKind(what));
    return QString::fromUtf8(k.formats.data(), static_cast<qsizetype>(k.formats.size())).split(u'|');
}

std::optional<planscope::export_request> toRequest(const ExportSettings& s) {
    const auto kind = engineKind(s.what);
    if (!kind || !exportFormats(s.what).contains(s.format)) return std::nullopt;
    planscope::export_request r;
    r.kind = *kind;
    r.format = s.format.toStdString();
    r.fold = s.foldBlocks ? planscope::diagram_fold::always : planscope::diagram_fold::never;
    if (takesPlanner(s.what)) r.plan.planner = s.planner;
    // As the CLI: a schedule with --backends, and always for the trace (default "cpu").
    const bool scheduled = !s.backends.isEmpty() && *kind != planscope::export_kind::alloc_trace;
    if (scheduled || *kind == planscope::export_kind::trace) {
        planscope::export_schedule_options o;
        if (!s.backends.isEmpty()) o.backends = s.backends.toStdString();
        o.n_threads = s.threads;
        o.device = s.device.toStdString();
        r.schedule = std::move(o);
    }
    return r;
}

} // namespace planscope::ui
