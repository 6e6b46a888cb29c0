#include "sched_report.h"

#include "split_graph.h"

#include "alloc/plan_listing.h"

#include <cstdio>

namespace planscope {
namespace {

// printf's "%W.Ps": at most P characters, right-aligned in W; then as listings print names.
std::string field(std::string_view s, int width, std::size_t precision) {
    std::string cut = listing_field(s.substr(0, precision));
    if (static_cast<int>(cut.size()) < width) cut.insert(0, static_cast<std::size_t>(width) - cut.size(), ' ');
    return cut;
}

std::string backend_name(const sched_plan& plan, int b) {
    return b < 0 ? "NULL" : listing_field(plan.backend_names[static_cast<std::size_t>(b)]);
}

std::string tensor_cell(const context& ctx, const sched_plan& plan, tensor_id id) {
    return field(ctx[id].name, 20, 20) + " (" + field(sched_size(nbytes(ctx[id])), 4, 4) + ") [" +
           field(backend_name(plan, plan.backend(id)), 4, 4) + " " + field(plan.cause(id), 8, 8) + "]";
}

} // namespace

std::string sched_size(std::size_t bytes) {
    return bytes >= 1024 * 1024 ? std::to_string(bytes / 1024 / 1024) + "M" : std::to_string(bytes / 1024) + "K";
}

std::string format_assignments(const context& ctx, const graph& g, const sched_plan& plan) {
    std::string out;
    std::size_t cur_split = 0;
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        if (cur_split < plan.splits.size() && i == plan.splits[cur_split].i_start) {
            const sched_split& split = plan.splits[cur_split];
            out += "\n## SPLIT #" + std::to_string(cur_split) + ": " + backend_name(plan, split.backend) + " # " +
                   std::to_string(split.inputs.size()) + " inputs: ";
            for (const sched_input& in : split.inputs)
                out += "[" + listing_field(in.name) + " (" + field(sched_size(in.bytes), 5, 5) + ")] ";
            out += "\n";
            ++cur_split;
        }
        const tensor_id id = g.nodes[i];
        const tensor& node = ctx[id];
        if (is_view_op(node.op)) continue;
        char index[24];
        std::snprintf(index, sizeof index, "%3zu", i);
        out += "node #" + std::string(index) + " (" + field(info(node.op).name, 10, 10) + "): " +
               field(node.name, 20, 20) + " (" + field(sched_size(nbytes(node)), 4, 4) + ") [" +
               field(backend_name(plan, plan.backend(id)), 4, 4) + " " + field(plan.cause(id), 8, 8) + "]:";
        for (tensor_id src : node.src) {
            if (!src.valid()) break;
            out += " " + tensor_cell(ctx, plan, src);
        }
        out += "\n";
    }
    return out;
}

std::string format_buffers(const std::vector<std::string>& names, const std::vector<sched_buffer_info>& buffers) {
    std::string out;
    for (const sched_buffer_info& b : buffers)
        out += listing_field(names[static_cast<std::size_t>(b.backend)]) + ": " + std::to_string(b.size) + " bytes measured" +
               (b.measure ? "" : ", buffer " + std::to_string(b.id.value) + " of " + std::to_string(b.allocated) + " bytes") +
               "\n";
    return out;
}

std::string format_timings(const std::vector<std::string>& names, const std::vector<sched_split_timing>& timings,
                           const std::vector<sched_backend_totals>& totals) {
    std::string out;
    for (const sched_split_timing& t : timings)
        out += "split #" + std::to_string(t.split) + " " + names[static_cast<std::size_t>(t.backend)] + ": copy " +
               std::to_string(t.copy_us) + " us (" + std::to_string(t.bytes_copied) + " bytes), compute " +
               std::to_string(t.compute_us) + " us\n";
    for (std::size_t b = 0; b < totals.size(); ++b)
        out += "total " + names[b] + ": " + std::to_string(totals[b].n_splits) + " splits, copy " +
               std::to_string(totals[b].copy_us) + " us (" + std::to_string(totals[b].bytes_copied) +
               " bytes), compute " + std::to_string(totals[b].compute_us) + " us\n";
    return out;
}

} // namespace planscope
