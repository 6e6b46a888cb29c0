#include "capture_check.h"

#include "core/printable.h"
#include "sched/ggml2026/plan_backends_2026.h"
#include "sched/recorded_schedule.h"

namespace planscope {

namespace {

// Planscope's 2026 split and reserve of a captured record over its captured backends.
result<sched_outcome> plan_captured(const capture_document& cd) {
    graph_document work = copy_document(cd.doc);
    auto plan = ggml2026::split_graph(work.ctx, work.g, cd.config);
    if (!plan) return error{"Planscope's scheduler: " + plan.err().message};
    auto planned = ggml2026::reserve_split(std::move(work), std::move(*plan), cd.config.backend_names,
                                           capture_buffer_types(cd.config));
    if (!planned) return error{"Planscope's allocator: " + planned.err().message};
    return planned;
}

// ggml_gallocr_needs_realloc, as far as a capture shows it: the same numbers of nodes and leafs,
// each node on the backend it had and no larger than the node at its position in the reserve.
bool fits_reservation(const capture_document& cd, const capture_document& reserved) {
    const graph& g = cd.doc.g;
    const graph& r = reserved.doc.g;
    if (g.nodes.size() != r.nodes.size() || g.leafs.size() != r.leafs.size()) return false;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const tensor_id a = g.nodes[i], b = r.nodes[i];
        if (cd.backend_of[a.index()] != reserved.backend_of[b.index()]) return false;
        if (nbytes(cd.doc.ctx[a]) > nbytes(reserved.doc.ctx[b])) return false;
    }
    return true;
}

// Where each of cd's tensors is in `planned` (Planscope's plan of `base`'s graph): itself when
// base is cd; else the node or leaf at the same position of base's graph.
std::vector<std::optional<tensor_id>> counterparts(const capture_document& cd, const capture_document& base) {
    std::vector<std::optional<tensor_id>> out(cd.doc.ctx.size());
    if (&cd == &base) {
        for (std::size_t i = 0; i < out.size(); ++i) out[i] = tensor_id{i};
        return out;
    }
    for (std::size_t i = 0; i < cd.doc.g.nodes.size(); ++i) out[cd.doc.g.nodes[i].index()] = base.doc.g.nodes[i];
    for (std::size_t i = 0; i < cd.doc.g.leafs.size(); ++i) out[cd.doc.g.leafs[i].index()] = base.doc.g.leafs[i];
    return out;
}

} // namespace

const capture::graph* capture_reserve_before(const capture::run& run, const capture::graph& g) {
    if (g.event == "sched_reserve" || !g.scheduler_event()) return nullptr;
    const capture::graph* found = nullptr;
    for (const capture::graph& r : run.graphs) {
        if (&r == &g) return found;
        if (r.event == "sched_reserve" && r.sched == g.sched) found = &r;
    }
    return nullptr;
}

