#pragma once
// Keeps the plan's picture widgets (the buffer strips and the memory timeline) in step with the
// session: they get the trace when it is ready and every step change; a click on a block selects
// its tensor and a click on the timeline moves the session to that step, then selects the tensor
// whose band it hit.
#include "session/graph_observer.h"

#include <QObject>

namespace planscope::ui {

class BufferView;
class GraphSession;
class MemoryTimeline;

class PlanViewsBinder final : public QObject, public IGraphObserver {
    Q_OBJECT

public:
    // The widgets are not owned and must outlive the binder (make them its parent's children).
    PlanViewsBinder(GraphSession* session, BufferView* buffers, MemoryTimeline* timeline, QObject* parent = nullptr);
    ~PlanViewsBinder() override;

    void onGraphLoaded(const planscope::graph_document& doc) override;
    void onSelectionChanged(planscope::tensor_id tensor) override;
    void onPlanReady(const PlanTrace& trace) override;
    void onStepChanged(std::size_t step) override;

private:
    GraphSession* m_session;
    BufferView* m_buffers;
    MemoryTimeline* m_timeline;
};

} // namespace planscope::ui
