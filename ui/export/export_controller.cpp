#include "export_controller.h"

#include "core/guarded.h"
#include "model/format.h"
#include "export_dialog.h"
#include "canvas/graph_canvas.h"
#include "view_pictures.h"

#include "io/atomic_write.h"
#include "export/estimated_timings.h"
#include "plan/planner.h"
#include "sched/split_controller.h"
#include "sched/recorded_schedule.h"
#include "session/graph_session.h"

#include <QThread>

#include <memory>

namespace planscope::ui {

ExportController::ExportController(GraphSession* session, QGraphicsView* canvas, QWidget* bufferView,
                                   SplitController* splits, QObject* parent)
    : QObject(parent), m_session(session), m_canvas(canvas), m_bufferView(bufferView), m_splits(splits) {}

ExportController::~ExportController() {
    for (QThread* t : findChildren<QThread*>()) t->wait();
}

void ExportController::showDialog(QWidget* parent, std::optional<ExportWhat> what) {
    ExportSettings preset = m_settings;
    if (what) preset.what = *what;
    if (const auto* canvas = qobject_cast<const GraphCanvas*>(m_canvas)) preset.foldBlocks = canvas->isFolded(); // as the canvas
    if (m_splits) {
        const BackendRequest& r = m_splits->request();
        preset.threads = r.options.n_threads;
        preset.device = QString::fromStdString(r.options.device);
        // Before the first export, the backends the canvas was scheduled on; then the last choice.
        if (!m_haveSettings && m_splits->schedule()) preset.backends = QString::fromStdString(r.list);
    }
    ExportDialog dialog(preset, m_bufferView != nullptr, parent);
    if (dialog.exec() != QDialog::Accepted) return;
    start(dialog.settings());
}

bool ExportController::start(const ExportSettings& s) {
    if (m_busy) {
        fail(tr("An export is still running."));
        return false;
    }
    m_settings = s;
    m_haveSettings = true;
    if (s.path.isEmpty()) {
        fail(tr("Choose a file to export to."));
        return false;
    }
    if (!exportFormats(s.what).contains(s.format)) {
        fail(tr("%1 is not written as %2.").arg(exportWhatLabel(s.what), s.format));
        return false;
    }
    const std::string path = s.path.toStdString();
    if (isPicture(s.what)) {
        // Widgets are drawn on the GUI thread; only the write goes to the worker.
        QWidget* widget = s.what == ExportWhat::Buffers ? m_bufferView.data() : nullptr;
        if (s.what == ExportWhat::Buffers && !widget) {
            fail(tr("There are no buffer views to export."));
            return false;
        }
        const QByteArray bytes = widget ? renderWidgetPicture(*widget, s.format) : renderViewPicture(*m_canvas, s.format);
        if (bytes.isEmpty()) {
            fail(tr("%1: there is nothing to draw.").arg(exportWhatLabel(s.what)));
            return false;
        }
        runWorker([bytes, path] { return planscope::write_file_atomic(path, std::string_view(bytes.constData(), bytes.size())); },
                  s.path);
        return true;
    }
    auto request = toRequest(s);
    // A document planned on device profiles exports the split made on them (nothing can schedule
    // it again) and a trace of estimated times (nothing runs it).
    if (const auto recorded = m_session->recordedSchedule(); recorded && request) {
        const planscope::export_kind kind = request->kind;
        if (kind == planscope::export_kind::trace && recorded->origin == planscope::recorded_origin::capture) {
            fail(tr("A capture's execution trace would run the graph, and a capture holds no tensor data: export its "
                    "plan or split diagram."));
            return false;
        }
        if (kind == planscope::export_kind::trace) {
            // Estimated from the profiles' throughput (export/estimated_timings.h): nothing runs.
            auto doc = std::make_shared<const planscope::graph_document>(planscope::copy_document(m_session->document()));
            const std::string name = m_session->displayName().toStdString();
            const QString hint = tr("a host CPU profile with compute_tflops (Devices dock: Add > Load Profile…) gives the CPU's peak");
            runWorker(
                [doc, recorded, path, name, hint = hint.toStdString()]() -> planscope::status {
                    auto bytes = planscope::estimated_trace_json(*doc, recorded->outcome, recorded->profiles);
                    if (!bytes) {
                        std::string message = name + ": " + bytes.err().message;
                        if (message.find("CPU: no compute_tflops") != std::string::npos) message += "; " + hint;
                        return planscope::error{message};
                    }
                    return planscope::write_file_atomic(path, *bytes);
                },
                s.path);
            return true;
        }
        if (kind == planscope::export_kind::plan || kind == planscope::export_kind::splits) {
            auto doc = std::make_shared<const planscope::graph_document>(planscope::copy_document(m_session->document()));
            const std::string name = m_session->displayName().toStdString();
            runWorker(
                [doc, recorded, request = *request, path, name]() -> planscope::status {
                    auto bytes = planscope::produce_scheduled_export(*doc, recorded->outcome, request,
                                                                     planscope::ggml_version::v2026);
                    if (!bytes) return planscope::error{name + ": " + bytes.err().message};
                    return planscope::write_file_atomic(path, *bytes);
                },
                s.path);
            return true;
        }
    }
    // The plan, the splits and the trace's run as the document's era makes them.
    if (request) {
        request->plan.version = m_session->era().version();
        request->plan.max_buffer_size = m_session->maxBufferSize();
        if (request->schedule) {
            request->schedule->version = m_session->era().version();
            request->schedule->max_buffer_size = m_session->maxBufferSize();
        }
    }
    auto source = std::make_shared<const planscope::opened_source>(
        planscope::copy_source(m_session->document(), m_session->preallocated()));
    const std::string name = m_session->displayName().toStdString();
    runWorker(
        [request = *request, source, path, name]() -> planscope::status {
            auto bytes = planscope::produce_export(planscope::copy_source(source->doc, source->preallocate), request,
                                                   [source]() -> planscope::result<planscope::opened_source> {
                                                       return planscope::copy_source(source->doc, source->preallocate);
                                                   });
            if (!bytes) return planscope::error{name + ": " + bytes.err().message};
            return planscope::write_file_atomic(path, *bytes);
        },
        s.path);
    return true;
}

void ExportController::runWorker(std::function<planscope::status()> job, const QString& path) {
    setBusy(true);
    QThread* worker = QThread::create([this, job = std::move(job), path] {
        const planscope::status s = planscope::guarded(job);
        const QString message = s ? QString() : errorText(s.err());
        QMetaObject::invokeMethod(
            this,
            [this, message, path] {
                setBusy(false);
                if (message.isEmpty()) {
                    m_lastError.clear();
                    emit exported(path);
                } else {
                    fail(message);
                }
            },
            Qt::QueuedConnection);
    });
    worker->setStackSize(planscope::planner_stack_bytes); // `best` may run here
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void ExportController::fail(const QString& message) {
    m_lastError = message;
    emit failed(message);
}

void ExportController::setBusy(bool busy) {
    if (busy == m_busy) return;
    m_busy = busy;
    emit busyChanged(busy);
}

} // namespace planscope::ui