result<capture_check> check_capture(const capture::graph& g, const capture_document& cd, const capture::run* run) {
    if (cd.config.backend_names.empty() || !cd.recorded) return error{"a graph allocator's record has no scheduler to compare with"};
    capture_check out;
    out.backend_names = cd.config.backend_names;
    out.captured_n_splits = g.n_splits;
    out.nodes = cd.doc.g.nodes.size();
    for (const sched_split& s : cd.recorded->outcome.plan.splits) out.captured_starts.push_back(s.i_start);
    graph_document work = copy_document(cd.doc);
    auto plan = ggml2026::split_graph(work.ctx, work.g, cd.config);
    if (!plan) return error{"Planscope's scheduler: " + plan.err().message};
    for (const sched_split& s : plan->splits) out.planscope_starts.push_back(s.i_start);
    const auto name_of = [&](std::int64_t b) {
        return b < 0 ? std::string("NULL") : out.backend_names[static_cast<std::size_t>(b)];
    };
    for (std::size_t i = 0; i < cd.doc.g.nodes.size(); ++i) {
        const tensor_id id = cd.doc.g.nodes[i];
        const std::int64_t captured = cd.backend_of[id.index()];
        const int mine = plan->backend(id);
        if (captured == mine) continue;
        out.backends.push_back({i, cd.doc.ctx[id].name, name_of(captured), name_of(mine), std::string(plan->cause(id))});
    }
    const std::vector<int> backend_of = plan->backend_of;

    // What the scheduler's earlier reserves left: each backend's largest buffer, the last reservation.
    std::vector<std::size_t> kept(cd.config.backend_names.size(), 0);
    std::optional<capture_document> last;
    if (run) {
        for (const capture::graph& r : run->graphs) {
            if (&r == &g) break;
            if (r.event != "sched_reserve" || r.sched != g.sched) continue;
            auto rd = document_from_capture(r, "reserve");
            if (!rd) return error{"record #" + std::to_string(r.seq) + ": " + rd.err().message};
            if (rd->config.backend_names != cd.config.backend_names) continue; // another scheduler's backends
            auto rp = plan_captured(*rd);
            if (!rp) return error{"record #" + std::to_string(r.seq) + ": " + rp.err().message};
            for (std::size_t b = 0; b < kept.size() && b < rp->buffers.size(); ++b) kept[b] = std::max(kept[b], rp->buffers[b].size);
            out.reserve_seq = r.seq;
            last = std::move(*rd);
        }
    }
    if (g.event == "sched_reserve") out.reserve_seq.reset();
    // The addresses ggml gave: the reserve's, by position, while the graph fits it.
    const bool reused = out.reserve_seq && last && last->recorded && fits_reservation(cd, *last);
    out.fits_reserve = reused;
    const capture_document& base = reused ? *last : cd;
    auto planned = plan_captured(base);
    if (!planned) return planned.err();
    for (std::size_t b = 0; b < g.backends.size() && b < planned->buffers.size(); ++b)
        out.buffers.push_back({g.backends[b].name, g.backends[b].buffer_size, std::max(planned->buffers[b].size, kept[b])});
    const std::vector<std::optional<tensor_id>> at = counterparts(cd, base);
    for (std::size_t i = 0; i < g.tensors.size(); ++i) {
        const capture::tensor& c = g.tensors[i];
        if (c.view_src >= 0 || c.buffer < 0 || g.buffers[static_cast<std::size_t>(c.buffer)].usage != capture::buffer_usage::compute) continue;
        if (i >= backend_of.size() || backend_of[i] != c.backend) continue; // on another backend: counted above
        if (i >= at.size() || !at[i]) continue;
        const auto& where = planned->doc.ctx[*at[i]].where;
        if (!where) continue;
        ++out.addressed;
        if (where->offset != c.offset) out.offsets.push_back({i, c.name, c.offset, where->offset});
    }
    return out;
}

std::string format_capture_check(const capture_check& c, std::size_t listed) {
    auto list = [](const std::vector<std::size_t>& v) {
        std::string s;
        for (std::size_t x : v) s.append(s.empty() ? "" : " ").append(std::to_string(x));
        return s;
    };
    std::string out = "check: Planscope's ggml 2026 scheduler and allocator on the captured graph\n";
    if (c.reserve_seq)
        out += c.fits_reserve ? "addresses: the reservation of record #" + std::to_string(*c.reserve_seq) +
                                    " by node position (the graph fits it, as ggml_gallocr_alloc_graph finds)\n"
                              : "addresses: the graph's own (it does not fit the reservation of record #" +
                                    std::to_string(*c.reserve_seq) + ": ggml reserves again)\n";
    out += "splits: captured " + std::to_string(c.captured_starts.size()) + " (the scheduler reported " +
           std::to_string(c.captured_n_splits) + "), Planscope " + std::to_string(c.planscope_starts.size()) + "\n";
    out += "split starts: captured " + list(c.captured_starts) + "; Planscope " + list(c.planscope_starts) + "\n";
    out += "nodes: " + std::to_string(c.nodes) + ", " + std::to_string(c.backends.size()) + " on another backend\n";
    for (std::size_t i = 0; i < c.backends.size() && i < listed; ++i) {
        const auto& d = c.backends[i];
        out += "differs: node #" + std::to_string(d.node) + " " + printable(d.name) + ": captured " + printable(d.captured) +
               ", Planscope " + printable(d.planscope) + " (" + d.cause + ")\n";
    }
    if (c.backends.size() > listed) out += "differs: " + std::to_string(c.backends.size() - listed) + " more\n";
    for (const capture_buffer_check& b : c.buffers) {
        out += "compute buffer " + printable(b.backend) + ": captured " + std::to_string(b.captured) + ", Planscope " +
               std::to_string(b.planscope);
        out += b.captured == b.planscope ? " (equal)\n"
                                         : " (" + std::string(b.planscope > b.captured ? "+" : "-") +
                                               std::to_string(b.planscope > b.captured ? b.planscope - b.captured : b.captured - b.planscope) + ")\n";
    }
    out += "offsets: " + std::to_string(c.addressed) + " captured addresses compared, " + std::to_string(c.offsets.size()) + " differ\n";
    for (std::size_t i = 0; i < c.offsets.size() && i < listed; ++i) {
        const auto& d = c.offsets[i];
        out += "offset: tensor " + std::to_string(d.tensor) + " " + printable(d.name) + ": captured " + std::to_string(d.captured) +
               ", Planscope " + std::to_string(d.planscope) + "\n";
    }
    if (c.offsets.size() > listed) out += "offset: " + std::to_string(c.offsets.size() - listed) + " more\n";
    return out;
}

} // namespace planscope
