#include "fold_dot.h"

#include <algorithm>
#include <map>
#include <sstream>
#include <unordered_map>

namespace planscope {
namespace {

constexpr double points_per_inch = 72.0;

bool inside(const fold_structure& s, tensor_id t, std::size_t group, std::size_t instance) {
    const fold_place p = s.place_of(t);
    return p.group == static_cast<std::int32_t>(group) && p.instance == instance;
}

// Node locals of `group` whose result some instance's outsider reads.
std::vector<std::size_t> output_locals(const graph_document& doc, const fold_structure& s, std::size_t group) {
    std::vector<bool> out(s.groups[group].period, false);
    for (tensor_id dst : doc.g.nodes) {
        const fold_place pd = s.place_of(dst);
        for (tensor_id src : doc.ctx[dst].src) {
            if (!src.valid()) continue;
            const fold_place ps = s.place_of(src);
            if (ps.group != static_cast<std::int32_t>(group) || ps.local >= s.groups[group].period) continue;
            if (pd.group != ps.group || pd.instance != ps.instance) out[ps.local] = true;
        }
    }
    std::vector<std::size_t> locals;
    for (std::size_t j = 0; j < out.size(); ++j)
        if (out[j]) locals.push_back(j);
    return locals;
}

void write_stub(std::ostream& os, const std::string& name, const std::string& label) {
    os << "  " << name << " [label=" << dot_quote(label)
       << ", shape=box, style=\"rounded,dashed\", fontsize=8, height=0.22, margin=\"0.06,0.02\"];\n";
}

// "i3": a DOT name made of a letter and a number (in steps: GCC 12 warns falsely, -Wrestrict,
// on a literal + std::string).
std::string lettered(char letter, std::size_t n) {
    std::string name(1, letter);
    name += std::to_string(n);
    return name;
}

} // namespace

std::string unit_node_name(std::uint32_t unit) { return lettered('u', unit); }

std::string block_dot(const graph_document& doc, const fold_structure& s, std::size_t group, const dot_style& style,
                      block_ports& ports) {
    const fold_group& g = s.groups[group];
    ports = {};
    std::ostringstream os;
    write_dot_header(os, doc.name, style);

    std::map<int, std::vector<tensor_id>> clusters;
    std::vector<tensor_id> loose;
    for (std::size_t local = 0; local < g.locals(); ++local) {
        const tensor_id id = s.tensor_at(doc.g, group, 0, local);
        if (!id.valid() || (local >= g.period && !style.include_leafs)) continue;
        const int c = style.cluster_of ? style.cluster_of(id) : -1;
        (c >= 0 ? clusters[c] : loose).push_back(id);
    }
    for (const auto& [c, ids] : clusters) {
        write_dot_cluster_open(os, c, style);
        for (tensor_id id : ids) write_dot_node(os, doc, id, style, "    ");
        os << "  }\n";
    }
    for (tensor_id id : loose) write_dot_node(os, doc, id, style, "  ");

    // One input stub per tensor from outside, wherever instance 0 reads it.
    std::unordered_map<tensor_id, std::size_t> stub_of;
    std::ostringstream edges;
    for (std::size_t j = 0; j < g.period; ++j) {
        const tensor_id dst = s.tensor_at(doc.g, group, 0, j);
        const tensor& t = doc.ctx[dst];
        for (int slot = 0; slot < max_src; ++slot) {
            const tensor_id src = t.src[slot];
            if (!src.valid()) continue;
            if (inside(s, src, group, 0)) {
                if (s.place_of(src).local < g.period || style.include_leafs)
                    write_dot_edge(edges, dot_node_name(src), dot_node_name(dst), slot, style);
                continue;
            }
            const auto [it, fresh] = stub_of.try_emplace(src, ports.inputs.size());
            if (fresh) {
                ports.inputs.push_back({j, slot});
                write_stub(os, lettered('i', it->second), doc.ctx[src].name);
            }
            write_dot_edge(edges, lettered('i', it->second), dot_node_name(dst), slot, style);
        }
    }
    ports.outputs = output_locals(doc, s, group);
    for (std::size_t k = 0; k < ports.outputs.size(); ++k) {
        const tensor_id node = s.tensor_at(doc.g, group, 0, ports.outputs[k]);
        write_stub(os, lettered('o', k), doc.ctx[node].name);
        write_dot_edge(edges, dot_node_name(node), lettered('o', k), 0, style);
    }
    if (!ports.inputs.empty()) {
        os << "  { rank=source;";
        for (std::size_t k = 0; k < ports.inputs.size(); ++k) os << " i" << k << ";";
        os << " }\n";
    }
    if (!ports.outputs.empty()) {
        os << "  { rank=sink;";
        for (std::size_t k = 0; k < ports.outputs.size(); ++k) os << " o" << k << ";";
        os << " }\n";
    }
    os << edges.str() << "}\n";
    return os.str();
}

std::string top_dot(const graph_document& doc, const fold_view& view, const dot_style& style,
                    const std::function<std::pair<double, double>(std::size_t group)>& block_size) {
    std::ostringstream os;
    write_dot_header(os, doc.name, style);
    std::map<int, std::vector<tensor_id>> clusters;
    for (std::uint32_t u = 0; u < view.units.size(); ++u) {
        const fold_unit& unit = view.units[u];
        if (unit.kind == unit_kind::tensor) {
            const int c = style.cluster_of ? style.cluster_of(unit.tensor) : -1;
            if (c >= 0) clusters[c].push_back(unit.tensor);
            else write_dot_node(os, doc, unit.tensor, style, "  ");
            continue;
        }
        double w = fold_box.run_width, h = fold_box.run_height;
        if (unit.kind == unit_kind::instance) {
            const auto [bw, bh] = block_size(unit.group);
            w = bw + 2 * fold_box.pad;
            h = bh + fold_box.header + fold_box.pad;
        }
        os << "  " << unit_node_name(u) << " [shape=box, fixedsize=true, label=\"\", width="
           << w / points_per_inch << ", height=" << h / points_per_inch << "];\n";
    }
    for (const auto& [c, ids] : clusters) {
        write_dot_cluster_open(os, c, style);
        for (tensor_id id : ids) write_dot_node(os, doc, id, style, "    ");
        os << "  }\n";
    }
    const auto name = [&](std::uint32_t u) {
        const fold_unit& unit = view.units[u];
        return unit.kind == unit_kind::tensor ? dot_node_name(unit.tensor) : unit_node_name(u);
    };
    // Tensor to tensor edges one by one, with their slots; an edge touching a box once per pair.
    for (const unit_edge& e : view.edges) {
        const bool tensors = view.units[e.from].kind == unit_kind::tensor && view.units[e.to].kind == unit_kind::tensor;
        if (!tensors) {
            os << "  " << name(e.from) << " -> " << name(e.to) << ";\n";
            continue;
        }
        const tensor& dst = doc.ctx[e.dst];
        for (int slot = 0; slot < max_src; ++slot)
            if (dst.src[slot] == e.src) write_dot_edge(os, name(e.from), name(e.to), slot, style);
    }
    os << "}\n";
    return os.str();
}

} // namespace planscope
