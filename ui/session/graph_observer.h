#pragma once
// What every panel implements to follow the session (after renderdoc's ICaptureViewer).
//
// The session calls observers on the GUI thread, in registration order. An observer reads
// the document through the session it was registered with; the engine never sees the UI.
#include "core/document.h"

namespace planscope::ui {

class IGraphObserver {
public:
    // A new document replaced the previous one; the selection is cleared before this call.
    virtual void onGraphLoaded(const planscope::graph_document& doc) = 0;
    // The selected tensor changed; an invalid id means nothing is selected.
    virtual void onSelectionChanged(planscope::tensor_id tensor) = 0;

protected:
    IGraphObserver() = default;
    IGraphObserver(const IGraphObserver&) = default;
    IGraphObserver& operator=(const IGraphObserver&) = default;
    ~IGraphObserver() = default;
};

} // namespace planscope::ui
