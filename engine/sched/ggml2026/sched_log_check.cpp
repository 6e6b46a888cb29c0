#include "sched_log_check.h"

#include "sched_2026.h"

#include "core/printable.h"
#include "models/llama_leaf_names.h"

#include <map>
#include <set>

namespace planscope::ggml2026 {
namespace {

std::string cut(std::string_view s, std::size_t n) { return std::string(s.substr(0, n)); }

} // namespace

result<sched_log_check> check_sched_log(const graph_document& doc, const sched_log_assignment& log) {
    sched_log_check out;
    out.backend_names = sched_log_backends(log);
    for (const sched_log_split& s : log.splits) {
        if (!s.nodes.empty()) out.log_starts.push_back(static_cast<std::size_t>(s.nodes.front().index));
        out.log_nodes += s.nodes.size();
    }
    if (out.log_nodes == 0) return error{"the log has no node lines (GGML_SCHED_DEBUG=1): nothing to check"};
    const auto n_backends = out.backend_names.size();
    auto backend_of_printed = [&](std::string_view printed) -> int {
        for (std::size_t i = 0; i < n_backends; ++i)
            if (out.backend_names[i] == printed || (printed.size() == 5 && out.backend_names[i].starts_with(printed)))
                return static_cast<int>(i);
        return -1;
    };
    // Where the log shows each source, by its printed (cut) name.
    std::map<std::string, int> printed_backend;
    for (const sched_log_split& s : log.splits)
        for (const sched_log_node& n : s.nodes)
            for (const sched_log_tensor& t : n.srcs)
                if (t.backend != "NULL") printed_backend.emplace(t.name, backend_of_printed(t.backend));

    graph_document g = copy_document(doc);
    g.buffers.clear();
    g.backend_of.clear();
    sched_config_2026 config;
    config.backend_names = out.backend_names;
    for (const std::string& name : out.backend_names) {
        const bool cpu = name == "CPU";
        config.bufts.push_back({name, cpu});
        config.reads_host.push_back(cpu);
        g.buffers.push_back({"weights " + name, name, 0, 64});
        g.buffers.push_back({"kv " + name, name, 0, 64});
    }
    for (tensor_id id : g.g.leafs) {
        tensor& t = g.ctx[id];
        if (t.is_view()) continue;
        t.where.reset();
        const auto it = printed_backend.find(cut(t.name, 20));
        const llama_leaf kind = classify_llama_leaf(t.name);
        if (kind == llama_leaf::input || it == printed_backend.end() || it->second < 0) {
            if (kind == llama_leaf::input) t.flags = t.flags | tensor_flag::input;
            continue;
        }
        t.where = placement{buffer_id{static_cast<std::size_t>(2 * it->second + (kind == llama_leaf::cache ? 1 : 0))}, 0};
    }
    config.buffer = [bufts = config.bufts, n = g.buffers.size()](buffer_id id) -> result<sched_placed_buffer> {
        if (id.index() >= n) return error{"buffer " + std::to_string(id.value) + " does not exist"};
        return sched_placed_buffer{bufts[id.index() / 2], id.index() % 2 == 0};
    };

    // The ops the log ran on each backend, as it prints them.
    std::vector<std::set<std::string>> ran(n_backends);
    for (const sched_log_split& s : log.splits)
        for (const sched_log_node& n : s.nodes)
            if (const int b = backend_of_printed(n.tensor.backend); b >= 0) ran[static_cast<std::size_t>(b)].insert(n.op);
    std::set<std::pair<int, std::string>> unsupported;
    config.supports = [&unsupported](int b, const context&, const tensor& node) {
        return !unsupported.contains({b, cut(op_desc(node), 10)});
    };
    const int cpu = static_cast<int>(n_backends) - 1;
    // One run per newly inferred op; each adds at least one of finitely many (backend, op) pairs.
    for (bool first = true;; first = false) {
        graph_document run = copy_document(g); // the split adds its copies to the context
        auto plan = split_graph(run.ctx, run.g, config);
        if (!plan) return plan.err();
        out.planscope_starts.clear();
        for (const sched_split& s : plan->splits) out.planscope_starts.push_back(s.i_start);
        out.compared = 0;
        out.differences.clear();
        out.unmatched.clear();
        bool inferred = false;
        for (const sched_log_split& s : log.splits)
            for (const sched_log_node& n : s.nodes) {
                const auto i = static_cast<std::size_t>(n.index);
                if (i >= run.g.nodes.size() || cut(run.ctx[run.g.nodes[i]].name, 20) != n.tensor.name) {
                    std::string line = "#";
                    line.append(std::to_string(n.index)).append(" ").append(n.tensor.name); // appends: GCC 12's -Wrestrict
                    out.unmatched.push_back(std::move(line));
                    continue;
                }
                ++out.compared;
                const tensor_id id = run.g.nodes[i];
                const int b = plan->backend(id);
                const std::string mine = b < 0 ? std::string("NULL") : cut(out.backend_names[static_cast<std::size_t>(b)], 5);
                if (mine == cut(n.tensor.backend, 5)) continue;
                out.differences.push_back({i, n.tensor.name, n.tensor.backend, mine, std::string(plan->cause(id))});
                if (b >= 0 && b != cpu && backend_of_printed(n.tensor.backend) == cpu &&
                    !ran[static_cast<std::size_t>(b)].contains(n.op) && unsupported.insert({b, n.op}).second) {
                    out.inferred_unsupported.emplace_back(out.backend_names[static_cast<std::size_t>(b)], n.op);
                    inferred = true;
                }
            }
        if (first) out.differences_before = out.differences.size();
        out.plan = std::move(*plan);
        if (!inferred) break;
    }
    return out;
}

std::string format_sched_log_check(const sched_log_check& c) {
    auto list = [](const std::vector<std::size_t>& v) {
        std::string s;
        for (std::size_t x : v) s.append(s.empty() ? "" : " ").append(std::to_string(x));
        return s;
    };
    std::string out = "backends:";
    for (const std::string& n : c.backend_names) out.append(" ").append(printable(n));
    out += " (the log's, the CPU last)\n";
    out += "splits: log " + std::to_string(c.log_starts.size()) + ", Planscope (ggml 2026) " +
           std::to_string(c.planscope_starts.size()) + "\n";
    out += "split starts: log " + list(c.log_starts) + "; Planscope " + list(c.planscope_starts) + "\n";
    out += "nodes: " + std::to_string(c.compared) + " of " + std::to_string(c.log_nodes) + " compared, " +
           std::to_string(c.differences.size()) + " on another backend\n";
    for (const sched_log_difference& d : c.differences)
        out += "differs: node #" + std::to_string(d.node) + " " + printable(d.name) + ": log " + printable(d.log_backend) +
               ", Planscope " + printable(d.planscope_backend) + " (" + d.cause + ")\n";
    for (const std::string& u : c.unmatched) out += "not in the graph: node " + printable(u) + "\n";
    if (!c.inferred_unsupported.empty()) {
        out += "taken as unsupported (the log ran them on the CPU, never there):";
        for (const auto& [backend, op] : c.inferred_unsupported) out.append(" ").append(printable(backend)).append(" ").append(printable(op)).append(",");
        out.back() = '\n';
        out += "with every op supported: " + std::to_string(c.differences_before) + " on another backend\n";
    }
    return out;
}

} // namespace planscope::ggml2026
