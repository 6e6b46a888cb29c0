#pragma once
// The compute buffers of a plan trace, with the size llama.cpp prints for them: one "compute"
// buffer for the document's own plan ("compute buffer total size = 73.69 MiB", its graph metadata
// included), one per backend after Schedule ("CPU compute buffer size = 70.50 MiB").
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QString>

#include <span>
#include <vector>

namespace planscope::ui {

struct ComputeBuffer {
    planscope::buffer_id id;
    QString name;    // "compute", "CPU compute"
    QString backend; // "CPU"
    std::uint64_t size = 0;    // the measured high-water mark
    std::size_t peakStep = 0;  // the first step that reached it
    QString llamaLine;         // what llama.cpp prints for it
};

// `perBackend`: the scheduler's trace (llama.cpp's per-backend lines), else the single plan.
std::vector<ComputeBuffer> computeBuffers(const planscope::graph_document& doc,
                                          std::span<const planscope::alloc_event> events, bool perBackend);

} // namespace planscope::ui
