#pragma once
// The compute buffers of a plan trace, with the size llama.cpp prints for them: one "compute"
// buffer for the document's own plan ("compute buffer total size = 73.69 MiB", its graph metadata
// included), one per backend after Schedule ("CPU compute buffer size = 70.50 MiB").
#include "alloc/alloc_events.h"
#include "core/document.h"
#include "source/llama_sweep.h"

#include <QString>

#include <optional>
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
    // The single plan of a llama prompt graph (is_llama_prompt_graph): llamaLine is the prompt
    // graph's, not what llama.cpp reserved (it sized the buffer with its worst-case graph).
    bool promptGraph = false;
};

// What llama.cpp reserved for a prompt graph (GraphSession::llamaReserve and its error).
struct ReservedLine {
    enum class State { Pending, Known, Failed };
    State state = State::Pending;
    QString text; // Known: "compute buffer total size = 3.33 MiB"; Failed: why
};
ReservedLine reservedLine(const std::optional<planscope::llama_reserve>& reserve, const QString& error);

// `perBackend`: the scheduler's trace (llama.cpp's per-backend lines), else the single plan.
std::vector<ComputeBuffer> computeBuffers(const planscope::graph_document& doc,
                                          std::span<const planscope::alloc_event> events, bool perBackend);

} // namespace planscope::ui
