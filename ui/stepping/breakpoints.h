#pragma once
// Breakpoints for stepping through a plan, the search for the next or previous hit and the note
// on a hit, as pure functions over the event list (tested with data rows). A breakpoint is a
// tensor (any event about it, eventTensor) or an event kind from a table, so that a new kind
// (the scheduler's splits) is one more row.
#include "alloc/alloc_events.h"
#include "core/document.h"

#include <QString>

#include <optional>
#include <set>
#include <span>

namespace planscope::ui {

// What a kind may look at besides the event itself.
struct BreakContext {
    std::span<const int> eventSplit; // by event index: its split (PlanTrace::eventSplits); empty: none
};

struct EventBreakKind {
    QString key;       // stable, for settings and tests: "inplace", "refused", ...
    const char* label; // QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", ...); translate before showing
    const char* hitLabel; // what a hit stopped at, "inplace reuse"; translated as `label`
    bool (*matches)(const planscope::alloc_event& e); // nullptr for a kind that needs the context
    // events[index] in its recording and context; nullptr: `matches` decides alone.
    bool (*matchesAt)(std::span<const planscope::alloc_event> events, std::size_t index,
                      const BreakContext& context) = nullptr;
    bool needsSplits = false; // never hits a trace without splits (no schedule)
};

// "Next inplace reuse", "Next refused reuse", "Next allocation from the last block", "Next failure",
// "Next split" (the first event of each split; only in a scheduled trace).
std::span<const EventBreakKind> eventBreakKinds();
const EventBreakKind* findEventBreakKind(const QString& key);

struct Breakpoints {
    std::set<planscope::tensor_id> tensors;
    std::set<QString> kinds; // EventBreakKind::key

    [[nodiscard]] bool empty() const { return tensors.empty() && kinds.empty(); }
    friend bool operator==(const Breakpoints&, const Breakpoints&) = default;
};

// Kinds that need the context (splits) never hit here.
bool hitsBreakpoint(const planscope::alloc_event& e, const Breakpoints& breakpoints);
// events[index] hits a tensor breakpoint or any kind, seen in its recording and context.
bool hitsBreakpointAt(std::span<const planscope::alloc_event> events, std::size_t index,
                      const Breakpoints& breakpoints, const BreakContext& context);
// Steps count events applied, so the event at index i is shown at step i + 1.
// The first step after `step` whose event hits a breakpoint.
std::optional<std::size_t> nextBreakStep(std::span<const planscope::alloc_event> events, std::size_t step,
                                         const Breakpoints& breakpoints, const BreakContext& context = {});
// The last step before `step` whose event hits a breakpoint.
std::optional<std::size_t> previousBreakStep(std::span<const planscope::alloc_event> events, std::size_t step,
                                             const Breakpoints& breakpoints, const BreakContext& context = {});

// The status bar's note on a hit at `step` (1 .. stepCount): "Breakpoint at step 412: tensor kq-3"
// when the event's tensor has a breakpoint, else the first kind it hits, "Breakpoint at step 90:
// inplace reuse".
QString breakpointHitText(std::span<const planscope::alloc_event> events, std::size_t step,
                          const Breakpoints& breakpoints, const BreakContext& context,
                          const planscope::graph_document& doc);

} // namespace planscope::ui
