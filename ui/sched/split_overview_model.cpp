#include "split_overview_model.h"

#include "model/format.h"
#include "models/llama_report.h"
#include "sched/network_traffic.h"
#include "sched/split_causes.h"

#include <QCoreApplication>

#include <optional>
#include <unordered_set>

namespace planscope::ui {

using namespace planscope;

namespace {

struct OverviewText {
    Q_DECLARE_TR_FUNCTIONS(planscope::ui::SplitOverview)
};

QString backendName(const std::vector<std::string>& names, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < names.size() ? shortBackendName(names[static_cast<std::size_t>(b)])
                                                                 : OverviewText::tr("no backend");
}

// The node whose backend the split took: the first of its range that is not a view (pass 4).
tensor_id startingNode(const graph_document& doc, const std::vector<tensor_id>& nodes) {
    for (tensor_id n : nodes)
        if (!info(doc.ctx[n].op).view_op) return n;
    return nodes.empty() ? tensor_id{} : nodes.front();
}

// What the pattern of an instance has to share with the next one to fold with it.
bool samePattern(const std::vector<OverviewSplit>& a, const std::vector<OverviewSplit>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i].backend != b[i].backend || a[i].nodes != b[i].nodes || a[i].copies != b[i].copies ||
            a[i].bytes != b[i].bytes || a[i].networkBytes != b[i].networkBytes || a[i].code != b[i].code)
            return false;
    return true;
}

} // namespace

QString shortBackendName(const std::string& name) { return toQString(backend_kind_name(name)); }

QString causeWords(const QString& who, std::string_view code, const QString& source, const QString& where) {
    const auto slot = cause_slot(code);
    if (code == "usr") return OverviewText::tr("%1: assigned to %2 by the graph").arg(who, where);
    if (code == "unsupported") return OverviewText::tr("%1: only %2 can run it").arg(who, where);
    if (code == "1.dst") return OverviewText::tr("%1: its result lives in %2 memory").arg(who, where);
    if (code == "1.vsrc") return OverviewText::tr("%1: views %2 in %3 memory").arg(who, source, where);
    if (code.starts_with("1.src") && slot)
        return OverviewText::tr("%1: src%2 %3 lives in %4 memory").arg(who).arg(*slot).arg(source, where);
    if (code.starts_with("2.src") && slot)
        return OverviewText::tr("%1: follows src%2 %3 on %4").arg(who).arg(*slot).arg(source, where);
    // A GGML_SCHED_DEBUG log of a default ggml build prints no causes.
    if (code.empty()) return OverviewText::tr("%1: on %2, as the log printed it").arg(who, where);
    // ggml 2026's causes.
    if (code == "1.inp") return OverviewText::tr("%1: a graph input, on the last backend %2").arg(who, where);
    if (code == "1.off") return OverviewText::tr("%1: %2 asked to run it, away from its weight in host memory").arg(who, where);
    if (code.starts_with("1.wgt") && slot)
        return OverviewText::tr("%1: runs where its weight src%2 %3 is, on %4").arg(who).arg(*slot).arg(source, where);
    if (code == "2.sup") return OverviewText::tr("%1: next to %2 ops, and %2 runs it").arg(who, where);
    if (code == "3.upg") return OverviewText::tr("%1: moved up to %2, which uses the same buffer type").arg(who, where);
    if (code == "3.best") return OverviewText::tr("%1: %2 runs it and can use the most of its sources").arg(who, where);
    if (code == "4.cur") return OverviewText::tr("%1: read by a node on %2").arg(who, where);
    if (code == "4.vsrc") return OverviewText::tr("%1: views %2 on %3").arg(who, source, where);
    return OverviewText::tr("%1: on %2 (%3)").arg(who, where, toQString(code));
}

