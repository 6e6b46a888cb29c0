#include "assignment_replay.h"

#include "canvas/graph_canvas.h"
#include "canvas/tensor_node_item.h"

#include <algorithm>

namespace planscope::ui {

namespace {
QString backendName(const SplitSchedule& s, int backend) {
    return backend >= 0 && static_cast<std::size_t>(backend) < s.backendNames.size()
               ? QString::fromStdString(s.backendNames[static_cast<std::size_t>(backend)])
               : AssignmentReplay::tr("none");
}
} // namespace

AssignmentReplay::AssignmentReplay(GraphCanvas* canvas, QObject* parent) : QObject(parent), m_canvas(canvas) {
    m_timer.setInterval(40);
    connect(&m_timer, &QTimer::timeout, this, &AssignmentReplay::next);
    connect(canvas, &GraphCanvas::layoutFinished, this, &AssignmentReplay::onLayoutFinished);
    connect(canvas, &GraphCanvas::layoutCancelled, this, &AssignmentReplay::onLayoutCancelled);
}

int AssignmentReplay::splitRow(const planscope::sched_plan& plan) {
    const auto& list = plan.assignments;
    const auto first = std::find_if(list.begin(), list.end(), [](const planscope::sched_assignment& a) {
        return planscope::is_copy_pass(a.pass);
    });
    return static_cast<int>(first - list.begin());
}

QString AssignmentReplay::passTitle(planscope::sched_pass pass) {
    switch (pass) {
    case planscope::sched_pass::user: return tr("User assignment");
    case planscope::sched_pass::buffers: return tr("Pass 1: buffers");
    case planscope::sched_pass::sources: return tr("Pass 2: sources");
    case planscope::sched_pass::unsupported: return tr("Unsupported op");
    case planscope::sched_pass::unassigned: return tr("Pass 3: unassigned sources");
    case planscope::sched_pass::copy: return tr("Pass 4: split copies");
    case planscope::sched_pass::expand: return tr("Pass 2: expand to neighbours");
    case planscope::sched_pass::upgrade: return tr("Pass 3: upgrade and best backend");
    case planscope::sched_pass::remaining: return tr("Pass 4: remaining sources");
    case planscope::sched_pass::split_copy: return tr("Pass 5: split copies");
    case planscope::sched_pass::logged: return tr("As the log printed it");
    }
    return {};
}

QString AssignmentReplay::describe(const SplitSchedule& s, int row) {
    const planscope::sched_assignment& a = s.plan.assignments[static_cast<std::size_t>(row)];
    const planscope::context& ctx = s.splitDoc->ctx;
    const QString name = ctx.contains(a.tensor) ? QString::fromStdString(ctx[a.tensor].name) : QString();
    return tr("%1 — %2 → %3 (%4)").arg(passTitle(a.pass), name, backendName(s, a.backend), QString::fromStdString(a.cause));
}

void AssignmentReplay::start(std::shared_ptr<const SplitSchedule> schedule) {
    stop();
    if (!schedule || !m_canvas) return;
    m_schedule = std::move(schedule);
    m_row = 0;
    m_splitRow = splitRow(m_schedule->plan);
    const bool originalReady = !m_canvas->showsAlternateGraph() && !m_canvas->isLayoutRunning() && m_canvas->itemCount() > 0;
    if (originalReady) return beginPhase(Phase::Original);
    setPhase(Phase::WaitOriginal);
    m_canvas->setCaption(tr("Laying out the graph for the replay…"));
    // A running layout of the session's graph is awaited; anything else is replaced by it.
    if (m_canvas->showsAlternateGraph() || !m_canvas->isLayoutRunning()) m_canvas->showSessionGraph();
}

void AssignmentReplay::stop() {
    m_timer.stop();
    if (m_phase == Phase::Idle) return;
    if (m_canvas) m_canvas->setCaption({});
    setPhase(Phase::Idle);
}

void AssignmentReplay::setPhase(Phase phase) {
    const bool wasActive = isActive();
    m_phase = phase;
    if (wasActive != isActive()) emit activeChanged(isActive());
}

void AssignmentReplay::onLayoutFinished() {
    // Only the layout this replay asked for (or awaited) continues it.
    if (m_phase == Phase::WaitOriginal && !m_canvas->showsAlternateGraph()) beginPhase(Phase::Original);
    else if (m_phase == Phase::WaitSplit && m_canvas->showsAlternateGraph()) beginPhase(Phase::Split);
}

void AssignmentReplay::onLayoutCancelled() {
    if (m_phase != Phase::WaitOriginal && m_phase != Phase::WaitSplit) return;
    stop();
    emit statusMessage(tr("Replay stopped: the layout was cancelled"));
}

void AssignmentReplay::beginPhase(Phase phase) {
    setPhase(phase);
    // The new items start with what the decisions so far gave them.
    paintUpTo(m_row);
    m_timer.start();
}

void AssignmentReplay::next() {
    if (!m_canvas) return stop();
    const int rows = static_cast<int>(m_schedule->plan.assignments.size());
    if (m_phase == Phase::Original && m_row >= m_splitRow) {
        m_timer.stop();
        setPhase(Phase::WaitSplit);
        const QString text = tr("Pass 4: laying out %n split(s)…", nullptr, static_cast<int>(m_schedule->plan.splits.size()));
        m_canvas->setCaption(text);
        emit statusMessage(text);
        m_canvas->showAlternateGraph(m_schedule->splitDoc, splitDotStyle(*m_schedule));
        return;
    }
    if (m_row >= rows) {
        stop();
        emit statusMessage(tr("Replayed %n assignment(s)", nullptr, rows));
        emit finished();
        return;
    }
    if (TensorNodeItem* item = mark(m_row)) m_canvas->ensureVisible(item, 40, 40);
    const QString text = describe(*m_schedule, m_row);
    m_canvas->setCaption(text);
    emit statusMessage(text);
    emit step(m_row);
    ++m_row;
}

void AssignmentReplay::paintUpTo(int row) {
    const std::size_t tensors = m_schedule->splitDoc->ctx.size();
    for (std::size_t i = 0; i < tensors; ++i) {
        if (TensorNodeItem* item = m_canvas->itemOf(planscope::tensor_id{i})) {
            item->setFill(backendColor(m_schedule->backendNames, -1));
            item->setToolTip(item->toolTip().section(u'\n', 0, 2));
        }
    }
    for (int r = 0; r < row; ++r) mark(r);
}

TensorNodeItem* AssignmentReplay::mark(int row) {
    const planscope::sched_assignment& a = m_schedule->plan.assignments[static_cast<std::size_t>(row)];
    TensorNodeItem* item = m_canvas->itemOf(a.tensor);
    if (!item) return nullptr;
    item->setFill(backendColor(m_schedule->backendNames, a.backend));
    item->setToolTip(item->toolTip().section(u'\n', 0, 2) + u'\n' +
                     tr("backend %1 · %2 (%3)")
                         .arg(backendName(*m_schedule, a.backend), passTitle(a.pass), QString::fromStdString(a.cause)));
    return item;
}

} // namespace planscope::ui
