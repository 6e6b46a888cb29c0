#include "step_controller.h"

#include "session/graph_session.h"
#include "session/plan_trace.h"

#include <QTimer>

#include <algorithm>

namespace planscope::ui {

namespace {
BreakContext contextOf(const PlanTrace& trace) { return {trace.eventSplits()}; }
} // namespace

StepController::StepController(GraphSession* session, QObject* parent)
    : QObject(parent), m_session(session), m_timer(new QTimer(this)) {
    m_timer->setInterval(1000 / m_speed);
    connect(m_timer, &QTimer::timeout, this, &StepController::tick);
    m_session->addObserver(this);
}

StepController::~StepController() { m_session->removeObserver(this); }

bool StepController::isPlaying() const { return m_timer->isActive(); }

bool StepController::hasTensorBreakpoint(planscope::tensor_id tensor) const {
    return m_breakpoints.tensors.contains(tensor);
}

bool StepController::hasKindBreakpoint(const QString& key) const { return m_breakpoints.kinds.contains(key); }

void StepController::onGraphLoaded(const planscope::graph_document&) {
    pause();
    // Tensor ids belong to the old document.
    if (!m_breakpoints.tensors.empty()) {
        m_breakpoints.tensors.clear();
        emit breakpointsChanged();
    }
}

void StepController::onPlanReady(const PlanTrace&) { pause(); }

void StepController::play() {
    const PlanTrace* trace = m_session->planTrace();
    if (!trace || trace->stepCount() == 0 || isPlaying()) return;
    if (trace->step() == trace->stepCount()) m_session->setStep(0);
    m_timer->start();
    emit playingChanged(true);
}

void StepController::pause() {
    if (!isPlaying()) return;
    m_timer->stop();
    emit playingChanged(false);
}

void StepController::setPlaying(bool playing) { playing ? play() : pause(); }

void StepController::tick() {
    if (!stepForward()) {
        pause();
        return;
    }
    const PlanTrace* trace = m_session->planTrace();
    if (trace->step() > 0 && hitsBreakpointAt(trace->events(), trace->step() - 1, m_breakpoints, contextOf(*trace))) {
        pause();
        emit breakpointHit(trace->step());
    } else if (trace->step() == trace->stepCount()) {
        pause();
    }
}

bool StepController::stepForward() {
    const std::size_t before = m_session->step();
    m_session->setStep(before + 1);
    return m_session->step() != before;
}

bool StepController::stepBack() {
    const std::size_t before = m_session->step();
    if (before == 0) return false;
    m_session->setStep(before - 1);
    return true;
}

void StepController::runToEnd() {
    const PlanTrace* trace = m_session->planTrace();
    if (!trace) return;
    pause();
    const auto hit = nextBreakStep(trace->events(), trace->step(), m_breakpoints, contextOf(*trace));
    m_session->setStep(hit.value_or(trace->stepCount()));
    if (hit) emit breakpointHit(*hit);
}

void StepController::runToStart() {
    const PlanTrace* trace = m_session->planTrace();
    if (!trace) return;
    pause();
    const auto hit = previousBreakStep(trace->events(), trace->step(), m_breakpoints, contextOf(*trace));
    m_session->setStep(hit.value_or(0));
    if (hit) emit breakpointHit(*hit);
}

void StepController::jumpTo(int step) { m_session->setStep(static_cast<std::size_t>(std::max(step, 0))); }

void StepController::jumpToLast() {
    if (const PlanTrace* trace = m_session->planTrace()) m_session->setStep(trace->stepCount());
}

void StepController::setSpeed(int stepsPerSecond) {
    m_speed = std::clamp(stepsPerSecond, minSpeed, maxSpeed);
    m_timer->setInterval(1000 / m_speed);
}

void StepController::toggleTensorBreakpoint(planscope::tensor_id tensor) {
    if (!tensor.valid()) return;
    if (!m_breakpoints.tensors.erase(tensor)) m_breakpoints.tensors.insert(tensor);
    emit breakpointsChanged();
}

void StepController::setKindBreakpoint(const QString& key, bool on) {
    if (!findEventBreakKind(key) || hasKindBreakpoint(key) == on) return;
    if (on)
        m_breakpoints.kinds.insert(key);
    else
        m_breakpoints.kinds.erase(key);
    emit breakpointsChanged();
}

void StepController::clearBreakpoints() {
    if (m_breakpoints.empty()) return;
    m_breakpoints = {};
    emit breakpointsChanged();
}

} // namespace planscope::ui
