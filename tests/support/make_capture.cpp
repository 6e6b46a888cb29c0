// planscope-make-capture SOURCE OUT.pscap [--records N]: a capture file (docs/capture-format.md)
// of Planscope's own ggml 2026 graph of SOURCE (a .gguf, template:..., a graph file) planned on one
// CPU backend, written as libplanscope-capture.so would write a sched_graph_compute record of it:
// the test data under tests/data/capture/ and the large captures the open-time figures use.
#include "alloc/plan.h"
#include "core/ops.h"
#include "era/era.h"
#include "source/graph_source.h"

#include <nlohmann/json.hpp>

#include <array>
#include <fstream>
#include <iostream>
#include <string>

namespace {

using namespace planscope;
using json = nlohmann::ordered_json;

// Planscope's unary op as ggml 2026 numbers it (ggml_unary_op of d99724f2).
int ggml_unary(std::int32_t mine) {
    constexpr std::array<int, 14> to_ggml{0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 7, 13, 15, 16};
    return mine >= 0 && mine < 14 ? to_ggml[static_cast<std::size_t>(mine)] : mine;
}

json tensor_json(const graph_document& doc, tensor_id id) {
    const tensor& t = doc.ctx[id];
    json j{{"name", t.name}, {"op", std::string(info(t.op).name)}, {"type", std::string(type_name(t.type))},
           {"ne", t.ne}, {"nb", t.nb}, {"flags", static_cast<int>(t.flags)}};
    op_params p = t.params;
    if (t.op == op_kind::unary) p.set_i32(0, ggml_unary(p.get_i32(0)));
    int last = -1;
    for (int w = 0; w < max_op_params; ++w)
        if (p.words[static_cast<std::size_t>(w)] != 0) last = w;
    if (last >= 0) j["op_params"] = std::vector<std::int32_t>(p.words.begin(), p.words.begin() + last + 1);
    if (const int n = t.n_src(); n > 0) {
        json src = json::array();
        for (int s = 0; s < n; ++s) src.push_back(t.src[static_cast<std::size_t>(s)].valid() ? static_cast<std::int64_t>(t.src[static_cast<std::size_t>(s)].index()) : -1);
        j["src"] = src;
    }
    if (t.is_view()) {
        j["view_src"] = t.view_src.index();
        j["view_offs"] = t.view_offs;
    }
    const tensor& root = t.is_view() ? doc.ctx[t.view_src] : t;
    if (root.where) {
        j["buffer"] = root.where->buffer.index();
        j["offset"] = root.where->offset + (t.is_view() ? t.view_offs : 0);
    }
    j["backend"] = 0;
    return j;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: " << argv[0] << " SOURCE OUT.pscap [--records N]\n";
        return 2;
    }
    const int records = argc == 5 && std::string(argv[3]) == "--records" ? std::stoi(argv[4]) : 1;
    auto in = open_source(argv[1], {}, ggml_version::v2026);
    if (!in) {
        std::cerr << "error: " << in.err().message << '\n';
        return 1;
    }
    plan_options options;
    options.preallocate = in->preallocate;
    auto plan = era_for(ggml_version::v2026).plan(in->doc, options);
    if (!plan) {
        std::cerr << "error: " << plan.err().message << '\n';
        return 1;
    }
    const graph_document& doc = in->doc;
    json buffers = json::array();
    for (std::size_t b = 0; b < doc.buffers.size(); ++b) {
        const buffer_desc& d = doc.buffers[b];
        const bool compute = buffer_id{b} == plan->compute;
        const std::string usage = compute ? "compute" : d.name.starts_with("weights") ? "weights" : "any";
        buffers.push_back({{"id", b}, {"name", compute ? "CPU" : d.name}, {"size", d.size}, {"usage", usage}, {"host", true}});
    }
    json tensors = json::array(), nodes = json::array(), leafs = json::array();
    for (std::size_t i = 0; i < doc.ctx.size(); ++i) tensors.push_back(tensor_json(doc, tensor_id{i}));
    for (tensor_id id : doc.g.nodes) nodes.push_back(id.index());
    for (tensor_id id : doc.g.leafs) leafs.push_back(id.index());
    std::ofstream out(argv[2], std::ios::binary | std::ios::trunc);
    out << json{{"record", "header"}, {"format", "planscope-capture"}, {"version", 1}, {"pid", 1},
                {"command", std::string("planscope-make-capture ") + argv[1]}, {"started", "2026-01-01T00:00:00Z"},
                {"ggml", {{"max_dims", 4}, {"max_src", 10}, {"max_name", 64}, {"max_op_params", 64}, {"tensor_size", 336}}},
                {"max_graphs", records}}.dump() << '\n';
    for (int r = 0; r < records; ++r) {
        json g{{"record", "graph"}, {"seq", r}, {"event", "sched_graph_compute"}, {"sched", 0}, {"ok", true}, {"wall_us", 1000},
               {"backends", json::array({{{"name", "CPU"}, {"device", "test CPU"}, {"buffer_type", "CPU"}, {"buffer_size", plan->max_size}, {"host", true}}})},
               {"n_splits", 1}, {"n_copies", 1}, {"buffers", buffers}, {"tensors", tensors}, {"nodes", nodes}, {"leafs", leafs}};
        out << g.dump() << '\n';
    }
    out << json{{"record", "end"}, {"graphs", records}, {"dropped", 0}}.dump() << '\n';
    return out ? 0 : 1;
}
