#include "chrome_trace.h"

#include "plan_export.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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

// An estimate with one entry per split (and per input of each) and per backend.
bool matches(const trace_estimate& e, const schedule_view& s) {
    if (e.flops.size() != s.splits.size() || e.input_us.size() != s.splits.size() ||
        e.compute_tflops.size() != s.backends.size() || e.copy_gbps.size() != s.backends.size())
        return false;
    for (std::size_t i = 0; i < s.splits.size(); ++i)
        if (e.input_us[i].size() != s.splits[i].inputs.size()) return false;
    return true;
}

bool is_remote(const schedule_view& s, int b) {
    return b >= 0 && static_cast<std::size_t>(b) < s.remote.size() && s.remote[static_cast<std::size_t>(b)];
}

// A copy to or from an rpc-server, as ggml's RPC backend makes it: SET_TENSOR to a server from host
// memory, GET_TENSOR from one into it, both (through host memory) between two servers. On the
// server's track (the destination's when both are).
struct transfer {
    std::string command;
    std::size_t track = 0;
    int ends = 0; // remote ends: the bytes cross the network once each
};

std::optional<transfer> network_transfer(const schedule_view& s, int from, std::size_t to) {
    const bool from_remote = is_remote(s, from), to_remote = is_remote(s, static_cast<int>(to));
    if (from_remote && to_remote) return transfer{"get_tensor + set_tensor", to, 2};
    if (to_remote) return transfer{"set_tensor", to, 1};
    if (from_remote) return transfer{"get_tensor", static_cast<std::size_t>(from), 1};
    return std::nullopt;
}

ojson figure(const std::optional<double>& v) { return v ? ojson(*v) : ojson(nullptr); }

// otherData of an estimated trace: what it divided by, so the reader can redo the sums.
ojson estimate_note(const schedule_view& s, const trace_estimate& e) {
    ojson backends = ojson::object();
    for (std::size_t b = 0; b < s.backends.size(); ++b)
        backends[s.backends[b]] = {{"compute_tflops", figure(e.compute_tflops[b])}, {"copy_gbps", figure(e.copy_gbps[b])}};
    return {{"estimated", true},
            {"model", "compute: FLOPs / (compute_tflops * 1e12); copy: bytes / (copy_gbps * 1e9); nothing overlaps"},
            {"backends", std::move(backends)}};
}

} // namespace

result<std::string> chrome_trace_json(const graph_document& doc, const schedule_view& s, const trace_estimate* estimate) {
    if (s.timings.size() != s.splits.size())
        return error{"the trace needs one timing per split: " + std::to_string(s.timings.size()) + " timings for " +
                     std::to_string(s.splits.size()) + " splits"};
    if (estimate && !matches(*estimate, s)) return error{"the estimate does not match the schedule's splits and backends"};
    const std::string process = "planscope " + doc.name + (estimate ? " (estimated)" : "");
    ojson events = ojson::array();
    events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", trace_pid}, {"args", {{"name", process}}}});
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
        // A run's own time per copy where it measured them, else the split's copy time by bytes.
        const bool measured = !estimate && t.input_us.size() == v.inputs.size();
        const double copies_start = now;
        for (std::size_t k = 0; k < v.inputs.size(); ++k) {
            const split_input& in = v.inputs[k];
            const double share = total == 0 ? 1.0 / static_cast<double>(v.inputs.size())
                                            : static_cast<double>(in.bytes) / static_cast<double>(total);
            const double dur = estimate ? estimate->input_us[i][k] : measured ? t.input_us[k] : t.copy_us * share;
            ojson args = {{"split", i}, {"tensor", doc.ctx[in.tensor].name}, {"bytes", in.bytes}};
            if (estimate) args["estimated"] = true;
            if (const auto net = network_transfer(s, in.from_backend, v.backend)) {
                args["command"] = net->command;
                args["from_backend"] = in.from_backend >= 0 && static_cast<std::size_t>(in.from_backend) < s.backends.size()
                                           ? ojson(s.backends[static_cast<std::size_t>(in.from_backend)])
                                           : ojson(nullptr);
                args["copies"] = in.uses;
                args["network_bytes"] = in.bytes * in.uses * static_cast<std::uint64_t>(net->ends);
                events.push_back(slice(net->command + " " + in.copy_name, "network", net->track, now, dur, std::move(args)));
            } else {
                events.push_back(slice("copy " + in.copy_name, "copy", v.backend, now, dur, std::move(args)));
            }
            now += dur;
        }
        if (measured) now = std::max(now, copies_start + t.copy_us);
        ojson args = {{"split", i}, {"nodes", v.nodes.size()}, {"inputs", v.inputs.size()},
                      {"bytes_copied", t.bytes_copied}, {"ops", op_counts(doc, v)}};
        if (estimate) {
            args["flops"] = estimate->flops[i];
            args["estimated"] = true;
        }
        // On a server: GRAPH_COMPUTE and its reply, the wall time this host waited.
        const bool remote = is_remote(s, static_cast<int>(v.backend));
        if (remote) args["command"] = "graph_compute";
        events.push_back(slice((remote ? "graph_compute split #" : "split #") + std::to_string(i),
                               remote ? "remote compute" : "compute", v.backend, now, t.compute_us, std::move(args)));
        now += t.compute_us;
    }
    ojson root;
    root["traceEvents"] = std::move(events);
    root["displayTimeUnit"] = "ms";
    if (estimate) root["otherData"] = estimate_note(s, *estimate);
    return root.dump(1) + "\n";
}

} // namespace planscope
