#include "split_schedule.h"

#include "export/split_diagram.h"
#include "sched/sched.h"
#include "sched/sched_runner.h"
#include "session/plan_trace.h"

#include <QStringList>

#include <algorithm>
#include <array>

namespace planscope::ui {

using namespace planscope;

namespace {

// The split graph for display: copies become CPY nodes of the tensor they copy, so the canvas
// draws the boundary crossing as an edge into the copy.
void buildSplitDocument(SplitSchedule& s, graph_document& doc) {
    const graph original = doc.g;
    s.splitOf.assign(doc.ctx.size(), -1);
    graph split;
    split.leafs = original.leafs;
    std::vector<bool> placed(doc.ctx.size(), false);
    for (std::size_t i = 0; i < s.plan.splits.size(); ++i) {
        const sched_split& sp = s.plan.splits[i];
        for (const sched_input& in : sp.inputs) {
            if (placed[in.copy.index()]) continue;
            placed[in.copy.index()] = true;
            tensor& copy = doc.ctx[in.copy];
            copy.op = op_kind::cpy;
            copy.src[0] = in.tensor;
            split.nodes.push_back(in.copy);
            s.splitOf[in.copy.index()] = static_cast<int>(i);
        }
        for (std::size_t n = sp.i_start; n < sp.i_end && n < original.nodes.size(); ++n) {
            split.nodes.push_back(original.nodes[n]);
            s.splitOf[original.nodes[n].index()] = static_cast<int>(i);
        }
    }
    doc.g = std::move(split);
    doc.parse_seq.clear(); // indices of the original graph
}

class EventKeeper final : public alloc_observer {
public:
    void on_event(const alloc_event& e) override { events.push_back(e); }
    std::vector<alloc_event> events;
};

// A node of the split graph that no split claims belongs to the split of the next one that does:
// ggml 2026's views that keep each input alive until its copy (the allocator steps through them).
void claimUnclaimed(SplitSchedule& s) {
    int next = -1;
    const std::vector<tensor_id>& nodes = s.plan.split_graph.nodes;
    for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
        const std::size_t i = it->index();
        if (i >= s.splitOf.size()) s.splitOf.resize(i + 1, -1);
        if (s.splitOf[i] >= 0) next = s.splitOf[i];
        else s.splitOf[i] = next;
    }
}

std::string hexColor(const QColor& c) { return c.name(QColor::HexRgb).toStdString(); }

// The schedule of a scheduler's outcome over a document (its copies appended, every tensor placed,
// the compute buffers already the document's, one per backend or chunk) and the events it emitted.
SplitSchedule fromOutcome(sched_outcome out, std::vector<std::string> devices, std::vector<sched_event> events,
                          std::vector<alloc_event> allocEvents) {
    SplitSchedule s;
    s.backendNames = out.backend_names;
    s.backendDevices = std::move(devices);
    s.plan = std::move(out.plan);
    s.events = std::move(events);
    s.buffers = std::move(out.buffers);
    s.causes = std::move(out.causes);
    buildSplitDocument(s, out.doc);
    claimUnclaimed(s);
    s.allocEvents = std::move(allocEvents);
    s.allocSplit = eventSplits(s.allocEvents, s.splitOf);
    s.splitDoc = std::make_shared<graph_document>(std::move(out.doc));
    return s;
}

} // namespace

result<SplitSchedule> scheduleDocument(const graph_document& doc, const std::vector<tensor_id>& preallocate,
                                       const BackendRequest& request) {
    auto owned = make_backends(request.list, request.options);
    if (!owned) return owned.err();
    const std::vector<backend*> backends = backend_pointers(*owned);
    EventKeeper allocEvents;
    sched_recorder schedEvents;
    era_sched_options options;
    options.max_buffer_size = request.maxBufferSize;
    options.alloc = &allocEvents;
    options.sched = &schedEvents;
    auto out = request.era->schedule(opened_source{planscope::copy_document(doc), preallocate, {}, {}, ggml_version::v2023, {}, {}}, backends, options);
    if (!out) return out.err();
    std::vector<std::string> devices;
    for (const backend* b : backends) devices.push_back(backend_device(*b));
    std::vector<ServerDevice> servers = serverDevices(backends, out->backend_names);
    SplitSchedule s = fromOutcome(std::move(*out), std::move(devices), schedEvents.events(), std::move(allocEvents.events));
    s.servers = std::move(servers);
    return s;
}

