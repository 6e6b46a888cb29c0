#include "sched_runner.h"

#include "fill_pattern.h"
#include "sched_report.h"

#include "backend/cpu/cpu_backend.h"
#include "core/printable.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace planscope {
namespace {

sched_outcome outcome_of(const scheduler& s, const context& ctx, const graph& g) {
    sched_outcome out;
    out.backend_names = s.backend_names();
    out.assignments = format_assignments(ctx, g, s.plan());
    out.buffers = s.buffers();
    out.warnings = s.plan().warnings;
    out.plan = s.plan();
    out.causes = group_split_causes(ctx, g, s.plan());
    out.network = count_network(ctx, g, s.plan());
    return out;
}

status preallocate(scheduler& s, opened_source& src, int b) {
    for (tensor_id id : sched_preallocated(src))
        if (auto st = s.allocator(b).alloc(src.doc.ctx, id); !st) return st;
    return success();
}

} // namespace

status fill_sched_pattern(const buffer_table& table, const tensor& t, std::size_t salt) {
    const std::vector<std::byte> bytes = fill_pattern_bytes(t, salt);
    return tensor_set(table, t, bytes.data(), 0, bytes.size());
}

status back_document_buffers(const graph_document& doc, std::span<backend* const> backends, buffer_table& table,
                             std::size_t first) {
    const auto by_name = buffer_backend_of_document(doc, display_names(backends));
    for (std::size_t i = first; i < doc.buffers.size(); ++i) {
        auto b = by_name(buffer_id{i});
        if (!b) return b.err();
        auto buf = backends[static_cast<std::size_t>(*b)]->alloc_buffer(buffer_id{i}, std::max<std::size_t>(1, doc.buffers[i].size));
        if (!buf) return error{"buffer '" + doc.buffers[i].name + "': " + buf.err().message};
        if (auto st = table.add(*buf); !st) return st;
    }
    return success();
}

result<std::vector<output_summary>> read_sched_outputs(const context& ctx, const graph& g, const buffer_table& table) {
    std::vector<tensor_id> outputs;
    for (tensor_id id : g.nodes)
        if (has_flag(ctx[id].flags, tensor_flag::output)) outputs.push_back(id);
    if (outputs.empty() && !g.nodes.empty()) outputs.push_back(g.nodes.back());
    std::vector<output_summary> out;
    for (tensor_id id : outputs) {
        const tensor& t = ctx[id];
        if (t.type != dtype::f32 || !is_contiguous(t)) continue;
        std::vector<float> v(static_cast<std::size_t>(nelements(t)));
        if (auto st = tensor_get(table, t, v.data(), 0, nbytes(t)); !st) return st.err();
        out.push_back(summarize(t.name, v));
        out.back().tensor = id;
    }
    return out;
}

result<std::vector<std::pair<tensor_id, int>>> resolve_assignments(const graph_document& doc,
                                                                   const std::vector<std::string>& names,
                                                                   std::span<backend* const> backends) {
    // In id order, so that the events (and an error) do not depend on the hash map's order.
    std::vector<std::pair<tensor_id, std::string>> sorted(doc.backend_of.begin(), doc.backend_of.end());
    std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first.value < b.first.value; });
    std::vector<std::pair<tensor_id, int>> out;
    const auto n = static_cast<std::ptrdiff_t>(names.size());
    for (const auto& [id, want] : sorted) {
        auto b = std::find(names.begin(), names.end(), want) - names.begin();
        if (b == n)
            for (b = 0; b < n && backends[static_cast<std::size_t>(b)]->name() != want; ++b) {}
        if (b == n) {
            std::string have;
            for (const std::string& name : names) have += (have.empty() ? "" : ", ") + name;
            return error{"'" + printable(doc.ctx[id].name) + "' is assigned to backend '" + printable(want) + "', which is not among the backends (" +
                         have + ")"};
        }
        out.emplace_back(id, static_cast<int>(b));
    }
    return out;
}

status apply_assignments(scheduler& s, const graph_document& doc) {
    std::vector<backend*> list;
    for (int b = 0; b < s.n_backends(); ++b) list.push_back(&s.get_backend(b));
    auto assigned = resolve_assignments(doc, s.backend_names(), list);
    if (!assigned) return assigned.err();
    for (const auto& [id, b] : *assigned)
        if (auto st = s.set_node_backend(id, b); !st) return st;
    return success();
}

int input_backend(std::span<backend* const> backends) {
    for (std::size_t i = 0; i < backends.size(); ++i)
        if (is_cpu(*backends[i])) return static_cast<int>(i);
    return 0;
}

