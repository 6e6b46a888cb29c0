#include "graph_session.h"

#include "graph_observer.h"
#include "plan_trace.h"
#include "io/graph_json.h"
#include "source/graph_source.h"
#include "core/guarded.h"
#include "model/format.h"
#include "models/templates.h"

#include <QFileInfo>
#include <QThread>

#include <algorithm>
#include <memory>

namespace planscope::ui {

namespace {
using load_result = planscope::result<planscope::opened_source>;

std::filesystem::path toPath(const QString& path) { return std::filesystem::path(path.toStdU16String()); }
} // namespace

GraphSession::GraphSession(QObject* parent) : QObject(parent) {}

GraphSession::~GraphSession() {
    // Workers are children; each must end before the QObject destructor deletes it.
    for (QThread* worker : findChildren<QThread*>(Qt::FindDirectChildrenOnly)) worker->wait();
}

QString GraphSession::displayName() const {
    if (!m_doc.name.empty()) return toQString(m_doc.name);
    return QFileInfo(m_filePath).completeBaseName();
}

template <class F>
void GraphSession::notify(F&& f) {
    // A copy: an observer may remove itself while being notified.
    const auto observers = m_observers;
    for (IGraphObserver* o : observers) f(*o);
}

void GraphSession::setDocument(planscope::graph_document doc, const QString& filePath,
                               std::vector<planscope::tensor_id> preallocate,
                               std::shared_ptr<const planscope::sched_plan> logged, planscope::ggml_version era,
                               std::shared_ptr<const planscope::llm_reserve_result> llm) {
    setSource(planscope::opened_source{std::move(doc), std::move(preallocate), {}, std::move(logged), era, std::move(llm), {}},
              filePath);
}

void GraphSession::setSource(planscope::opened_source source, const QString& filePath) {
    const bool another = source.doc.name != m_doc.name || filePath != m_filePath;
    const planscope::ggml_version era = source.era;
    dropLlamaReserve(); // it was the previous document's
    m_doc = std::move(source.doc);
    m_filePath = filePath;
    m_summary = summarizeGraph(m_doc);
    m_selection = {};
    m_preallocate = std::move(source.preallocate);
    m_logged = std::move(source.logged_schedule);
    m_llm = std::move(source.llm_reserve);
    m_recorded = std::move(source.recorded);
    if (another && &planscope::era_for(era) != m_era) {
        m_era = &planscope::era_for(era);
        emit eraChanged();
    }
    if (another && m_maxBufferSize != SIZE_MAX) {
        m_maxBufferSize = SIZE_MAX;
        emit maxBufferSizeChanged();
    }
    m_trace.reset();
    m_planStale = false;
    const bool wasScheduled = showsScheduledTrace();
    m_scheduled.reset();
    m_showScheduled = false;
    notify([this](IGraphObserver& o) { o.onGraphLoaded(m_doc); });
    if (wasScheduled) emit traceSwitched(false);
    startPlan();
}

void GraphSession::setEra(planscope::ggml_version version) {
    const planscope::era* chosen = &planscope::era_for(version);
    if (chosen == m_era) return;
    m_era = chosen;
    emit eraChanged();
    if (m_eraRebuild && m_eraRebuild(version)) {
        m_planStale = true; // planned when the rebuilt document arrives, or if it fails
        return;
    }
    startPlan();
}

void GraphSession::setMaxBufferSize(std::size_t bytes) {
    if (bytes == 0 || bytes == m_maxBufferSize) return;
    m_maxBufferSize = bytes;
    emit maxBufferSizeChanged();
    // An era without a maximum (2023) would plan the same.
    if (m_era->has_buffer_maximum()) startPlan();
}

void GraphSession::startPlan() {
    // A plan whose document was replaced meanwhile is dropped.
    const quint64 generation = ++m_lastPlanGeneration;
    m_planGeneration = generation;
    emit planStarted();
    // The worker plans its own copy; the session's document stays unplanned, as loaded.
    auto input = std::make_shared<planscope::graph_document>(planscope::copy_document(m_doc));
    QThread* worker = QThread::create([this, input, preallocate = m_preallocate, era = m_era,
                                       maxSize = m_maxBufferSize, generation] {
        // Shared only to cross threads in a copyable functor; the session takes it over.
        // Progress reaches the GUI thread queued, ahead of the result; a replaced plan's is dropped.
        const auto progress = [this, generation](int percent) {
            QMetaObject::invokeMethod(
                this, [this, generation, percent] { if (generation == m_planGeneration) emit planProgress(percent); },
                Qt::QueuedConnection);
        };
        auto trace = std::make_shared<std::unique_ptr<PlanTrace>>(PlanTrace::build(*input, preallocate, 32, progress, *era, maxSize));
        QMetaObject::invokeMethod(
            this,
            [this, trace, generation] {
                if (generation != m_planGeneration) return; // the document changed meanwhile
                m_planGeneration = 0;
                m_trace = std::move(*trace);
                // Kept for later while the scheduled trace is shown.
                if (!showsScheduledTrace()) notify([this](IGraphObserver& o) { o.onPlanReady(*m_trace); });
                emit planFinished();
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

std::size_t GraphSession::step() const { return planTrace() ? planTrace()->step() : 0; }

void GraphSession::setStep(std::size_t step) {
    PlanTrace* trace = showsScheduledTrace() ? m_scheduled.get() : m_trace.get();
    if (!trace) return;
    const std::size_t before = trace->step();
    const std::size_t reached = trace->seek(step);
    if (reached == before) return;
    notify([reached](IGraphObserver& o) { o.onStepChanged(reached); });
}

void GraphSession::setScheduledTrace(std::unique_ptr<PlanTrace> trace) {
    // Panels hold on to the shown trace's events until told of another one: never none.
    if (!trace) return;
    m_scheduled = std::move(trace);
    m_showScheduled = true;
    showTrace(m_scheduled.get());
    emit traceSwitched(true);
}

void GraphSession::showScheduledTrace(bool show) {
    if (!m_scheduled || show == m_showScheduled) return;
    m_showScheduled = show;
    showTrace(show ? m_scheduled.get() : m_trace.get());
    emit traceSwitched(show);
}

void GraphSession::showTrace(PlanTrace* trace) {
    // Without a trace (the plan still running) its arrival notifies the observers.
    if (!trace) return;
    trace->seek(0);
    notify([trace](IGraphObserver& o) { o.onPlanReady(*trace); });
}

bool GraphSession::openTemplate(const QString& name) {
    auto made = planscope::build_template(name.toStdString());
    if (!made) {
        emit loadFailed(name, errorText(made.err()));
        return false;
    }
    setDocument(std::move(made->doc), {}, std::move(made->inputs));
    emit loadFinished(name);
    return true;
}

void GraphSession::openFile(const QString& path) {
    const std::string source = path.toStdString();
    const planscope::ggml_version era = path == m_filePath ? m_era->version() : planscope::default_era(source);
    openWith(path, path, [source, era] { return planscope::open_source(source, {}, era); });
}

void GraphSession::openWith(const QString& path, const QString& filePath, SourceLoader load) {
    const quint64 generation = ++m_lastGeneration;
    m_pendingGeneration = generation;
    emit loadStarted(path);

    QThread* worker = QThread::create([this, path, filePath, load = std::move(load), generation] {
        auto loaded = std::make_shared<load_result>(planscope::guarded(load));
        // Queued to the GUI thread; dropped with the session if it is gone by then.
        QMetaObject::invokeMethod(
            this,
            [this, path, filePath, generation, loaded] {
                if (generation != m_lastGeneration) return; // a newer open superseded this one
                m_pendingGeneration = 0;
                if (!*loaded) {
                    if (m_planStale) { // the era's rebuild failed: its document is planned as it is
                        m_planStale = false;
                        startPlan();
                    }
                    emit loadFailed(path, errorText(loaded->err()));
                    return;
                }
                const std::vector<std::string> warnings = loaded->value().warnings;
                setSource(std::move(loaded->value()), filePath);
                emit loadFinished(path);
                if (!warnings.empty()) {
                    QStringList lines;
                    for (const std::string& w : warnings) lines << toQString(w);
                    emit loadWarnings(path, lines);
                }
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

bool GraphSession::saveAs(const QString& path) {
    if (auto s = planscope::save_graph_json_file(m_doc, toPath(path)); !s) {
        emit saveFailed(path, errorText(s.err()));
        return false;
    }
    m_filePath = path;
    emit saved(path);
    return true;
}

void GraphSession::setSelection(planscope::tensor_id tensor) {
    if (!m_doc.ctx.contains(tensor)) tensor = {};
    if (tensor == m_selection) return;
    m_selection = tensor;
    notify([tensor](IGraphObserver& o) { o.onSelectionChanged(tensor); });
}

void GraphSession::addObserver(IGraphObserver* observer) {
    if (std::find(m_observers.begin(), m_observers.end(), observer) == m_observers.end())
        m_observers.push_back(observer);
}

void GraphSession::removeObserver(IGraphObserver* observer) {
    std::erase(m_observers, observer);
}

} // namespace planscope::ui
