#include "llm_fit.h"

#include "llm/llm_cpu_extra.h"

#include <algorithm>
#include <cstdio>
#include <functional>

namespace planscope {
namespace {

std::int64_t as_signed(std::uint64_t v) { return v > INT64_MAX ? INT64_MAX : static_cast<std::int64_t>(v); }

// "3.1 GiB", "12.5 MiB", "33.1 KiB": one decimal in the largest unit under the value.
std::string human(std::uint64_t bytes) {
    const char* unit = "KiB";
    double v = static_cast<double>(bytes) / 1024.0;
    if (bytes >= (1ull << 30)) {
        unit = "GiB";
        v = static_cast<double>(bytes) / static_cast<double>(1ull << 30);
    } else if (bytes >= (1ull << 20)) {
        unit = "MiB";
        v = static_cast<double>(bytes) / static_cast<double>(1ull << 20);
    }
    char out[48];
    std::snprintf(out, sizeof out, "%.1f %s", v, unit);
    return out;
}

// The largest value in [lo, hi] for which fits() holds, fits() holding below some point only;
// nullopt when it fails at lo.
result<std::optional<std::int64_t>> last_fitting(std::int64_t lo, std::int64_t hi,
                                                 const std::function<result<bool>(std::int64_t)>& fits) {
    auto at_lo = fits(lo);
    if (!at_lo) return at_lo.err();
    if (!*at_lo) return std::optional<std::int64_t>{};
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo + 1) / 2;
        auto ok = fits(mid);
        if (!ok) return ok.err();
        if (*ok) lo = mid;
        else hi = mid - 1;
    }
    return std::optional<std::int64_t>{lo};
}

} // namespace

std::int64_t llm_device_memory::surplus(std::uint64_t margin) const {
    return as_signed(free) - as_signed(self()) - as_signed(margin);
}

bool llm_fit_report::fits(std::uint64_t margin) const {
    // As common_params_fit: the GPUs, each with its margin; the host only when there is no GPU (a
    // mapped model need not be resident), with the CPU's extra buffer types, which are its memory too.
    bool host_only = true;
    llm_device_memory host;
    for (const llm_device_memory& d : devices) {
        if (d.device >= 0) {
            host_only = false;
            if (d.surplus(margin) < 0) return false;
            continue;
        }
        if (d.name == "Host") host.free = d.free;
        host.model += d.model;
        host.context += d.context;
        host.compute += d.compute;
    }
    return !host_only || host.surplus(margin) >= 0;
}

std::string fit_verdict(const llm_device_memory& d, std::uint64_t margin) {
    const std::int64_t left = as_signed(d.free) - as_signed(d.self());
    if (left >= as_signed(margin)) return "fits, " + human(static_cast<std::uint64_t>(left)) + " free";
    if (left >= 0)
        return "within the margin: " + human(static_cast<std::uint64_t>(left)) + " free, under the " + human(margin) +
               " margin";
    std::pair<const char*, std::size_t> largest{"weights", d.model};
    if (d.context > largest.second) largest = {"KV cache", d.context};
    if (d.compute > largest.second) largest = {"compute buffer", d.compute};
    return "over by " + human(static_cast<std::uint64_t>(-left)) + ": " + largest.first + " " + human(largest.second) +
           " is the largest share";
}

