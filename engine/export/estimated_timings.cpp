#include "estimated_timings.h"

#include "op_flops.h"
#include "schedule_from_sched.h"

#include "core/printable.h"

#include <algorithm>

namespace planscope {
namespace {

// GB/s and TFLOPS are decimal: 1e9 bytes and 1e12 FLOPs a second, so µs = n / (figure · 1e3 or 1e6).
constexpr double bytes_per_us_per_gbps = 1e3;
constexpr double flops_per_us_per_tflops = 1e6;

error missing_figure(const device_profile& d, std::string_view field, const std::string& what) {
    return error{printable(d.name) + ": no " + std::string(field) + " for estimated times (" + what + ")"};
}

// The bandwidth of a copy from backend `from` to backend `to`: the GPU end's copy_gbps, the slower
// one's when both are GPUs, the CPU's own when both are the CPU.
result<double> copy_bandwidth(const device_profile& from, const device_profile& to, const std::string& what) {
    std::vector<const device_profile*> ends;
    for (const device_profile* d : {&from, &to})
        if (d->kind != device_kind::cpu) ends.push_back(d);
    if (ends.empty()) ends.push_back(&to);
    double gbps = 0;
    for (const device_profile* d : ends) {
        if (!d->copy_gbps) return missing_figure(*d, "copy_gbps", what);
        gbps = gbps == 0 ? *d->copy_gbps : std::min(gbps, *d->copy_gbps);
    }
    return gbps;
}

result<std::uint64_t> flops_of_split(const context& ctx, const split_view& v) {
    std::uint64_t total = 0;
    for (tensor_id n : v.nodes) {
        if (!ctx.contains(n)) return error{"a split runs tensor #" + std::to_string(n.index()) + ", which the graph lacks"};
        const auto f = op_flops(ctx, ctx[n]);
        if (!f) return f.err();
        if (__builtin_add_overflow(total, *f, &total)) return error{"a split's FLOP count overflows 64 bits"};
    }
    return total;
}

} // namespace

result<trace_estimate> estimate_timings(const context& ctx, schedule_view& s, std::span<const device_profile> devices) {
    std::vector<const device_profile*> profile;
    trace_estimate e;
    for (const std::string& name : s.backends) {
        const auto it = std::find_if(devices.begin(), devices.end(), [&](const device_profile& d) { return d.name == name; });
        if (it == devices.end()) return error{"no device profile named '" + printable(name) + "' for estimated times"};
        profile.push_back(&*it);
        e.compute_tflops.push_back(it->compute_tflops);
        e.copy_gbps.push_back(it->copy_gbps);
    }
    s.timings.clear();
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        const split_view& v = s.splits[i];
        if (v.backend >= profile.size())
            return error{"split #" + std::to_string(i) + " runs on backend " + std::to_string(v.backend) + " of " +
                         std::to_string(profile.size())};
        const device_profile& to = *profile[v.backend];
        const std::string split = "split #" + std::to_string(i);
        split_timing t;
        std::vector<double>& input_us = e.input_us.emplace_back();
        for (const split_input& in : v.inputs) {
            double us = 0;
            if (in.bytes > 0) {
                const auto held = s.assignment.find(in.tensor);
                const std::string name = ctx.contains(in.tensor) ? printable(ctx[in.tensor].name) : "?";
                if (held == s.assignment.end() || held->second.backend >= profile.size())
                    return error{split + " copies '" + name + "', which no backend holds"};
                const device_profile& from = *profile[held->second.backend];
                const auto gbps = copy_bandwidth(from, to, split + " copies " + std::to_string(in.bytes) + " bytes of '" + name +
                                                          "' from " + printable(from.name));
                if (!gbps) return gbps.err();
                us = static_cast<double>(in.bytes) / (*gbps * bytes_per_us_per_gbps);
            }
            input_us.push_back(us);
            t.copy_us += us;
            if (__builtin_add_overflow(t.bytes_copied, in.bytes, &t.bytes_copied))
                return error{split + "'s copies overflow 64 bits"};
        }
        const auto flops = flops_of_split(ctx, v);
        if (!flops) return flops.err();
        if (*flops > 0) {
            if (!to.compute_tflops) return missing_figure(to, "compute_tflops", split + ": " + std::to_string(*flops) + " FLOPs");
            t.compute_us = static_cast<double>(*flops) / (*to.compute_tflops * flops_per_us_per_tflops);
        }
        e.flops.push_back(*flops);
        s.timings.push_back(t);
    }
    return e;
}

result<std::string> estimated_trace_json(const graph_document& source, const sched_outcome& scheduled,
                                         std::span<const device_profile> devices) {
    schedule_view s = schedule_from_sched(scheduled.plan, source.g);
    const auto e = estimate_timings(source.ctx, s, devices);
    if (!e) return e.err();
    return chrome_trace_json(source, s, &*e);
}

} // namespace planscope
