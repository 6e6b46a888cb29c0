#include "plan_report.h"

#include "commands.h"
#include "planner_args.h"

#include "alloc/live_tensors.h"
#include "alloc/plan_listing.h"
#include "core/summary.h"
#include "fold/fold_structure.h"
#include "source/graph_source.h"
#include "models/llama_report.h"
#include "plan/planner.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdio>
#include <iostream>

namespace planscope::cli {
namespace {

using ojson = nlohmann::ordered_json;

std::string percent(std::uint64_t part, std::uint64_t whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
    return buf;
}

// "blk 3", or "-" for a node outside the repeated blocks (or none).
std::string block_of(const fold_structure& fold, tensor_id node) {
    const fold_place p = fold.place_of(node);
    if (!node.valid() || !p.folded()) return "-";
    const fold_group& g = fold.groups[static_cast<std::size_t>(p.group)];
    return instance_label(g, p.instance, p.instance);
}

std::string names(const graph_document& doc, const std::vector<tensor_id>& ids) {
    std::string out;
    for (tensor_id t : ids) {
        if (!out.empty()) out += ',';
        out += listing_field(doc.ctx[t].name);
    }
    return out;
}

// The readers an allocation waits for, or why it is live without any.
std::string waiting_for(const graph_document& doc, const live_allocation& a) {
    if (!a.pending_readers.empty()) return names(doc, a.pending_readers);
    if (a.free_step) return "(freed at step " + std::to_string(*a.free_step) + ", a parse_seq barrier)";
    return "(never freed: nothing reads it)";
}

} // namespace

bool plan_report::parse(std::span<const std::string> args, std::size_t& i, std::string& error) {
    const std::string& a = args[i];
    if (a == "--peak" || a == "--causes" || a == "--compare-ggml") {
        (a == "--peak" ? m_peak : a == "--causes" ? m_causes : m_compare_ggml) = true;
        return true;
    }
    if (a != "--step" && a != "--sweep") return false;
    if (i + 1 == args.size()) {
        error = a + " needs a value";
        return true;
    }
    const std::string& v = args[++i];
    if (a == "--step") {
        std::size_t n = 0;
        const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), n);
        if (ec != std::errc{} || p != v.data() + v.size()) error = "--step takes a step number, not '" + v + "'";
        else m_step = n;
        return true;
    }
    auto spec = parse_sweep(v);
    if (!spec) error = "--sweep: " + spec.err().message;
    else m_sweep = std::move(*spec);
    return true;
}

std::string plan_report::check(bool backends, bool analysis) const {
    if (m_step && !m_peak) return "--step goes with --peak";
    if (m_causes && !backends) return "--causes goes with --backends";
    const int reports = int(m_peak) + int(m_sweep.has_value()) + int(m_compare_ggml) + int(analysis);
    if (reports > 1) return "--peak, --sweep, --compare-ggml and the planner options do not go together";
    if ((m_peak || m_sweep || m_compare_ggml) && backends)
        return "--peak, --sweep and --compare-ggml plan one compute buffer: no --backends";
    return {};
}

