#include "dot_writer.h"

#include "core/summary.h"

#include <map>
#include <sstream>
#include <unordered_set>

namespace planscope {

std::string dot_node_name(tensor_id id) {
    std::string name(1, 't'); // built in steps: GCC 12 warns falsely (-Wrestrict) on "t" + std::string
    name += std::to_string(id.value);
    return name;
}

std::string dot_quote(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        out += c;
    }
    return out + "\"";
}

std::string dot_node_label(const tensor& t) {
    std::string label = t.name + "\n";
    label += std::string(info(t.op).name) + " · " + std::string(type_name(t.type)) + " " + shape_string(t.ne);
    label += '\n';
    label += human_bytes(nbytes(t));
    return label;
}

void write_dot_node(std::ostream& os, const graph_document& doc, tensor_id id, const dot_style& style,
                    const char* indent) {
    const tensor& t = doc.ctx[id];
    os << indent << dot_node_name(id) << " [label=" << dot_quote(dot_node_label(t));
    const bool leaf = t.op == op_kind::none;
    os << (leaf ? ", shape=box, style=\"rounded,filled\"" : ", shape=box, style=filled");
    const std::string fill = style.fill ? style.fill(id) : std::string{};
    os << ", fillcolor=" << dot_quote(fill.empty() ? (leaf ? "#e8edf3" : "#ffffff") : fill);
    if (t.is_view()) os << ", peripheries=1, color=\"#808080\"";
    os << "];\n";
}

void write_dot_header(std::ostream& os, const std::string& name, const dot_style& style) {
    os << "digraph " << dot_quote(name.empty() ? "graph" : name) << " {\n"
       << "  rankdir=" << style.rankdir << ";\n";
    if (!style.tuning.empty()) os << "  " << style.tuning << "\n";
    os << "  node [fontname=\"DejaVu Sans\", fontsize=10, margin=\"0.12,0.04\"];\n"
       << "  edge [fontname=\"DejaVu Sans\", fontsize=8, color=\"#7a7a7a\"];\n";
}

void write_dot_edge(std::ostream& os, const std::string& tail, const std::string& head, int slot, const dot_style& style) {
    os << "  " << tail << " -> " << head << " [slot=" << slot;
    if (style.edge_labels) os << ", label=" << dot_quote("src" + std::to_string(slot));
    os << "];\n";
}

void write_dot_cluster_open(std::ostream& os, int c, const dot_style& style) {
    os << "  subgraph cluster_" << c << " {\n";
    const std::string label =
        c < static_cast<int>(style.cluster_labels.size()) ? style.cluster_labels[c] : "cluster " + std::to_string(c);
    os << "    label=" << dot_quote(label) << "; style=\"rounded\"; color=\"#9aa5b1\";\n";
}

std::string to_dot(const graph_document& doc, const dot_style& style) {
    std::ostringstream os;
    write_dot_header(os, doc.name, style);

    std::unordered_set<tensor_id> shown;
    std::map<int, std::vector<tensor_id>> clusters;
    std::vector<tensor_id> loose;
    auto place = [&](tensor_id id) {
        shown.insert(id);
        const int c = style.cluster_of ? style.cluster_of(id) : -1;
        if (c >= 0) clusters[c].push_back(id);
        else loose.push_back(id);
    };
    if (style.include_leafs)
        for (tensor_id id : doc.g.leafs) place(id);
    for (tensor_id id : doc.g.nodes) place(id);

    for (const auto& [c, ids] : clusters) {
        write_dot_cluster_open(os, c, style);
        for (tensor_id id : ids) write_dot_node(os, doc, id, style, "    ");
        os << "  }\n";
    }
    for (tensor_id id : loose) write_dot_node(os, doc, id, style, "  ");

    for (tensor_id id : doc.g.nodes) {
        const tensor& t = doc.ctx[id];
        for (int s = 0; s < max_src; ++s)
            if (t.src[s].valid() && shown.contains(t.src[s])) write_dot_edge(os, dot_node_name(t.src[s]), dot_node_name(id), s, style);
    }
    os << "}\n";
    return os.str();
}

} // namespace planscope
