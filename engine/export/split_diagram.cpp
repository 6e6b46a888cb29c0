#include "split_diagram.h"

#include "plan_export.h"
#include "core/summary.h"
#include "layout/dot_writer.h"

#include <array>
#include <charconv>
#include <map>
#include <set>
#include <sstream>
#include <unordered_set>

namespace planscope {
namespace {

constexpr std::string_view copy_colour = "#c0392b";
constexpr std::string_view unassigned_colour = "#e8edf3";

// One box of the diagram: a tensor, or a folded layer of one split.
struct box {
    std::string name; // DOT node name
    int split = -1;   // the cluster it is drawn in, -1 for none
    std::vector<tensor_id> tensors;
};

std::string placement_text(const graph_document& doc, const tensor& t) {
    if (!t.where) return "unallocated";
    const std::size_t b = t.where->buffer.index();
    const std::string buffer = b < doc.buffers.size() ? doc.buffers[b].name : "buffer " + std::to_string(b);
    return buffer + "+" + std::to_string(t.where->offset);
}

std::string tensor_label(const graph_document& doc, const tensor& t) {
    return t.name + "\n" + op_name(t) + " · " + std::string(type_name(t.type)) + " " + shape_string(t.ne) + "\n" +
           human_bytes(nbytes(t)) + " @ " + placement_text(doc, t);
}

std::string layer_label(const graph_document& doc, const box& b, int layer) {
    std::size_t nodes = 0, leafs = 0;
    std::uint64_t bytes = 0;
    for (tensor_id id : b.tensors) {
        const tensor& t = doc.ctx[id];
        (t.op == op_kind::none ? leafs : nodes) += 1;
        if (t.op != op_kind::none && !t.is_view()) bytes += nbytes(t);
    }
    return "layer " + std::to_string(layer) + "\n" + std::to_string(nodes) + " nodes · " + std::to_string(leafs) +
           " weights\n" + human_bytes(bytes) + " of results";
}

std::string html_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '&') out += "&amp;";
        else if (c == '<') out += "&lt;";
        else if (c == '>') out += "&gt;";
        else out += c;
    }
    return out;
}

// Which box shows each tensor, built once so edges can be drawn between boxes.
class box_map {
public:
    box_map(const graph_document& doc, const schedule_view& s, const split_diagram_options& o) {
        std::unordered_set<tensor_id> copied; // split inputs stay visible, to draw their copies from
        for (std::size_t i = 0; i < s.splits.size(); ++i) {
            for (const split_input& in : s.splits[i].inputs) copied.insert(in.tensor);
            for (tensor_id id : s.splits[i].nodes) place_node(doc, id, static_cast<int>(i), o.fold_layers);
        }
        for (tensor_id id : doc.g.nodes)
            if (!m_box_of.contains(id)) place_node(doc, id, -1, false); // not in any split
        if (!o.include_leafs) return;
        for (tensor_id id : doc.g.leafs) place_leaf(doc, id, o.fold_layers && !copied.contains(id));
    }

    [[nodiscard]] const std::vector<box>& boxes() const { return m_boxes; }
    [[nodiscard]] const box* of(tensor_id id) const {
        const auto it = m_box_of.find(id);
        return it == m_box_of.end() ? nullptr : &m_boxes[it->second];
    }
    [[nodiscard]] std::optional<int> layer(const box& b) const {
        const auto it = m_layer.find(&b - m_boxes.data());
        return it == m_layer.end() ? std::nullopt : std::optional<int>(it->second);
    }

private:
    void place_node(const graph_document& doc, tensor_id id, int split, bool fold) {
        const auto layer = fold ? layer_of(doc.ctx[id].name) : std::nullopt;
        if (!layer) return add(id, {dot_node_name(id), split, {}});
        const auto key = std::make_pair(split, *layer);
        if (const auto it = m_folded.find(key); it != m_folded.end()) {
            m_boxes[it->second].tensors.push_back(id);
            m_box_of[id] = it->second;
            return;
        }
        m_folded[key] = m_boxes.size();
        m_layer[m_boxes.size()] = *layer;
        add(id, {"layer_" + std::to_string(split + 1) + "_" + std::to_string(*layer), split, {}});
    }

    // A weight read only by one folded layer goes into that layer's box.
    void place_leaf(const graph_document& doc, tensor_id id, bool fold) {
        std::optional<std::size_t> only;
        bool single = fold;
        for (tensor_id n : doc.g.nodes) {
            if (!single) break;
            for (tensor_id src : doc.ctx[n].src) {
                if (src != id) continue;
                const std::size_t b = m_box_of.at(n);
                if (!m_layer.contains(b) || (only && *only != b)) single = false;
                only = b;
            }
        }
        if (single && only) {
            m_boxes[*only].tensors.push_back(id);
            m_box_of[id] = *only;
        } else {
            add(id, {dot_node_name(id), -1, {}});
        }
    }

    void add(tensor_id id, box b) {
        b.tensors.push_back(id);
        m_box_of[id] = m_boxes.size();
        m_boxes.push_back(std::move(b));
    }

    std::vector<box> m_boxes;
    std::unordered_map<tensor_id, std::size_t> m_box_of;
    std::map<std::pair<int, int>, std::size_t> m_folded; // (split, layer) -> box
    std::unordered_map<std::size_t, int> m_layer;        // folded box -> layer
};

std::string fill_of(const schedule_view& s, tensor_id id) {
    const auto a = s.assignment.find(id);
    return a == s.assignment.end() ? std::string(unassigned_colour) : backend_colour(a->second.backend);
}

