#include "llama_sweep.h"

#include "alloc/plan.h"
#include "llm/llm_kv_cache.h"
#include "llm_context/llm_reserve.h"
#include "models/llama_report.h"
#include "plan/graph_dsa.h"

#include <charconv>

namespace planscope {

namespace {
constexpr std::size_t max_points = 64;

int& swept_field(llama_params& p, sweep_key k) {
    switch (k) {
    case sweep_key::batch: return p.n_batch;
    case sweep_key::ubatch: return p.n_ubatch;
    case sweep_key::ctx: break;
    }
    return p.n_ctx;
}

// A 2026 graph: planned by ggml 2026 as its context's allocator places it, beside the reserve.
result<sweep_point> sweep_point_2026(opened_source& in, int value) {
    plan_options o;
    o.version = ggml_version::v2026;
    o.alignment = llm_cpu_alignment;
    o.preallocate = in.preallocate;
    alloc_recorder recorder;
    o.observer = &recorder;
    auto plan = plan_graph(in.doc, o);
    if (!plan) return plan.err();
    auto g = graph_dsa_from_events(recorder.events(), plan->compute);
    if (!g) return g.err();
    return sweep_point{value, in.doc.g.nodes.size(), plan->max_size, lower_bound(g->problem), in.llm_reserve->compute};
}

} // namespace

std::string_view name(sweep_key k) {
    switch (k) {
    case sweep_key::batch: return "batch";
    case sweep_key::ubatch: return "ubatch";
    case sweep_key::ctx: break;
    }
    return "ctx";
}

result<std::pair<sweep_key, std::vector<int>>> parse_sweep(std::string_view spec) {
    const std::size_t eq = spec.find('=');
    if (eq == std::string_view::npos) return error{"expected KEY=V1,V2,... with KEY batch, ubatch or ctx"};
    const std::string_view key = spec.substr(0, eq);
    if (key != "batch" && key != "ctx" && key != "ubatch")
        return error{"the key is batch, ubatch or ctx, not '" + std::string(key) + "'"};
    std::vector<int> values;
    for (std::string_view rest = spec.substr(eq + 1);;) {
        const std::size_t comma = std::min(rest.find(','), rest.size());
        const std::string_view v = rest.substr(0, comma);
        int n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (v.empty() || ec != std::errc{} || p != v.data() + v.size() || n < 1)
            return error{std::string(v).insert(0, 1, '\'') + "' is not a positive integer"};
        values.push_back(n);
        if (values.size() > max_points) return error{"at most " + std::to_string(max_points) + " values"};
        if (comma == rest.size()) break;
        rest = rest.substr(comma + 1);
    }
    const sweep_key k = key == "batch" ? sweep_key::batch : key == "ubatch" ? sweep_key::ubatch : sweep_key::ctx;
    return std::pair{k, std::move(values)};
}

result<llama_reserve> llama_reserved_bytes(const sweep_builder& build, llama_params params, plan_options options) {
    params.worst_case = true;
    auto in = build(params);
    if (!in) return in.err();
    options.preallocate = in->preallocate;
    options.observer = nullptr;
    auto plan = plan_graph(in->doc, options);
    if (!plan) return error{"the worst-case graph: " + plan.err().message};
    return llama_reserve{plan->max_size, llama_compute_total_bytes(plan->max_size, options.alignment)};
}

result<std::vector<sweep_point>> sweep_compute_buffer(const sweep_builder& build, const llama_params& base, sweep_key key,
                                                      std::span<const int> values, const sweep_control& control) {
    std::vector<sweep_point> out;
    for (int v : values) {
        if (control.cancel && control.cancel->load()) return error{"sweep cancelled"};
        llama_params p = base;
        swept_field(p, key) = v;
        std::string at(name(key)); // in steps: GCC 12 warns falsely (-Wrestrict) on a chain of +
        at += ' ';
        at += std::to_string(v);
        at += ": ";
        auto in = build(p);
        if (!in) return error{at + in.err().message};
        if (in->llm_reserve) {
            auto point = sweep_point_2026(*in, v);
            if (!point) return error{at + point.err().message};
            out.push_back(*point);
            if (control.on_point) control.on_point(out.back());
            continue;
        }
        plan_options o;
        o.preallocate = in->preallocate;
        alloc_recorder recorder;
        o.observer = &recorder;
        auto plan = plan_graph(in->doc, o);
        if (!plan) return error{at + plan.err().message};
        auto g = graph_dsa_from_events(recorder.events(), plan->compute);
        if (!g) return error{at + g.err().message};
        std::uint64_t total = llama_compute_total_bytes(plan->max_size, o.alignment);
        if (!p.worst_case) {
            o.observer = nullptr;
            auto reserve = llama_reserved_bytes(build, p, o);
            if (!reserve) return error{at + reserve.err().message};
            total = reserve->total;
        }
        out.push_back({v, in->doc.g.nodes.size(), plan->max_size, lower_bound(g->problem), total});
        if (control.on_point) control.on_point(out.back());
    }
    return out;
}

result<std::vector<sweep_point>> sweep_compute_buffer(std::string_view source, ggml_version era, const llama_params& base,
                                                      sweep_key key, std::span<const int> values,
                                                      const sweep_control& control) {
    auto llama = open_llama_source(source);
    if (!llama) return llama.err();
    if (key == sweep_key::ubatch && graph_era(source, era) == ggml_version::v2023)
        return error{std::string(source) + ": llama.cpp 2023 has no ubatch to sweep (ggml 2026 has)"};
    const std::string_view swept = key == sweep_key::batch ? "n_batch" : key == sweep_key::ctx ? "n_ctx" : "n_ubatch";
    for (std::string_view k : llama->template_keys())
        if (k == swept)
            return error{std::string(source) + ": the template sets " + std::string(k) + ", which the sweep varies"};
    const sweep_builder build = [&](const llama_params& p) { return llama->build(p, era); };
    auto points = sweep_compute_buffer(build, llama->params(base), key, values, control);
    if (!points) return error{std::string(source) + ": " + points.err().message};
    return points;
}

} // namespace planscope
