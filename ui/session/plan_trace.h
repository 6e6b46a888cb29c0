#pragma once
// One plan of a document, recorded for stepping: the document as plan_graph placed it (the
// "compute" buffer appended), every allocator event, and a replayer positioned at a step.
// A step is the number of events applied: step 0 is before the first event, step k shows the
// state right after events()[k - 1]. Also a recording made elsewhere (fromEvents: the
// scheduler's allocation, each event with its split). Built off the GUI thread by
// PlanTrace::build; only the GUI thread steps it. Neither copyable nor movable: the replayer
// refers to the events.
#include "alloc/alloc_replay.h"
#include "alloc/plan.h"
#include "core/document.h"
#include "era/era.h"

#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

namespace planscope::ui {

class PlanTrace {
public:
    // Plans a copy of `doc` (plan_graph with a recorder; `preallocate` as llama.cpp's inputs).
    // Never fails: a plan error is kept in error(), with the events recorded up to it.
    // `progress` (when set) gets the whole percent of nodes planned as it grows, on this thread,
    // ending with 100 (plan_progress.h). `era`: whose allocator plans; `maxBufferSize`: the
    // buffer type's maximum, over which ggml 2026 opens another chunk (2023 has none).
    static std::unique_ptr<PlanTrace> build(const planscope::graph_document& doc,
                                            std::span<const planscope::tensor_id> preallocate = {},
                                            std::size_t alignment = 32,
                                            std::function<void(int percent)> progress = {},
                                            const planscope::era& era = planscope::era_for(planscope::ggml_version::v2023),
                                            std::size_t maxBufferSize = SIZE_MAX);

    // A recording made elsewhere (the scheduler's measure allocation): `doc` holds every buffer
    // the events name; `eventSplit[i]` is the split events[i] belongs to (-1: none), empty
    // without splits.
    static std::unique_ptr<PlanTrace> fromEvents(planscope::graph_document doc,
                                                 std::vector<planscope::alloc_event> events,
                                                 std::vector<int> eventSplit = {});

    PlanTrace(const PlanTrace&) = delete;
    PlanTrace& operator=(const PlanTrace&) = delete;

    [[nodiscard]] bool ok() const { return m_error.isEmpty(); }
    [[nodiscard]] const QString& error() const { return m_error; }
    // The planned document: placements set, the "compute" buffer appended (when ok()).
    [[nodiscard]] const planscope::graph_document& document() const { return m_doc; }
    [[nodiscard]] const planscope::plan_result& result() const { return m_result; }
    [[nodiscard]] std::span<const planscope::alloc_event> events() const { return m_events; }

    [[nodiscard]] std::size_t step() const { return m_replayer.position(); }
    [[nodiscard]] std::size_t stepCount() const { return m_events.size(); } // the last step
    [[nodiscard]] const planscope::replay_state& state() const { return m_replayer.state(); }
    // The event the current step applied last; nullptr at step 0.
    [[nodiscard]] const planscope::alloc_event* currentEvent() const;
    // The split of the event step `step` applied last; -1 at step 0, without splits or outside one.
    [[nodiscard]] int splitAt(std::size_t step) const;
    [[nodiscard]] bool hasSplits() const { return !m_eventSplit.empty(); }
    [[nodiscard]] std::span<const int> eventSplits() const { return m_eventSplit; } // by event index
    // Clamped to [0, stepCount()]; returns the step reached.
    std::size_t seek(std::size_t step);

private:
    PlanTrace(planscope::graph_document doc, std::vector<planscope::alloc_event> events);

    planscope::graph_document m_doc;
    std::vector<planscope::alloc_event> m_events;
    planscope::plan_result m_result;
    QString m_error;
    planscope::alloc_replayer m_replayer;
    std::vector<int> m_eventSplit; // fromEvents only
};

// The tensor an event is about (alloc, free, failure, view: the tensor; node, inplace, refused:
// the node); nullopt for buffer-level events (attach, reset, barrier, measure).
std::optional<planscope::tensor_id> eventTensor(const planscope::alloc_event& e);
// The buffer an event changes, when it names one.
std::optional<planscope::buffer_id> eventBuffer(const planscope::alloc_event& e);

} // namespace planscope::ui
