#include "plan_trace.h"

#include "core/guarded.h"
#include "model/format.h"
#include "plan_progress.h"

namespace planscope::ui {

PlanTrace::PlanTrace(planscope::graph_document doc, std::vector<planscope::alloc_event> events)
    : m_doc(std::move(doc)), m_events(std::move(events)), m_replayer(m_events) {}

std::unique_ptr<PlanTrace> PlanTrace::build(const planscope::graph_document& doc,
                                            std::span<const planscope::tensor_id> preallocate, std::size_t alignment,
                                            std::function<void(int)> progress, const planscope::era& era,
                                            std::size_t maxBufferSize) {
    planscope::graph_document planned = planscope::copy_document(doc);
    planscope::alloc_recorder recorder;
    PlanProgress counter(recorder, planned.g.nodes.size(), std::move(progress));
    planscope::plan_options options;
    options.max_buffer_size = maxBufferSize;
    options.alignment = alignment;
    options.preallocate.assign(preallocate.begin(), preallocate.end());
    options.observer = &counter;
    auto plan = planscope::guarded([&] { return era.plan(planned, options); });
    counter.finish();
    // The constructor takes the events by value before the replayer spans them.
    std::unique_ptr<PlanTrace> trace(new PlanTrace(std::move(planned), recorder.events()));
    if (plan)
        trace->m_result = std::move(plan).value();
    else
        trace->m_error = errorText(plan.err());
    return trace;
}

std::unique_ptr<PlanTrace> PlanTrace::fromEvents(planscope::graph_document doc,
                                                 std::vector<planscope::alloc_event> events,
                                                 std::vector<int> eventSplit) {
    std::unique_ptr<PlanTrace> trace(new PlanTrace(std::move(doc), std::move(events)));
    eventSplit.resize(eventSplit.empty() ? 0 : trace->m_events.size(), -1);
    trace->m_eventSplit = std::move(eventSplit);
    return trace;
}

int PlanTrace::splitAt(std::size_t step) const {
    return step == 0 || step > m_eventSplit.size() ? -1 : m_eventSplit[step - 1];
}

const planscope::alloc_event* PlanTrace::currentEvent() const {
    const std::size_t s = step();
    return s == 0 ? nullptr : &m_events[s - 1];
}

std::size_t PlanTrace::seek(std::size_t step) {
    m_replayer.seek(std::min(step, stepCount()));
    return this->step();
}

std::optional<planscope::tensor_id> eventTensor(const planscope::alloc_event& e) {
    namespace ev = planscope::events;
    if (const auto* a = std::get_if<ev::alloc>(&e)) return a->tensor;
    if (const auto* f = std::get_if<ev::free>(&e)) return f->tensor;
    if (const auto* f = std::get_if<ev::failure>(&e)) return f->tensor;
    if (const auto* v = std::get_if<ev::view>(&e)) return v->tensor;
    if (const auto* n = std::get_if<ev::node>(&e)) return n->tensor;
    if (const auto* i = std::get_if<ev::inplace>(&e)) return i->node;
    if (const auto* r = std::get_if<ev::refused>(&e)) return r->node;
    return std::nullopt;
}

std::optional<planscope::buffer_id> eventBuffer(const planscope::alloc_event& e) {
    namespace ev = planscope::events;
    if (const auto* a = std::get_if<ev::attach>(&e)) return a->buffer;
    if (const auto* a = std::get_if<ev::alloc>(&e)) return a->buffer;
    if (const auto* f = std::get_if<ev::free>(&e)) return f->buffer;
    if (const auto* f = std::get_if<ev::failure>(&e)) return f->buffer;
    if (const auto* r = std::get_if<ev::reset>(&e)) return r->buffer;
    if (const auto* v = std::get_if<ev::view>(&e)) return v->where.buffer;
    if (const auto* i = std::get_if<ev::inplace>(&e)) return i->where.buffer;
    if (const auto* m = std::get_if<ev::measure>(&e)) return m->buffer;
    return std::nullopt;
}

} // namespace planscope::ui
