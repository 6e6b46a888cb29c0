#include "capture_check.h"

#include "core/printable.h"
#include "sched/ggml2026/plan_backends_2026.h"
#include "sched/recorded_schedule.h"

namespace planscope {

result<capture_check> check_capture(const capture::graph& g, const capture_document& cd) {
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
    std::vector<ggml2026::buffer_type_info> types(cd.config.bufts.size());
    const std::vector<int> root = ggml2026::shared_roots(cd.config.bufts);
    for (std::size_t b = 0; b < types.size(); ++b) types[b].shared = root[b] == static_cast<int>(b) ? -1 : root[b];
    const std::vector<int> backend_of = plan->backend_of;
    auto planned = ggml2026::reserve_split(std::move(work), std::move(*plan), cd.config.backend_names, types);
    if (!planned) return error{"Planscope's allocator: " + planned.err().message};
    for (std::size_t b = 0; b < g.backends.size(); ++b)
        out.buffers.push_back({g.backends[b].name, g.backends[b].buffer_size, planned->buffers[b].size});
    for (std::size_t i = 0; i < g.tensors.size(); ++i) {
        const capture::tensor& c = g.tensors[i];
        if (c.view_src >= 0 || c.buffer < 0 || g.buffers[static_cast<std::size_t>(c.buffer)].usage != capture::buffer_usage::compute) continue;
        if (i >= backend_of.size() || backend_of[i] != c.backend) continue; // on another backend: counted above
        const auto& where = planned->doc.ctx[tensor_id{i}].where;
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
