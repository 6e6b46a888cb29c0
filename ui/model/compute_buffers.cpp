#include "compute_buffers.h"

#include "alloc/live_tensors.h"
#include "model/format.h"
#include "models/llama_report.h"

namespace planscope::ui {

std::vector<ComputeBuffer> computeBuffers(const planscope::graph_document& doc,
                                          std::span<const planscope::alloc_event> events, bool perBackend) {
    std::vector<ComputeBuffer> out;
    for (const planscope::recorded_buffer& b : planscope::recorded_buffers(doc, events)) {
        ComputeBuffer c;
        c.id = b.id;
        c.name = toQString(b.name);
        const std::string& backend = b.id.index() < doc.buffers.size() ? doc.buffers[b.id.index()].backend : b.name;
        c.backend = toQString(planscope::backend_kind_name(backend)); // "OpenCL", not its device
        c.size = b.max_size;
        c.peakStep = b.peak_step;
        c.llamaLine = toQString(perBackend ? planscope::llama_backend_compute_line(backend, b.max_size)
                                           : planscope::llama_compute_total_line(b.max_size, b.alignment));
        c.promptGraph = !perBackend && planscope::is_llama_prompt_graph(doc);
        out.push_back(std::move(c));
    }
    return out;
}

ReservedLine reservedLine(const std::optional<planscope::llama_reserve>& reserve, const QString& error) {
    if (reserve) // planned at the session's alignment, plan_options' default
        return {ReservedLine::State::Known,
                toQString(planscope::llama_compute_total_line(reserve->max_size, planscope::plan_options{}.alignment))};
    if (!error.isEmpty()) return {ReservedLine::State::Failed, error};
    return {};
}

} // namespace planscope::ui
