#include "sched_plan_export.h"

#include "core/ops.h"
#include "sched/sched.h"

#include <algorithm>
#include <unordered_set>

namespace planscope {
namespace {

plan_export_tensor sched_row(const sched_outcome& out, const std::vector<std::string>& buffer_backend, tensor_id id,
                             bool leaf, bool copy) {
    const graph_document& doc = out.doc;
    const tensor& t = doc.ctx[id];
    plan_export_tensor r;
    r.id = id;
    r.name = t.name;
    r.is_leaf = leaf;
    r.is_copy = copy;
    r.op = op_desc(t);
    r.type = std::string(type_name(t.type));
    r.ne = t.ne;
    r.size = nbytes(t);
    const bool placed = t.where && t.where->buffer.index() < doc.buffers.size();
    if (placed) {
        r.buffer = doc.buffers[t.where->buffer.index()].name;
        r.offset = t.where->offset;
    }
    if (const auto it = out.inplace_of.find(id); it != out.inplace_of.end()) r.inplace_of = it->second;
    else if (t.is_view()) r.view_of = t.view_src;
    if (const int b = out.plan.backend(id); b >= 0 && static_cast<std::size_t>(b) < out.backend_names.size()) {
        r.backend = out.backend_names[static_cast<std::size_t>(b)];
        r.cause = std::string(out.plan.cause(id));
    } else if (placed) {
        r.backend = buffer_backend[t.where->buffer.index()];
        r.cause = "buffer";
    }
    return r;
}

// The copies the scheduler made, in split order, each once: the splits' input copies, then (ggml
// 2026, n_copies > 1) the graph inputs' other copies.
std::vector<tensor_id> copies_of(const sched_plan& plan) {
    std::vector<tensor_id> list;
    std::unordered_set<tensor_id> seen;
    const auto add = [&](tensor_id c) {
        if (c.valid() && c.index() >= plan.n_tensors_before && seen.insert(c).second) list.push_back(c);
    };
    for (const sched_split& s : plan.splits)
        for (const sched_input& in : s.inputs) {
            add(in.copy);
            for (tensor_id c : in.copies) add(c);
        }
    for (const sched_input& in : plan.graph_inputs)
        for (tensor_id c : in.copies) add(c);
    return list;
}

} // namespace

plan_export make_sched_plan_export(const sched_outcome& out, ggml_version version) {
    plan_export e;
    e.graph = out.doc.name;
    e.planner = std::string(name(planner_kind::ggml));
    if (version != ggml_version::v2023) e.ggml = std::string(name(version));
    e.steps = out.plan.split_graph.nodes.size();
    const std::vector<std::string> buffer_backend = buffer_backend_names(out.doc, out.backend_names);
    for (tensor_id id : out.doc.g.nodes) e.tensors.push_back(sched_row(out, buffer_backend, id, false, false));
    for (tensor_id id : out.doc.g.leafs) e.tensors.push_back(sched_row(out, buffer_backend, id, true, false));
    for (tensor_id id : copies_of(out.plan)) e.tensors.push_back(sched_row(out, buffer_backend, id, false, true));
    for (std::size_t i = 0; i < out.doc.buffers.size(); ++i) {
        const buffer_desc& d = out.doc.buffers[i];
        e.buffers.push_back({d.name, buffer_backend[i], d.size, d.alignment, 0, std::nullopt});
    }
    for (std::size_t k = 0; k < out.doc.ctx.size(); ++k)
        if (const tensor& t = out.doc.ctx[tensor_id{k}]; t.where && t.where->buffer.index() < e.buffers.size()) {
            std::uint64_t& peak = e.buffers[t.where->buffer.index()].peak;
            peak = std::max<std::uint64_t>(peak, t.where->offset + nbytes(t));
        }
    return e;
}

} // namespace planscope