result<llm_fit_report> llm_fit(const gguf_file& file, const llm_context_params& context, const llm_device_set& devices,
                               const llm_placement_params& placement, bool op_offload) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    auto p = llm_placement::make(*h, devices, placement);
    if (!p) return p.err();
    auto r = llm_reserve(file, context, *p, op_offload);
    if (!r) return r.err();
    llm_fit_report out;
    out.offloaded_layers = p->offloaded_layers();
    for (std::size_t i = 0; i < devices.gpus.size(); ++i) {
        const device_profile& g = devices.gpus[i];
        out.devices.push_back({g.name, g.description, static_cast<int>(i), g.memory_total, g.memory_free, 0, 0, 0});
    }
    out.devices.push_back({"Host", devices.cpu.description, -1, devices.cpu.memory_total, devices.cpu.memory_free, 0, 0, 0});
    const std::size_t host = out.devices.size() - 1;
    // The CPU's extra buffer types are not host (no is_host) and no model device's: a line each
    // after Host, as llama_memory_breakdown_print's "remaining buffer types".
    const auto extras = llm_cpu_extra_buffers(devices.cpu);
    for (const llm_memory_row& m : r->memory) {
        std::size_t at = m.device >= 0 ? static_cast<std::size_t>(m.device) : host;
        const bool extra = m.device < 0 && std::any_of(extras.begin(), extras.end(), [&](const llm_cpu_extra_buffer& e) {
            return e.type.name == m.buffer_type;
        });
        if (extra) {
            const auto it = std::find_if(out.devices.begin() + static_cast<std::ptrdiff_t>(host) + 1, out.devices.end(),
                                         [&](const llm_device_memory& d) { return d.name == m.buffer_type; });
            at = static_cast<std::size_t>(it - out.devices.begin());
            if (it == out.devices.end())
                out.devices.push_back({m.buffer_type, "", -1, devices.cpu.memory_total, devices.cpu.memory_free, 0, 0, 0});
        }
        llm_device_memory& d = out.devices.at(at);
        d.model += m.model;
        d.context += m.context;
        d.compute += m.compute;
    }
    out.reserve = std::move(*r);
    return out;
}

result<llm_fit_found> llm_fit_find(const gguf_file& file, const llm_context_params& context,
                                   const llm_device_set& devices, const llm_placement_params& placement,
                                   bool op_offload, const llm_fit_search& search) {
    auto h = read_model_hparams(file);
    if (!h) return h.err();
    llm_fit_found found;
    std::optional<std::pair<std::int64_t, llm_fit_report>> best;
    std::function<std::pair<llm_context_params, llm_placement_params>(std::int64_t)> setting;
    std::int64_t lo = 0, hi = 0;
    bool ascending = true; // the value grows the memory (ngl, ctx); n_cpu_moe shrinks it
    switch (search.target) {
    case llm_fit_target::ngl:
        hi = std::int64_t{h->n_layer} + 1;
        setting = [&](std::int64_t v) {
            llm_placement_params q = placement;
            q.n_gpu_layers = static_cast<int>(v);
            return std::pair{context, q};
        };
        break;
    case llm_fit_target::ctx: {
        // Multiples of 256 (llama.cpp pads n_ctx so), from min_ctx to n_ctx_train.
        const std::int64_t train = std::max<std::int64_t>(256, std::int64_t{h->n_ctx_train} / 256 * 256);
        const std::int64_t low = std::min<std::int64_t>(train, (std::int64_t{search.min_ctx} + 255) / 256 * 256);
        lo = low / 256;
        hi = train / 256;
        setting = [&](std::int64_t v) {
            llm_context_params c = context;
            c.n_ctx = static_cast<std::uint32_t>(v * 256);
            return std::pair{c, placement};
        };
        break;
    }
    case llm_fit_target::n_cpu_moe:
        if (h->n_expert == 0) return error{"--find n-cpu-moe: the model has no experts"};
        hi = h->n_layer;
        ascending = false;
        setting = [&](std::int64_t v) {
            llm_placement_params q = placement;
            q.n_cpu_moe = static_cast<int>(h->n_layer - v); // bisected from the most experts on the GPUs down
            return std::pair{context, q};
        };
        break;
    }
    const auto fits = [&](std::int64_t v) -> result<bool> {
        const auto [c, q] = setting(v);
        auto r = llm_fit(file, c, devices, q, op_offload);
        if (!r) return r.err();
        ++found.tries;
        const bool ok = r->fits(search.margin);
        if (ok || !best) best = std::pair{v, std::move(*r)};
        return ok;
    };
    auto v = last_fitting(lo, hi, fits);
    if (!v) return v.err();
    // The bisection moves up only to a value that fits: the last fitting plan is the one at the value.
    found.report = std::move(best->second);
    if (*v) {
        std::int64_t value = **v;
        if (search.target == llm_fit_target::ctx) value *= 256;
        if (!ascending) value = std::int64_t{h->n_layer} - value;
        found.value = value;
    }
    return found;
}

} // namespace planscope
