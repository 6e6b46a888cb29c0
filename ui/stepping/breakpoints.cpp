#include "breakpoints.h"

#include "model/format.h"
#include "session/plan_trace.h"

#include <QCoreApplication>
#include <QLocale>
#include <QtGlobal>

#include <algorithm>
#include <array>

namespace planscope::ui {

using namespace Qt::StringLiterals;
namespace ev = planscope::events;

namespace {

struct BreakpointText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::Breakpoints)
};

template <class E>
bool is(const planscope::alloc_event& e) {
    return std::holds_alternative<E>(e);
}

bool fromLastBlock(const planscope::alloc_event& e) {
    const auto* a = std::get_if<ev::alloc>(&e);
    return a && a->last_block;
}

// The first event of a split: its split differs from the previous event's.
bool startsSplit(std::span<const planscope::alloc_event>, std::size_t index, const BreakContext& context) {
    const auto& splits = context.eventSplit;
    if (index >= splits.size() || splits[index] < 0) return false;
    return index == 0 || splits[index - 1] != splits[index];
}

const std::array<EventBreakKind, 5>& kindTable() {
    static const std::array<EventBreakKind, 5> table{{
        {u"inplace"_s, QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "Next inplace reuse"),
         QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "inplace reuse"), &is<ev::inplace>, nullptr, false},
        {u"refused"_s, QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "Next refused reuse"),
         QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "refused reuse"), &is<ev::refused>, nullptr, false},
        {u"last_block"_s, QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "Next allocation from the last block"),
         QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "allocation from the last block"), &fromLastBlock, nullptr,
         false},
        {u"failure"_s, QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "Next failure"),
         QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "failure"), &is<ev::failure>, nullptr, false},
        {u"split"_s, QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "Next split"),
         QT_TRANSLATE_NOOP("planscope::ui::Breakpoints", "start of a split"), nullptr, &startsSplit, true},
    }};
    return table;
}

} // namespace

std::span<const EventBreakKind> eventBreakKinds() { return kindTable(); }

const EventBreakKind* findEventBreakKind(const QString& key) {
    const auto& table = kindTable();
    const auto it = std::find_if(table.begin(), table.end(), [&](const EventBreakKind& k) { return k.key == key; });
    return it == table.end() ? nullptr : &*it;
}

bool hitsBreakpoint(const planscope::alloc_event& e, const Breakpoints& breakpoints) {
    return hitsBreakpointAt(std::span(&e, 1), 0, breakpoints, {});
}

bool hitsBreakpointAt(std::span<const planscope::alloc_event> events, std::size_t index,
                      const Breakpoints& breakpoints, const BreakContext& context) {
    const planscope::alloc_event& e = events[index];
    if (!breakpoints.tensors.empty()) {
        if (const auto t = eventTensor(e); t && breakpoints.tensors.contains(*t)) return true;
    }
    for (const QString& key : breakpoints.kinds) {
        const EventBreakKind* kind = findEventBreakKind(key);
        if (!kind) continue;
        if (kind->matchesAt ? kind->matchesAt(events, index, context) : kind->matches(e)) return true;
    }
    return false;
}

std::optional<std::size_t> nextBreakStep(std::span<const planscope::alloc_event> events, std::size_t step,
                                         const Breakpoints& breakpoints, const BreakContext& context) {
    if (breakpoints.empty()) return std::nullopt;
    // Step s shows events[s - 1]: the candidates after `step` are events[step] onwards.
    for (std::size_t i = step; i < events.size(); ++i)
        if (hitsBreakpointAt(events, i, breakpoints, context)) return i + 1;
    return std::nullopt;
}

std::optional<std::size_t> previousBreakStep(std::span<const planscope::alloc_event> events, std::size_t step,
                                             const Breakpoints& breakpoints, const BreakContext& context) {
    if (breakpoints.empty()) return std::nullopt;
    // Steps before `step` with an event: 1 .. step - 1, i.e. events[0 .. step - 2].
    for (std::size_t s = std::min(step, events.size() + 1); s-- > 1;)
        if (hitsBreakpointAt(events, s - 1, breakpoints, context)) return s;
    return std::nullopt;
}

QString breakpointHitText(std::span<const planscope::alloc_event> events, std::size_t step,
                          const Breakpoints& breakpoints, const BreakContext& context,
                          const planscope::graph_document& doc) {
    if (step == 0 || step > events.size()) return {};
    const std::size_t index = step - 1;
    const QString at = QLocale().toString(static_cast<qulonglong>(step));
    if (const auto t = eventTensor(events[index]); t && breakpoints.tensors.contains(*t) && doc.ctx.contains(*t))
        return BreakpointText::tr("Breakpoint at step %1: tensor %2").arg(at, toQString(doc.ctx[*t].name));
    for (const QString& key : breakpoints.kinds) {
        Breakpoints one;
        one.kinds.insert(key);
        if (const EventBreakKind* kind = findEventBreakKind(key); kind && hitsBreakpointAt(events, index, one, context))
            return BreakpointText::tr("Breakpoint at step %1: %2").arg(at, BreakpointText::tr(kind->hitLabel));
    }
    return {};
}

} // namespace planscope::ui