int plan_report::run_peak(const graph_document& doc, const plan_result& plan, std::span<const alloc_event> events,
                          bool json, std::size_t alignment, const std::string& file,
                          const std::optional<llama_cpp_row>& llama) const {
    const auto buffers = recorded_buffers(doc, events);
    const auto compute = std::find_if(buffers.begin(), buffers.end(), [&](const recorded_buffer& b) { return b.id == plan.compute; });
    if (compute == buffers.end()) return fail(file, "the plan allocated nothing in the compute buffer");
    const std::size_t step = m_step.value_or(compute->peak_step);
    if (step > events.size())
        return fail(file, "step " + std::to_string(step) + " is past the plan's last step, " + std::to_string(events.size()));
    const live_set live = live_at(doc, events, plan.compute, step);
    const fold_structure fold = detect_blocks(doc).value_or(fold_structure{});
    const llama_cpp_row row = llama.value_or(llama_cpp_row_2023(plan.max_size, alignment));
    const std::string& total = row.line;
    const auto node_name = [&](std::size_t position) -> std::string {
        for (const alloc_event& e : events)
            if (const auto* n = std::get_if<events::node>(&e); n && n->position == position) return listing_field(doc.ctx[n->tensor].name);
        return "-";
    };
    if (json) {
        ojson out{{"format", "planscope-peak"}, {"version", 1}, {"graph", doc.name},
                  {"buffer", {{"name", compute->name}, {"max_size", plan.max_size}, {"peak_step", compute->peak_step}}},
                  {"llama_cpp", {{"compute_total", row.total}, {"line", total}}},
                  {"step", step}, {"node", live.node}, {"high_water", live.high_water}, {"live_bytes", live.live_bytes},
                  {"free_inside", live.free_inside}, {"tensors", ojson::array()}};
        for (const live_allocation& a : live.allocations) {
            ojson t{{"name", doc.ctx[a.owner].name}, {"op", std::string(info(doc.ctx[a.owner].op).name)}, {"bytes", a.size},
                    {"offset", a.offset}, {"alloc_step", a.alloc_step}, {"free_step", a.free_step ? ojson(*a.free_step) : ojson()},
                    {"alloc_node", a.alloc_node}, {"free_node", a.free_node ? ojson(*a.free_node) : ojson()},
                    {"alloc_block", block_of(fold, a.alloc_by)}, {"free_block", block_of(fold, a.free_by)},
                    {"riders", ojson::array()}, {"waiting_for", ojson::array()}};
            for (tensor_id r : a.riders) t["riders"].push_back(doc.ctx[r].name);
            for (tensor_id r : a.pending_readers) t["waiting_for"].push_back(doc.ctx[r].name);
            out["tensors"].push_back(std::move(t));
        }
        std::cout << listing_json(out, 1) << '\n';
        return exit_ok;
    }
    std::cout << "planscope-peak\t1\n"
              << "graph\t" << listing_field(doc.name) << '\n'
              << "buffer\t" << listing_field(compute->name) << '\t' << plan.max_size << "\tpeak_step\t" << compute->peak_step << '\n'
              << "llama.cpp\t" << total << '\n'
              << "step\t" << step << "\tnode\t" << live.node << '\t' << node_name(live.node) << '\n'
              << "high_water\t" << live.high_water << '\n'
              << "live\t" << live.live_bytes << '\t' << percent(live.live_bytes, plan.max_size) << '\n'
              << "free_inside\t" << live.free_inside << '\t' << percent(live.free_inside, plan.max_size) << '\n';
    std::size_t rank = 0;
    for (const live_allocation& a : live.allocations) {
        const tensor& t = doc.ctx[a.owner];
        std::cout << "tensor\t" << ++rank << '\t' << listing_field(t.name) << '\t' << info(t.op).name << '\t' << a.size << '\t'
                  << percent(a.size, plan.max_size) << '\t' << a.offset << '\t' << a.alloc_step << '\t'
                  << (a.free_step ? std::to_string(*a.free_step) : "-") << '\t' << a.alloc_node << '\t'
                  << (a.free_node ? std::to_string(*a.free_node) : "-") << '\t' << block_of(fold, a.alloc_by) << '\t'
                  << block_of(fold, a.free_by) << '\t'
                  << waiting_for(doc, a) << '\n';
    }
    return exit_ok;
}

int plan_report::run_sweep(const std::string& file, const llama_params& params, ggml_version era, bool json) const {
    const auto& [key, values] = *m_sweep;
    auto points = sweep_compute_buffer(file, era, params, key, values);
    if (!points) return fail(points.err().message); // names the file
    if (json) {
        ojson out{{"format", "planscope-sweep"}, {"version", 1}, {"key", std::string(name(key))},
                  {"ggml", std::string(name(era))}, {"points", ojson::array()}};
        for (const sweep_point& p : *points)
            out["points"].push_back({{std::string(name(key)), p.value}, {"nodes", p.nodes}, {"max_size", p.max_size},
                                     {"lower_bound", p.lower_bound}, {"llama_cpp_total", p.llama_total}});
        std::cout << out.dump(1) << '\n';
        return exit_ok;
    }
    std::cout << "planscope-sweep\t1\nkey\t" << name(key) << "\nggml\t" << name(era) << '\n';
    for (const sweep_point& p : *points)
        std::cout << "point\t" << p.value << '\t' << p.nodes << '\t' << p.max_size << '\t' << p.lower_bound << '\t'
                  << format_ratio(peak_ratio(p.max_size, p.lower_bound)) << '\t' << mib_2(p.llama_total) << '\n';
    return exit_ok;
}

} // namespace planscope::cli
