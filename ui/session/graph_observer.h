#pragma once
// What every panel implements to follow the session (after renderdoc's ICaptureViewer).
//
// The session calls observers on the GUI thread, in registration order. An observer reads
// the document through the session it was registered with; the engine never sees the UI.
#include "core/document.h"

#include <cstddef>

namespace planscope::ui {

class PlanTrace;

class IGraphObserver {
public:
    // A new document replaced the previous one; the selection is cleared before this call.
    virtual void onGraphLoaded(const planscope::graph_document& doc) = 0;
    // The selected tensor changed; an invalid id means nothing is selected.
    virtual void onSelectionChanged(planscope::tensor_id tensor) = 0;
    // The document's plan is recorded (session.planTrace()), or the session switched between it
    // and the scheduler's allocation (GraphSession::showScheduledTrace); it starts at step 0. The
    // trace lives until the next onGraphLoaded. A failed plan arrives too, with trace.error() set.
    virtual void onPlanReady(const PlanTrace& trace) { (void)trace; }
    // The current step moved (a step = events applied; trace.state() is the state at it).
    virtual void onStepChanged(std::size_t step) { (void)step; }

protected:
    IGraphObserver() = default;
    IGraphObserver(const IGraphObserver&) = default;
    IGraphObserver& operator=(const IGraphObserver&) = default;
    ~IGraphObserver() = default;
};

} // namespace planscope::ui