QString causeText(const graph_document& doc, const sched_plan& plan, const std::vector<std::string>& names, tensor_id node) {
    if (!doc.ctx.contains(node)) return {};
    const tensor& t = doc.ctx[node];
    const std::string code(plan.cause(node));
    tensor_id source = t.view_src;
    if (const auto slot = cause_slot(code)) source = t.src[*slot];
    return causeWords(toQString(info(t.op).name) + u' ' + toQString(t.name), code,
                      source.valid() ? toQString(doc.ctx[source].name) : QStringLiteral("?"),
                      backendName(names, plan.backend(node)));
}

std::vector<OverviewSection> splitOverview(const graph_document& doc, const sched_plan& plan,
                                           const std::vector<std::string>& names, const std::vector<int>& splitOf,
                                           const fold_structure& fold, const std::set<int>& expanded,
                                           const std::vector<double>& computeUs) {
    // Each split's entry and the block instance its first node (copy or node) is in.
    const std::size_t n = plan.splits.size();
    std::vector<std::vector<tensor_id>> members(n);
    for (tensor_id id : doc.g.nodes) {
        const int s = id.index() < splitOf.size() ? splitOf[id.index()] : -1;
        if (s >= 0 && static_cast<std::size_t>(s) < n) members[static_cast<std::size_t>(s)].push_back(id);
    }
    std::vector<OverviewSplit> entries(n);
    std::vector<fold_place> places(n);
    for (std::size_t i = 0; i < n; ++i) {
        const sched_split& sp = plan.splits[i];
        OverviewSplit& e = entries[i];
        e.split = static_cast<int>(i);
        e.backend = sp.backend;
        std::unordered_set<tensor_id> copies;
        for (const sched_input& in : sp.inputs) {
            if (copies.insert(in.copy).second) e.bytes += in.bytes;
            e.networkBytes += network_bytes(plan, plan.backend(in.tensor), sp.backend, in.bytes); // once per use
        }
        e.copies = copies.size();
        e.nodes = members[i].size() - std::min(members[i].size(), e.copies);
        std::vector<tensor_id> computed;
        for (tensor_id m : members[i])
            if (!copies.contains(m)) computed.push_back(m);
        e.first = startingNode(doc, computed);
        if (i > 0 && e.first.valid()) {
            e.code = toQString(plan.cause(e.first));
            e.cause = causeText(doc, plan, names, e.first);
        }
        if (i < computeUs.size()) e.computeUs = computeUs[i];
        if (!members[i].empty()) places[i] = fold.place_of(members[i].front());
    }

    std::vector<OverviewSection> out;
    const auto repeatGroup = [&](const fold_place& p) {
        return p.folded() && fold.groups[static_cast<std::size_t>(p.group)].kind == fold_kind::repeat;
    };
    for (std::size_t i = 0; i < n;) {
        if (!repeatGroup(places[i])) {
            if (out.empty() || out.back().group != -1) out.emplace_back();
            out.back().splits.push_back(entries[i++]);
            continue;
        }
        // The splits starting in one instance, then as many next instances with the same pattern.
        const auto patternAt = [&](std::size_t from, std::size_t& to) {
            std::vector<OverviewSplit> p;
            to = from;
            while (to < n && places[to].group == places[from].group && places[to].instance == places[from].instance)
                p.push_back(entries[to++]);
            return p;
        };
        std::size_t next = 0;
        const std::vector<OverviewSplit> pattern = patternAt(i, next);
        const int group = places[i].group;
        const std::size_t first = places[i].instance;
        std::size_t repeat = 1;
        std::size_t end = next;
        const bool unfold = expanded.contains(group);
        while (!unfold && end < n && places[end].group == group && places[end].instance == first + repeat) {
            std::size_t after = 0;
            if (!samePattern(pattern, patternAt(end, after))) break;
            ++repeat;
            end = after;
        }
        const fold_group& g = fold.groups[static_cast<std::size_t>(group)];
        OverviewSection s{toQString(instance_label(g, first, first + repeat - 1)), repeat, group, first, unfold, pattern};
        out.push_back(std::move(s));
        i = end;
    }
    return out;
}

} // namespace planscope::ui
