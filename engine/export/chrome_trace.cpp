#include "chrome_trace.h"

#include "plan_export.h"

#include <nlohmann/json.hpp>

#include <map>

namespace planscope {
namespace {

using ojson = nlohmann::ordered_json;

constexpr int trace_pid = 1;

int tid_of(std::size_t backend) { return static_cast<int>(backend) + 1; }

ojson slice(std::string name, std::string_view cat, std::size_t backend, double ts, double dur, ojson args) {
    return {{"name", std::move(name)}, {"cat", cat},          {"ph", "X"},           {"pid", trace_pid},
            {"tid", tid_of(backend)},  {"ts", ts},            {"dur", dur},          {"args", std::move(args)}};
}

// How many nodes of each op the split runs: {"MUL_MAT": 4, ...}.
ojson op_counts(const graph_document& doc, const split_view& v) {
    std::map<std::string, int> counts;
    for (tensor_id n : v.nodes) ++counts[op_desc(doc.ctx[n])];
    ojson out = ojson::object();
    for (const auto& [op, count] : counts) out[op] = count;
    return out;
}

} // namespace

result<std::string> chrome_trace_json(const graph_document& doc, const schedule_view& s) {
    if (s.timings.size() != s.splits.size())
        return error{"the trace needs one timing per split: " + std::to_string(s.timings.size()) + " timings for " +
                     std::to_string(s.splits.size()) + " splits"};
    ojson events = ojson::array();
    events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", trace_pid}, {"args", {{"name", "planscope " + doc.name}}}});
    for (std::size_t b = 0; b < s.backends.size(); ++b) {
        events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", trace_pid}, {"tid", tid_of(b)},
                          {"args", {{"name", s.backends[b]}}}});
        events.push_back({{"name", "thread_sort_index"}, {"ph", "M"}, {"pid", trace_pid}, {"tid", tid_of(b)},
                          {"args", {{"sort_index", b}}}});
    }
    double now = 0; // microseconds
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        const split_view& v = s.splits[i];
        if (v.backend >= s.backends.size())
            return error{"split #" + std::to_string(i) + " runs on backend " + std::to_string(v.backend) + " of " +
                         std::to_string(s.backends.size())};
        const split_timing& t = s.timings[i];
        const std::uint64_t total = bytes_copied(v);
        for (const split_input& in : v.inputs) {
            const double share = total == 0 ? 1.0 / static_cast<double>(v.inputs.size())
                                            : static_cast<double>(in.bytes) / static_cast<double>(total);
            const double dur = t.copy_us * share;
            events.push_back(slice("copy " + in.copy_name, "copy", v.backend, now, dur,
                                   {{"split", i}, {"tensor", doc.ctx[in.tensor].name}, {"bytes", in.bytes}}));
            now += dur;
        }
        events.push_back(slice("split #" + std::to_string(i), "compute", v.backend, now, t.compute_us,
                               {{"split", i}, {"nodes", v.nodes.size()}, {"inputs", v.inputs.size()},
                                {"bytes_copied", t.bytes_copied}, {"ops", op_counts(doc, v)}}));
        now += t.compute_us;
    }
    ojson root;
    root["traceEvents"] = std::move(events);
    root["displayTimeUnit"] = "ms";
    return root.dump(1) + "\n";
}

} // namespace planscope