SplitSchedule recordedSchedule(const recorded_schedule& recorded) {
    const sched_outcome& o = recorded.outcome;
    sched_outcome copy{o.backend_names, o.assignments, o.buffers, o.warnings, o.plan, o.causes, o.timings,
                       o.totals, o.outputs, planscope::copy_document(o.doc), o.inplace_of, o.network};
    SplitSchedule s = fromOutcome(std::move(copy), recorded.backend_devices, recorded.sched_events, recorded.alloc_events);
    s.onDevices = recorded.origin == recorded_origin::devices;
    s.captured = recorded.origin == recorded_origin::capture;
    return s;
}

SplitSchedule loggedSchedule(const graph_document& doc, const sched_plan& plan) {
    SplitSchedule s;
    s.logged = true;
    s.backendNames = plan.backend_names;
    s.plan = plan;
    s.causes = group_split_causes(doc.ctx, doc.g, plan);
    graph_document split = planscope::copy_document(doc);
    buildSplitDocument(s, split);
    s.splitDoc = std::make_shared<graph_document>(std::move(split));
    return s;
}

QString devicesLabel(const SplitSchedule& schedule) {
    QStringList names;
    for (const std::string& n : schedule.backendNames) names << QString::fromStdString(n);
    return names.join(QStringLiteral(" + "));
}

std::vector<int> eventSplits(std::span<const alloc_event> events, const std::vector<int>& splitOf) {
    std::vector<int> out;
    out.reserve(events.size());
    int current = -1;
    for (const alloc_event& e : events) {
        // Every allocation, free and reuse happens on behalf of the node the allocator is on.
        if (const auto* n = std::get_if<events::node>(&e))
            current = n->tensor.index() < splitOf.size() ? splitOf[n->tensor.index()] : -1;
        out.push_back(current);
    }
    return out;
}

std::unique_ptr<PlanTrace> scheduledTrace(const SplitSchedule& schedule) {
    return PlanTrace::fromEvents(planscope::copy_document(*schedule.splitDoc), schedule.allocEvents, schedule.allocSplit);
}

QColor backendKindColor(std::string_view name) {
    return QColor(QString::fromStdString(backend_colour(name))); // the exports' rule, by kind
}

QColor backendColor(const std::vector<std::string>& names, int backend) {
    if (backend < 0 || static_cast<std::size_t>(backend) >= names.size()) return QColor(0xe4, 0xe6, 0xea);
    return backendKindColor(names[static_cast<std::size_t>(backend)]);
}

dot_style splitDotStyle(const SplitSchedule& schedule) {
    dot_style style;
    auto splitOf = std::make_shared<std::vector<int>>(schedule.splitOf);
    style.cluster_of = [splitOf](tensor_id t) { return t.index() < splitOf->size() ? (*splitOf)[t.index()] : -1; };
    for (std::size_t i = 0; i < schedule.plan.splits.size(); ++i) {
        const int b = schedule.plan.splits[i].backend;
        const std::string name = b >= 0 && static_cast<std::size_t>(b) < schedule.backendNames.size()
                                      ? schedule.backendNames[static_cast<std::size_t>(b)]
                                      : std::string("?");
        style.cluster_labels.push_back("split " + std::to_string(i) + " (" + name + ")"); // ASCII: Graphviz labels are Latin-1 safe
    }
    auto backendOf = std::make_shared<std::vector<int>>(schedule.plan.backend_of);
    auto names = std::make_shared<std::vector<std::string>>(schedule.backendNames);
    style.fill = [backendOf, names](tensor_id t) {
        const int b = t.index() < backendOf->size() ? (*backendOf)[t.index()] : -1;
        return hexColor(backendColor(*names, b));
    };
    return style;
}

} // namespace planscope::ui
