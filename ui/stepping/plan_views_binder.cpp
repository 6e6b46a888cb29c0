#include "plan_views_binder.h"

#include "buffers/buffer_view.h"
#include "session/graph_session.h"
#include "session/plan_trace.h"
#include "timeline/memory_timeline.h"

namespace planscope::ui {

PlanViewsBinder::PlanViewsBinder(GraphSession* session, BufferView* buffers, MemoryTimeline* timeline,
                                 QObject* parent)
    : QObject(parent), m_session(session), m_buffers(buffers), m_timeline(timeline) {
    connect(m_buffers, &BufferView::tensorClicked, m_session, &GraphSession::setSelection);
    connect(m_timeline, &MemoryTimeline::stepClicked, m_session, &GraphSession::setStep);
    connect(m_timeline, &MemoryTimeline::tensorClicked, this, [this](planscope::tensor_id tensor) {
        // The click moved the step first, and the Inspector turned to that step's tensor; the
        // session is silent on an unchanged selection, so a tensor selected already is said again.
        if (tensor == m_session->selection()) m_session->setSelection({});
        m_session->setSelection(tensor);
    });
    m_session->addObserver(this);
}

PlanViewsBinder::~PlanViewsBinder() { m_session->removeObserver(this); }

void PlanViewsBinder::onGraphLoaded(const planscope::graph_document&) {
    // The views refer to the previous trace's document, which is gone.
    m_buffers->clear();
    m_timeline->clear();
}

void PlanViewsBinder::onSelectionChanged(planscope::tensor_id tensor) { m_buffers->setSelectedTensor(tensor); }

void PlanViewsBinder::onPlanReady(const PlanTrace& trace) {
    m_buffers->setTrace(trace.events(), trace.document());
    m_timeline->setTrace(trace.events(), trace.document());
    onStepChanged(trace.step());
}

void PlanViewsBinder::onStepChanged(std::size_t step) {
    m_buffers->setStep(step);
    m_timeline->setStep(step);
}

} // namespace planscope::ui