void write_box(std::ostringstream& os, const graph_document& doc, const schedule_view& s, const box_map& m,
               const box& b, const char* indent) {
    const tensor& first = doc.ctx[b.tensors.front()];
    const auto layer = m.layer(b);
    const std::string label = layer ? layer_label(doc, b, *layer) : tensor_label(doc, first);
    const bool leaf = !layer && first.op == op_kind::none;
    os << indent << b.name << " [label=" << dot_quote(label) << ", shape=box, style="
       << (leaf ? "\"rounded,filled\"" : layer ? "\"filled,bold\"" : "filled")
       << ", fillcolor=" << dot_quote(fill_of(s, b.tensors.front())) << "];\n";
}

void write_legend(std::ostringstream& os, const schedule_view& s) {
    os << "  legend [shape=plaintext, label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
       << "<tr><td><b>backends</b></td></tr>";
    for (std::size_t i = 0; i < s.backends.size(); ++i)
        os << "<tr><td bgcolor=\"" << backend_colour(i) << "\">" << html_escape(s.backends[i]) << "</td></tr>";
    os << "<tr><td><font color=\"" << copy_colour << "\">&#8680; input copy</font></td></tr></table>>];\n";
}

} // namespace

std::string backend_colour(std::size_t index) {
    // The canvas' colours too (ui/sched/split_schedule.h): blue, orange, green, purple.
    static constexpr std::array<std::string_view, 4> palette{"#a8c8f0", "#f6c08a", "#a9dca4", "#d2b6e8"};
    return std::string(palette[index % palette.size()]);
}

std::string split_label(const schedule_view& s, std::size_t split) {
    const split_view& v = s.splits[split];
    const std::string backend = v.backend < s.backends.size() ? s.backends[v.backend] : "?";
    const std::size_t n = v.inputs.size();
    return "split #" + std::to_string(split) + " · " + backend + " · " + std::to_string(n) +
           (n == 1 ? " input" : " inputs") + " · " + human_bytes(bytes_copied(v)) + " copied";
}

std::string split_diagram_dot(const graph_document& doc, const schedule_view& s, const split_diagram_options& o) {
    const box_map m(doc, s, o);
    std::ostringstream os;
    os << "digraph " << dot_quote(doc.name.empty() ? "graph" : doc.name) << " {\n"
       << "  rankdir=" << o.rankdir << ";\n"
       << "  node [fontname=\"DejaVu Sans\", fontsize=10, margin=\"0.12,0.04\"];\n"
       << "  edge [color=\"#7a7a7a\"];\n";
    write_legend(os, s);

    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        const split_view& v = s.splits[i];
        os << "  subgraph cluster_" << i << " {\n"
           << "    label=" << dot_quote(split_label(s, i)) << "; fontname=\"DejaVu Sans\"; style=\"rounded,bold\";"
           << " color=" << dot_quote(v.backend < s.backends.size() ? backend_colour(v.backend) : "#9aa5b1") << ";\n";
        for (const box& b : m.boxes())
            if (b.split == static_cast<int>(i)) write_box(os, doc, s, m, b, "    ");
        for (std::size_t k = 0; k < v.inputs.size(); ++k) {
            const split_input& in = v.inputs[k];
            os << "    c" << i << "_" << k << " [label=" << dot_quote(in.copy_name + "\n" + human_bytes(in.bytes))
               << ", shape=cds, style=filled, fillcolor=" << dot_quote(backend_colour(v.backend))
               << ", color=\"" << copy_colour << "\", fontcolor=\"" << copy_colour << "\"];\n";
        }
        os << "  }\n";
    }
    for (const box& b : m.boxes())
        if (b.split < 0) write_box(os, doc, s, m, b, "  ");

    // Edges between boxes; a split's input arrives through its copy.
    std::set<std::pair<std::string, std::string>> drawn;
    const auto edge = [&](const std::string& from, const std::string& to, std::string_view attrs) {
        if (from != to && drawn.emplace(from, to).second) os << "  " << from << " -> " << to << attrs << ";\n";
    };
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        const split_view& v = s.splits[i];
        std::unordered_map<tensor_id, std::string> copy_of;
        for (std::size_t k = 0; k < v.inputs.size(); ++k) {
            const std::string c = "c" + std::to_string(i) + "_" + std::to_string(k);
            copy_of[v.inputs[k].tensor] = c;
            if (const box* from = m.of(v.inputs[k].tensor))
                edge(from->name, c, " [style=dashed, color=\"" + std::string(copy_colour) + "\"]");
        }
        for (tensor_id n : v.nodes)
            for (tensor_id src : doc.ctx[n].src)
                if (const auto c = copy_of.find(src); c != copy_of.end()) edge(c->second, m.of(n)->name, "");
    }
    std::set<std::pair<tensor_id, tensor_id>> via_copy; // (consumer, input) pairs drawn above
    for (const split_view& v : s.splits)
        for (tensor_id n : v.nodes)
            for (const split_input& in : v.inputs) via_copy.emplace(n, in.tensor);
    for (tensor_id n : doc.g.nodes)
        for (tensor_id src : doc.ctx[n].src)
            if (const box* from = src.valid() ? m.of(src) : nullptr; from && !via_copy.contains({n, src}))
                edge(from->name, m.of(n)->name, "");
    // Splits run one after another: an invisible edge from each split's last box to the next
    // split's first copy (or box) keeps them in that order down the page. Drawn last, so that a
    // real edge between the same boxes wins.
    std::string previous;
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        const split_view& v = s.splits[i];
        if (v.nodes.empty()) continue;
        const std::string first = v.inputs.empty() ? m.of(v.nodes.front())->name : "c" + std::to_string(i) + "_0";
        if (!previous.empty()) edge(previous, first, " [style=invis]");
        previous = m.of(v.nodes.back())->name;
    }
    os << "}\n";
    return os.str();
}

} // namespace planscope