std::vector<tensor_id> sched_preallocated(const opened_source& src) {
    std::vector<tensor_id> out = src.preallocate;
    for (tensor_id id : src.doc.g.leafs) {
        const tensor& t = src.doc.ctx[id];
        if (!t.where && !t.is_view() && has_flag(t.flags, tensor_flag::input) &&
            std::find(out.begin(), out.end(), id) == out.end())
            out.push_back(id);
    }
    return out;
}

output_summary summarize(std::string name, const std::vector<float>& values) {
    output_summary s;
    s.name = std::move(name);
    s.first.assign(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(8, values.size())));
    if (values.empty()) return s;
    s.min = *std::min_element(values.begin(), values.end());
    s.max = *std::max_element(values.begin(), values.end());
    double sum = 0;
    for (float v : values) sum += v;
    s.mean = sum / static_cast<double>(values.size());
    return s;
}

std::string format_outputs(const std::vector<output_summary>& outputs) {
    auto fixed = [](double v) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6f", v);
        return std::string(buf);
    };
    std::string out;
    for (const output_summary& o : outputs) {
        out.append("output ").append(printable(o.name, std::string::npos)).append(": first"); // a name from the file
        for (float v : o.first) out.append(" ").append(fixed(v));
        out.append(" min ").append(fixed(o.min)).append(" max ").append(fixed(o.max)).append(" mean ").append(fixed(o.mean)).append("\n");
    }
    return out;
}

result<sched_outcome> plan_with_backends(opened_source src, std::span<backend* const> backends,
                                         sched_observer* observer, alloc_observer* alloc) {
    buffer_table table;
    const std::vector<backend*> list(backends.begin(), backends.end());
    auto s = scheduler::create(list, table, buffer_id{src.doc.buffers.size()},
                               buffer_backend_of_document(src.doc, display_names(backends)));
    if (!s) return s.err();
    (*s)->set_observer(observer);
    (*s)->set_alloc_observer(alloc);
    if (auto st = apply_assignments(**s, src.doc); !st) return st.err();
    if (auto st = preallocate(**s, src, input_backend(backends)); !st) return st.err();
    if (auto st = (*s)->init_measure(src.doc.ctx, src.doc.g); !st) return st.err();
    (*s)->set_alloc_observer(nullptr);
    (*s)->set_observer(nullptr);
    sched_outcome out = outcome_of(**s, src.doc.ctx, src.doc.g);
    for (const sched_buffer_info& b : out.buffers) {
        const std::string& name = out.backend_names[static_cast<std::size_t>(b.backend)];
        src.doc.buffers.push_back({name + " compute", name, b.size, (*s)->allocator(b.backend).alignment()});
    }
    out.doc = std::move(src.doc);
    const inplace_list& inplace = (*s)->inplace_decisions();
    out.inplace_of.insert(inplace.begin(), inplace.end());
    return out;
}

result<sched_outcome> run_with_backends(const std::function<result<opened_source>()>& open,
                                        std::span<backend* const> backends, sched_observer* observer) {
    auto measure = open();
    if (!measure) return measure.err();
    const std::vector<backend*> list(backends.begin(), backends.end());
    buffer_table table;
    if (auto st = back_document_buffers(measure->doc, backends, table); !st) return st.err();
    auto s = scheduler::create(list, table, buffer_id{measure->doc.buffers.size()}, buffer_backend_of_table(table, list));
    if (!s) return s.err();
    scheduler& sched = **s;
    const int inputs_on = input_backend(backends);
    if (auto st = apply_assignments(sched, measure->doc); !st) return st.err();
    if (auto st = preallocate(sched, *measure, inputs_on); !st) return st.err();
    if (auto st = sched.init_measure(measure->doc.ctx, measure->doc.g); !st) return st.err();

    auto run = open();
    if (!run) return run.err();
    sched.clear_node_backends(); // the run's own document, built anew: its ids
    if (auto st = apply_assignments(sched, run->doc); !st) return st.err();
    if (auto st = preallocate(sched, *run, inputs_on); !st) return st.err();
    context& ctx = run->doc.ctx;
    std::size_t salt = 0;
    for (tensor_id id : run->doc.g.leafs)
        if (ctx[id].where)
            if (auto st = fill_sched_pattern(table, ctx[id], salt += 17); !st) return st.err();
    for (tensor_id id : run->preallocate) // pre-allocated nodes (llama's inp_embd) are computed over
        if (auto st = fill_sched_pattern(table, ctx[id], salt += 17); !st) return st.err();
    sched.set_observer(observer);
    if (auto st = sched.graph_compute(ctx, run->doc.g); !st) return st.err();

    sched_outcome out = outcome_of(sched, ctx, run->doc.g);
    out.timings = sched.timings();
    out.totals = sched.totals();
    auto outputs = read_sched_outputs(ctx, run->doc.g, table);
    if (!outputs) return outputs.err();
    out.outputs = std::move(*outputs);
    return out;
}

} // namespace planscope
