#include "plan_export.h"

#include "core/ops.h"
#include "plan/plan_stats.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <sstream>

namespace planscope {
namespace {

using ojson = nlohmann::ordered_json;

plan_export_tensor row(const planned_graph& p, tensor_id id, bool leaf, const schedule_view* schedule) {
    const graph_document& doc = p.doc;
    const tensor& t = doc.ctx[id];
    plan_export_tensor r;
    r.id = id;
    r.name = t.name;
    r.is_leaf = leaf;
    r.op = op_desc(t);
    r.type = std::string(type_name(t.type));
    r.ne = t.ne;
    r.size = nbytes(t);
    if (t.where && t.where->buffer.index() < doc.buffers.size()) {
        r.buffer = doc.buffers[t.where->buffer.index()].name;
        r.offset = t.where->offset;
    }
    if (const auto m = p.dsa.members.find(id); m != p.dsa.members.end()) {
        const dsa_buffer& b = p.dsa.problem.buffers[m->second.buffer];
        r.first_step = b.lower;
        r.last_step = b.upper - 1; // lifetimes are half-open
    }
    if (const auto it = p.plan.inplace_of.find(id); it != p.plan.inplace_of.end()) r.inplace_of = it->second;
    else if (t.is_view()) r.view_of = t.view_src;
    const tensor_assignment* a = nullptr;
    if (schedule)
        if (const auto it = schedule->assignment.find(id); it != schedule->assignment.end()) a = &it->second;
    if (a && a->backend < schedule->backends.size()) {
        r.backend = schedule->backends[a->backend];
        r.cause = a->cause;
    } else if (t.where && t.where->buffer.index() < doc.buffers.size()) {
        r.backend = doc.buffers[t.where->buffer.index()].backend;
        r.cause = "buffer";
    }
    return r;
}

const char* role(const plan_export_tensor& t) { return t.is_copy ? "copy" : t.is_leaf ? "leaf" : "node"; }

ojson opt(const std::optional<std::uint64_t>& v) { return v ? ojson(*v) : ojson(nullptr); }
ojson opt(const std::optional<std::string>& v) { return v ? ojson(*v) : ojson(nullptr); }
ojson opt(const std::optional<tensor_id>& v) { return v ? ojson(v->value) : ojson(nullptr); }

std::string cell(const std::optional<std::uint64_t>& v) { return v ? std::to_string(*v) : std::string{}; }
std::string cell(const std::optional<tensor_id>& v) { return v ? std::to_string(v->value) : std::string{}; }
std::string cell(const std::optional<std::string>& v) { return v ? *v : std::string{}; }

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
    std::string out = "\"";
    for (char c : s) {
        if (c == '"') out += '"';
        out += c;
    }
    return out + '"';
}

} // namespace

plan_export make_plan_export(const planned_graph& p, const schedule_view* schedule) {
    plan_export e;
    e.graph = p.doc.name;
    e.planner = std::string(name(p.chosen.planner));
    if (p.plan.version != ggml_version::v2023) e.ggml = std::string(name(p.plan.version));
    e.steps = p.dsa.steps;
    for (tensor_id id : p.doc.g.nodes) e.tensors.push_back(row(p, id, false, schedule));
    for (tensor_id id : p.doc.g.leafs) e.tensors.push_back(row(p, id, true, schedule));
    for (std::size_t i = 0; i < p.doc.buffers.size(); ++i) {
        const buffer_desc& d = p.doc.buffers[i];
        plan_export_buffer b{d.name, d.backend, d.size, d.alignment, 0, std::nullopt};
        for (std::size_t k = 0; k < p.doc.ctx.size(); ++k)
            if (const tensor& t = p.doc.ctx[tensor_id{k}]; t.where && t.where->buffer.index() == i) b.peak = std::max<std::uint64_t>(b.peak, t.where->offset + nbytes(t));
        if (buffer_id{i} == p.plan.compute) {
            b.peak = p.chosen.peak;
            b.lower_bound = lower_bound(p.dsa.problem);
        }
        e.buffers.push_back(std::move(b));
    }
    return e;
}

std::string plan_export_json(const plan_export& e) {
    ojson root;
    root["format"] = plan_export_format;
    root["version"] = plan_export_version;
    root["graph"] = e.graph;
    root["planner"] = e.planner;
    if (e.ggml) root["ggml"] = *e.ggml;
    root["steps"] = e.steps;
    ojson buffers = ojson::array();
    for (const auto& b : e.buffers)
        buffers.push_back({{"name", b.name}, {"backend", b.backend}, {"size", b.size}, {"alignment", b.alignment},
                           {"peak", b.peak}, {"lower_bound", opt(b.lower_bound)}});
    root["buffers"] = std::move(buffers);
    ojson tensors = ojson::array();
    for (const auto& t : e.tensors)
        tensors.push_back({{"id", t.id.value},
                           {"name", t.name},
                           {"role", role(t)},
                           {"op", t.op},
                           {"type", t.type},
                           {"ne", t.ne},
                           {"size", t.size},
                           {"buffer", opt(t.buffer)},
                           {"offset", opt(t.offset)},
                           {"first_step", opt(t.first_step)},
                           {"last_step", opt(t.last_step)},
                           {"view_of", opt(t.view_of)},
                           {"inplace_of", opt(t.inplace_of)},
                           {"backend", opt(t.backend)},
                           {"cause", opt(t.cause)}});
    root["tensors"] = std::move(tensors);
    return root.dump(2) + "\n";
}

std::string plan_export_csv(const plan_export& e) {
    std::ostringstream os;
    os << "id,name,role,op,type,ne,size,buffer,offset,first_step,last_step,view_of,inplace_of,backend,cause\n";
    for (const auto& t : e.tensors) {
        os << t.id.value << ',' << csv_field(t.name) << ',' << role(t) << ',' << t.op << ','
           << t.type << ',' << t.ne[0] << ' ' << t.ne[1] << ' ' << t.ne[2] << ' ' << t.ne[3] << ',' << t.size << ','
           << csv_field(cell(t.buffer)) << ',' << cell(t.offset) << ',' << cell(t.first_step) << ','
           << cell(t.last_step) << ',' << cell(t.view_of) << ',' << cell(t.inplace_of) << ','
           << csv_field(cell(t.backend)) << ',' << csv_field(cell(t.cause)) << '\n';
    }
    return os.str();
}

} // namespace planscope
