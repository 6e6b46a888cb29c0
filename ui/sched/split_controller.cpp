#include "split_controller.h"

#include "backend/rpc/rpc_endpoint.h"
#include "core/guarded.h"
#include "model/format.h"
#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "settings/app_settings.h"

#include <QStringList>
#include <QThread>

#include <algorithm>

namespace planscope::ui {

using namespace Qt::StringLiterals;

namespace {

constexpr qreal dimmed = 0.3;

// Forwards the compute's begin events to the GUI thread while the worker runs.
class RunForwarder final : public planscope::sched_observer {
public:
    explicit RunForwarder(std::function<void(int, int)> onBegin) : m_onBegin(std::move(onBegin)) {}
    void on_event(const planscope::sched_event& e) override {
        if (const auto* b = std::get_if<planscope::sched_events::compute_begin>(&e))
            m_onBegin(static_cast<int>(b->split), b->backend);
    }

private:
    std::function<void(int, int)> m_onBegin;
};

QString eraName(const planscope::era& era) { return QString::fromLatin1(planscope::name(era.version())); } // "2026"


} // namespace

SplitController::SplitController(GraphSession* session, GraphCanvas* canvas, QObject* parent)
    : QObject(parent), m_session(session), m_canvas(canvas), m_assignments(new AssignmentModel(this)),
      m_causes(new SplitCauseModel(this)),
      m_replay(new AssignmentReplay(canvas, this)), m_timings(new TimingModel(this)) {
    setBackends(u"cpu"_s);
    connect(m_replay, &AssignmentReplay::step, this, &SplitController::replayStep);
    connect(m_replay, &AssignmentReplay::statusMessage, this, &SplitController::statusMessage);
    connect(m_replay, &AssignmentReplay::activeChanged, this, &SplitController::replayingChanged);
    connect(m_replay, &AssignmentReplay::finished, this, [this] {
        paintFinalColours();
        emit replayFinished();
    });
    connect(m_canvas, &GraphCanvas::layoutFinished, this, &SplitController::onCanvasLayout);
    m_session->addObserver(this);
}

SplitController::~SplitController() {
    m_session->removeObserver(this);
    ++m_generation; // results still queued are dropped
    for (QThread* t : findChildren<QThread*>()) t->wait();
}

QList<BackendChoice> SplitController::backendChoices() {
    QList<BackendChoice> choices{{tr("CPU"), u"cpu"_s}, {tr("CPU + CPU"), u"cpu,cpu"_s}};
    // ggml 2026 takes the last backend for the CPU (graph inputs, pass 2): OpenCL first.
    if (planscope::have_opencl()) choices.append({{tr("CPU + OpenCL"), u"cpu,opencl"_s}, {tr("OpenCL + CPU"), u"opencl,cpu"_s}});
    return choices;
}

QString SplitController::backendListLabel(const QString& list) {
    for (const BackendChoice& c : backendChoices())
        if (c.list == list) return c.label;
    QStringList names;
    for (const QString& item : list.split(u',', Qt::SkipEmptyParts)) {
        const std::string text = item.trimmed().toStdString();
        if (text == "cpu") names << tr("CPU");
        else if (text == "opencl") names << tr("OpenCL");
        else if (!planscope::rpc::is_rpc_item(text)) names << item.trimmed();
        else if (auto where = planscope::rpc::parse_endpoint(text.substr(planscope::rpc::backend_prefix.size())))
            names << u"RPC0["_s + QString::fromStdString(where->text()) + u']'; // device 0, as rpc_backend names it
        else names << item.trimmed();
    }
    return names.join(u" + "_s);
}

QString SplitController::listWithServer(const QString& list, const QString& endpoint, bool cpuLast) {
    QStringList items = list.split(u',', Qt::SkipEmptyParts);
    const bool hasServer = std::any_of(items.begin(), items.end(), [](const QString& i) { return i.startsWith(u"rpc:"_s); });
    if (!hasServer) items = QStringList{u"cpu"_s};
    const QString server = u"rpc:"_s + endpoint;
    if (cpuLast && !items.isEmpty() && items.last() == u"cpu"_s) items.insert(items.size() - 1, server);
    else items.append(server);
    return items.join(u',');
}

void SplitController::setBackends(const QString& list) {
    const AppSettings settings = AppSettings::load();
    m_request.list = list.toStdString();
    m_request.options.n_threads = settings.cpuThreads;
    m_request.options.device = settings.openclDevice.toStdString();
}

QString SplitController::outputsText() const {
    if (!m_run) return {};
    QString text = QString::fromStdString(planscope::format_outputs(m_run->outputs));
    if (!m_run->topTokens.empty())
        text += tr("Top next tokens (id, logit, piece):") + u'\n' + QString::fromStdString(m_run->topTokens);
    return text;
}

void SplitController::onGraphLoaded(const planscope::graph_document&) {
    // A schedule of the previous document no longer applies; a running job's result is dropped.
    ++m_generation;
    setBusy(false);
    m_replay->stop();
    m_runningSplit = -1;
    m_schedule.reset();
    m_run.reset();
    m_assignments->setSchedule(nullptr);
    m_causes->setSchedule(nullptr);
    m_timings->clear();
    emit statusMessage(QString()); // the last schedule's or run's note spoke of that document
    emit documentChanged();
    // A GGML_SCHED_DEBUG log or a model opened on devices brings its own schedule: shown once the
    // canvas has the document.
    if (m_session->loggedSchedule() || m_session->recordedSchedule()) {
        const quint64 generation = m_generation;
        QMetaObject::invokeMethod(
            this,
            [this, generation] {
                if (generation == m_generation) showBroughtSchedule(); // else another document came first
            },
            Qt::QueuedConnection);
    }
}

void SplitController::showBroughtSchedule() {
    if (const auto& logged = m_session->loggedSchedule()) {
        m_schedule = std::make_shared<const SplitSchedule>(loggedSchedule(m_session->document(), *logged));
        emit statusMessage(tr("GGML_SCHED_DEBUG log: %n split(s), %1 assignments", nullptr,
                              static_cast<int>(m_schedule->plan.splits.size()))
                               .arg(m_schedule->plan.assignments.size()));
    } else if (const auto& recorded = m_session->recordedSchedule()) {
        m_schedule = std::make_shared<const SplitSchedule>(recordedSchedule(*recorded));
        const int splits = static_cast<int>(m_schedule->plan.splits.size());
        if (m_schedule->captured)
            emit statusMessage(tr("Captured on %1: %n split(s), as the program's ggml split the graph", nullptr, splits)
                                   .arg(devicesLabel(*m_schedule)));
        else
            emit statusMessage(tr("Planned on %1: %n split(s), %2 assignments (device profiles: nothing runs)", nullptr, splits)
                                   .arg(devicesLabel(*m_schedule))
                                   .arg(m_schedule->plan.assignments.size()));
    } else {
        return;
    }
    m_scheduledList.clear(); // made on no backend list: a run never draws over it
    m_lastError.clear();
    m_assignments->setSchedule(m_schedule);
    m_causes->setSchedule(m_schedule);
    emit scheduled();
    replay();
}

template <class Job, class Done>
void SplitController::startWorker(Job job, Done done) {
    const quint64 generation = ++m_generation;
    setBusy(true);
    QThread* worker = QThread::create([this, generation, job = std::move(job), done = std::move(done)]() mutable {
        auto result = std::make_shared<decltype(job())>(planscope::guarded(job));
        QMetaObject::invokeMethod(
            this,
            [this, generation, result, done = std::move(done)]() mutable {
                if (generation != m_generation) return; // cancelled or superseded
                setBusy(false);
                done(std::move(*result));
            },
            Qt::QueuedConnection);
    });
    worker->setParent(this);
    connect(worker, &QThread::finished, worker, &QObject::deleteLater);
    worker->start();
}

void SplitController::scheduleDocument() {
    if (m_busy) return;
    skipReplay(); // a failure leaves the previous schedule's end on the canvas
    // Its devices are profiles: the schedule made when it opened is the only one there is.
    if (m_session->recordedSchedule()) return showBroughtSchedule();
    auto doc = std::make_shared<planscope::graph_document>(planscope::copy_document(m_session->document()));
    const std::vector<planscope::tensor_id> pre = m_session->preallocated();
    BackendRequest request = m_request;
    request.era = &m_session->era();
    request.maxBufferSize = m_session->maxBufferSize();
    emit statusMessage(tr("Scheduling on %1 as ggml %2…").arg(QString::fromStdString(request.list), eraName(*request.era)));
    startWorker([doc, pre, request] { return planscope::ui::scheduleDocument(*doc, pre, request); },
                [this, list = request.list, era = request.era](planscope::result<SplitSchedule> r) {
                    if (!r) return fail(errorText(r.err()));
                    m_lastError.clear();
                    m_scheduledList = list;
                    m_scheduledEra = era;
                    m_schedule = std::make_shared<const SplitSchedule>(std::move(*r));
                    m_assignments->setSchedule(m_schedule);
                    m_causes->setSchedule(m_schedule);
                    m_run.reset();
                    m_timings->clear();
                    emit statusMessage(tr("%n split(s), %1 assignments", nullptr, static_cast<int>(m_schedule->plan.splits.size()))
                                           .arg(m_schedule->plan.assignments.size()));
                    emit scheduled();
                    replay();
                });
}

void SplitController::onCanvasLayout() {
    // A split graph laid out outside a replay (a skipped one) shows the final decisions.
    if (!m_schedule || m_replay->isActive() || !m_canvas->showsAlternateGraph()) return;
    paintFinalColours();
}

void SplitController::replay() {
    if (!m_schedule) return;
    clearRunHighlight();
    m_replay->start(m_schedule);
}

void SplitController::skipReplay() {
    if (!m_replay->isActive()) return;
    m_replay->stop();
    if (m_canvas->showsAlternateGraph() && !m_canvas->isLayoutRunning()) paintFinalColours();
    else if (!m_canvas->showsAlternateGraph()) m_canvas->showAlternateGraph(m_schedule->splitDoc, splitDotStyle(*m_schedule));
    // else: the split graph's layout is running; onCanvasLayout paints it.
}

void SplitController::paintFinalColours() {
    const planscope::sched_plan& plan = m_schedule->plan;
    for (std::size_t i = 0; i < plan.backend_of.size(); ++i) {
        TensorNodeItem* item = m_canvas->itemOf(planscope::tensor_id{i});
        if (!item) continue;
        const int b = plan.backend_of[i];
        item->setFill(backendColor(m_schedule->backendNames, b));
        const QString name = b >= 0 ? QString::fromStdString(m_schedule->backendNames[static_cast<std::size_t>(b)]) : tr("none");
        item->setToolTip(item->toolTip().section(u'\n', 0, 2) + u'\n' +
                         tr("backend %1 (%2)").arg(name, QString::fromStdString(plan.cause_of[i])));
    }
}

void SplitController::run() {
    if (m_busy || m_session->loggedSchedule()) return; // a log has no data to compute (SplitPanel says why)
    if (const auto& recorded = m_session->recordedSchedule()) {
        if (recorded->origin == planscope::recorded_origin::capture)
            return fail(tr("This document is a capture of another program's graph: it holds no tensor data, so Run "
                           "cannot compute it."));
        const QString devices = m_schedule ? devicesLabel(*m_schedule) : QString();
        return fail(tr("This document is planned on device profiles (%1), which have no kernels: Run computes only on "
                       "this machine's backends. Plan it on This Machine in the Devices dock to run it.")
                        .arg(devices));
    }
    skipReplay(); // the running split is dimmed on the split graph
    auto doc = std::make_shared<planscope::graph_document>(planscope::copy_document(m_session->document()));
    const std::vector<planscope::tensor_id> pre = m_session->preallocated();
    BackendRequest request = m_request;
    std::optional<LlamaPrompt> prompt = m_promptSource ? m_promptSource() : std::nullopt;
    // A llama prompt runs as llama.cpp of 2023 did (run_llama_prompt_sched); any other document
    // with its era's scheduler.
    request.era = prompt ? &planscope::era_for(planscope::ggml_version::v2023) : &m_session->era();
    request.maxBufferSize = m_session->maxBufferSize();
    emit statusMessage(tr("Running on %1 as ggml %2…").arg(QString::fromStdString(request.list), eraName(*request.era)));
    const quint64 generation = m_generation + 1; // startWorker's
    // The canvas shows splits only when it shows this backend list's schedule, made by the
    // scheduler this run uses.
    const bool onCanvas = m_schedule && m_scheduledList == request.list && m_scheduledEra == request.era;
    auto forward = [this, generation, onCanvas](int split, int backend) {
        QMetaObject::invokeMethod(
            this,
            [this, generation, onCanvas, split, backend] {
                if (generation == m_generation) setRunning(split, backend, onCanvas);
            },
            Qt::QueuedConnection);
    };
    startWorker(
        [doc, pre, request, forward, prompt = std::move(prompt)] {
            RunForwarder forwarder(forward);
            return prompt ? runLlamaPrompt(*prompt, request, &forwarder) : runDocument(*doc, pre, request, &forwarder);
        },
        [this](planscope::result<RunOutcome> r) {
            clearRunHighlight();
            if (!r) return fail(errorText(r.err()));
            m_lastError.clear();
            m_run = std::make_unique<RunOutcome>(std::move(*r));
            m_timings->setOutcome(*m_run);
            showRunTimes();
            emit statusMessage(tr("Run finished: %n split(s)", nullptr, static_cast<int>(m_run->timings.size())));
            emit runFinished();
        });
}

std::vector<double> SplitController::scheduledComputeTimes() const {
    if (!m_run || !m_schedule || m_run->timings.size() != m_schedule->plan.splits.size()) return {};
    std::vector<double> us;
    for (const planscope::sched_split_timing& t : m_run->timings) us.push_back(static_cast<double>(t.compute_us));
    return us;
}

void SplitController::showRunTimes() {
    const std::vector<double> us = scheduledComputeTimes();
    if (us.empty() || !m_canvas->showsAlternateGraph()) return;
    const auto& splitOf = m_schedule->splitOf;
    std::vector<std::size_t> nodes(us.size(), 0);
    for (int s : splitOf)
        if (s >= 0 && static_cast<std::size_t>(s) < nodes.size()) ++nodes[static_cast<std::size_t>(s)];
    std::vector<double> byTensor(splitOf.size(), 0.0);
    for (std::size_t i = 0; i < splitOf.size(); ++i)
        if (const int s = splitOf[i]; s >= 0 && static_cast<std::size_t>(s) < us.size())
            byTensor[i] = us[static_cast<std::size_t>(s)] / static_cast<double>(nodes[static_cast<std::size_t>(s)]);
    m_canvas->setNodeTimes(std::move(byTensor));
}

void SplitController::setRunning(int split, int backend, bool onCanvas) {
    m_runningSplit = split;
    emit runningSplitChanged(split, backend);
    // Only the schedule on the canvas knows which tensors form the split.
    if (!onCanvas || !m_schedule || !m_canvas->showsAlternateGraph()) return;
    const auto& splitOf = m_schedule->splitOf;
    for (std::size_t i = 0; i < splitOf.size(); ++i)
        if (TensorNodeItem* item = m_canvas->itemOf(planscope::tensor_id{i}))
            item->setOpacity(splitOf[i] == split || splitOf[i] < 0 ? 1.0 : dimmed);
}

void SplitController::clearRunHighlight() {
    m_runningSplit = -1;
    if (!m_schedule || !m_canvas->showsAlternateGraph()) return;
    for (std::size_t i = 0; i < m_schedule->splitOf.size(); ++i)
        if (TensorNodeItem* item = m_canvas->itemOf(planscope::tensor_id{i})) item->setOpacity(1.0);
}

void SplitController::cancel() {
    if (m_replay->isActive()) {
        skipReplay();
        emit statusMessage(tr("Replay stopped: showing the final assignment"));
    }
    if (!m_busy) return;
    ++m_generation;
    setBusy(false);
    clearRunHighlight();
    emit statusMessage(tr("Cancelled"));
}

void SplitController::setBusy(bool busy) {
    if (m_busy == busy) return;
    m_busy = busy;
    emit busyChanged(busy);
}

void SplitController::fail(const QString& message) {
    m_lastError = message;
    emit statusMessage(tr("Failed: %1").arg(message));
    emit failed(message);
}

} // namespace planscope::ui
