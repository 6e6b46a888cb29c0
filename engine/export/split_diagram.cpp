#include "split_diagram.h"

#include "plan_export.h"
#include "core/summary.h"
#include "fold/fold_dot.h"
#include "layout/dot_writer.h"

#include <algorithm>
#include <array>
#include <map>
#include <sstream>
#include <unordered_map>

namespace planscope {
namespace {

constexpr std::string_view copy_colour = "#c0392b";
constexpr std::string_view unassigned_colour = "#e8edf3";

std::string placement_text(const graph_document& doc, const tensor& t) {
    if (!t.where) return "unallocated";
    const std::size_t b = t.where->buffer.index();
    const std::string buffer = b < doc.buffers.size() ? doc.buffers[b].name : "buffer " + std::to_string(b);
    return buffer + "+" + std::to_string(t.where->offset);
}

std::string tensor_label(const graph_document& doc, const tensor& t) {
    return t.name + "\n" + op_desc(t) + " · " + std::string(type_name(t.type)) + " " + shape_string(t.ne) + "\n" +
           human_bytes(nbytes(t)) + " @ " + placement_text(doc, t);
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

// Backend `b` of the schedule's list by its name; unassigned (-1) or unknown in grey.
std::string colour_of(const schedule_view& s, int b) {
    if (b < 0 || static_cast<std::size_t>(b) >= s.backends.size()) return std::string(unassigned_colour);
    return backend_colour(s.backends[static_cast<std::size_t>(b)]);
}

std::string fill_of(const split_document& sd, const schedule_view& s, tensor_id id) {
    return colour_of(s, id.index() < sd.backend_of.size() ? sd.backend_of[id.index()] : -1);
}

void write_legend(std::ostringstream& os, const schedule_view& s) {
    os << "  legend [shape=plaintext, label=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" cellpadding=\"4\">"
       << "<tr><td><b>backends</b></td></tr>";
    for (std::size_t i = 0; i < s.backends.size(); ++i)
        os << "<tr><td bgcolor=\"" << backend_colour(s.backends[i]) << "\">" << html_escape(s.backends[i]) << "</td></tr>";
    os << "<tr><td><font color=\"" << copy_colour << "\">&#8680; input copy</font></td></tr></table>>];\n";
}

class diagram_writer {
public:
    diagram_writer(const graph_document& planned, const schedule_view& s, const split_diagram_options& o)
        : m_planned(planned), m_s(s), m_o(o), m_sd(make_split_document(planned, s)) {
        const bool fold = o.fold == diagram_fold::always ||
                          (o.fold == diagram_fold::automatic && planned.g.nodes.size() > o.fold_threshold);
        fold_options fo;
        fo.key = [this](tensor_id t) { return static_cast<std::uint64_t>(m_sd.backend_of[t.index()] + 1); };
        if (fold) {
            if (auto found = detect_blocks(m_sd.doc, fo)) m_fold = std::move(*found);
        }
        // Every distinct block drawn once in full (a CPU layer and an offloaded one, with its
        // copies): instance 0 of each group open.
        fold_state open(m_fold);
        for (std::size_t g = 0; g < m_fold.groups.size(); ++g) open.set_open(g, 0, true);
        m_view = make_fold_view(m_sd.doc, m_fold, open, o.include_leafs);
    }

    std::string write() {
        dot_style style;
        style.rankdir = m_o.rankdir;
        write_dot_header(m_os, m_planned.name, style);
        if (m_o.max_inches > 0) m_os << "  size=\"" << m_o.max_inches << "," << m_o.max_inches << "\";\n";
        write_legend(m_os, m_s);
        write_clusters();
        // Outside the clusters: leafs (an open block's weights too) and what no split runs.
        for (const auto* list : {&m_sd.doc.g.leafs, &m_sd.doc.g.nodes})
            for (tensor_id t : *list)
                if (drawn(t) && cluster(t) < 0) write_tensor(t, "  ");
        for (std::uint32_t u = 0; u < m_view.units.size(); ++u)
            if (m_view.units[u].kind == unit_kind::run) write_run(u, m_view.units[u]);
        write_edges();
        write_order();
        m_os << "}\n";
        return m_os.str();
    }

private:
    // Tensors drawn on their own: those of loose units and of open instances.
    [[nodiscard]] bool drawn(tensor_id t) const {
        const std::uint32_t u = m_view.unit(t);
        return u != fold_view::none && m_view.units[u].kind != unit_kind::run;
    }
    [[nodiscard]] int cluster(tensor_id t) const { return t.index() < m_sd.split_of.size() ? m_sd.split_of[t.index()] : -1; }
    [[nodiscard]] std::string name_of(tensor_id t) const {
        const std::uint32_t u = m_view.unit(t);
        return drawn(t) ? dot_node_name(t) : unit_node_name(u);
    }

    void write_tensor(tensor_id id, const char* indent) {
        const tensor& t = m_sd.doc.ctx[id];
        if (id.index() >= m_sd.first_copy) {
            m_os << indent << dot_node_name(id) << " [label=" << dot_quote(t.name + "\n" + human_bytes(nbytes(t)))
                 << ", shape=cds, style=filled, fillcolor=" << dot_quote(fill_of(m_sd, m_s, id)) << ", color=\"" << copy_colour
                 << "\", fontcolor=\"" << copy_colour << "\"];\n";
            return;
        }
        const bool leaf = t.op == op_kind::none;
        m_os << indent << dot_node_name(id) << " [label=" << dot_quote(tensor_label(m_planned, m_planned.ctx[id]))
             << ", shape=box, style=" << (leaf ? "\"rounded,filled\"" : "filled") << ", fillcolor=" << dot_quote(fill_of(m_sd, m_s, id))
             << "];\n";
    }

    void write_clusters() {
        std::map<int, std::vector<tensor_id>> members;
        for (tensor_id n : m_sd.doc.g.nodes)
            if (drawn(n) && cluster(n) >= 0) members[cluster(n)].push_back(n);
        for (const auto& [i, ids] : members) {
            const split_view& v = m_s.splits[static_cast<std::size_t>(i)];
            m_os << "  subgraph cluster_" << i << " {\n"
                 << "    label=" << dot_quote(split_label(m_s, static_cast<std::size_t>(i)))
                 << "; fontname=\"DejaVu Sans\"; style=\"rounded,bold\"; color="
                 << dot_quote(v.backend < m_s.backends.size() ? backend_colour(m_s.backends[v.backend]) : "#9aa5b1") << ";\n";
            for (tensor_id id : ids) write_tensor(id, "    ");
            m_os << "  }\n";
        }
    }

    // A run of closed blocks: its name, size and splits, striped by its nodes' backends.
    void write_run(std::uint32_t u, const fold_unit& unit) {
        const fold_group& g = m_fold.groups[unit.group];
        const std::size_t n = std::size_t{unit.last} - unit.first + 1;
        std::map<int, std::size_t> per_backend;
        int first_split = -1, last_split = -1;
        std::uint64_t bytes = 0;
        for (std::size_t k = unit.first; k <= unit.last; ++k)
            for (std::size_t j = 0; j < g.period; ++j) {
                const tensor_id t = m_sd.doc.g.nodes[g.node_position(k, j)];
                ++per_backend[m_sd.backend_of[t.index()]];
                const int s = cluster(t);
                if (s >= 0 && (first_split < 0 || s < first_split)) first_split = s;
                last_split = std::max(last_split, s);
                if (!m_sd.doc.ctx[t].is_view()) bytes += nbytes(m_sd.doc.ctx[t]);
            }
        std::string label = instance_label(g, unit.first, unit.last) + (n > 1 ? "  ×" + std::to_string(n) : "") + "\n" +
                            std::to_string(g.period) + " nodes" + (n > 1 ? " each" : "") + " · " + human_bytes(bytes) + " of results";
        if (first_split >= 0) {
            label += first_split == last_split ? "\nsplit #" : "\nsplits #";
            label += std::to_string(first_split);
            if (first_split != last_split) label += "–" + std::to_string(last_split);
        }
        std::string stripes;
        const double total = static_cast<double>(g.period * n);
        for (const auto& [b, count] : per_backend) {
            if (!stripes.empty()) stripes += ':';
            stripes += colour_of(m_s, b) + ";" +
                       std::to_string(static_cast<double>(count) / total).substr(0, 5);
        }
        m_os << "  " << unit_node_name(u) << " [label=" << dot_quote(label)
             << ", shape=box, style=\"striped,bold\", penwidth=2, fillcolor=" << dot_quote(stripes) << "];\n";
    }

    void write_edges() {
        // Between units: once per pair where a run is involved, else edge by edge.
        for (const unit_edge& e : m_view.edges) {
            if (drawn(e.src) && drawn(e.dst)) write_tensor_edges(e.src, e.dst);
            else m_os << "  " << name_of(e.src) << " -> " << name_of(e.dst) << " [penwidth=2];\n";
        }
        // Inside an open block.
        for (tensor_id n : m_sd.doc.g.nodes) {
            const std::uint32_t u = m_view.unit(n);
            if (u == fold_view::none || m_view.units[u].kind != unit_kind::instance) continue;
            std::vector<tensor_id> done;
            for (tensor_id src : m_sd.doc.ctx[n].src)
                if (src.valid() && m_view.unit(src) == u && std::find(done.begin(), done.end(), src) == done.end()) {
                    done.push_back(src);
                    write_tensor_edges(src, n);
                }
        }
    }

    // One edge per source slot of `dst` that reads `src`; a copy's edge dashed.
    void write_tensor_edges(tensor_id src, tensor_id dst) {
        const std::string from = dot_node_name(src), to = dot_node_name(dst);
        if (dst.index() >= m_sd.first_copy) {
            m_os << "  " << from << " -> " << to << " [style=dashed, color=\"" << copy_colour << "\"];\n";
            return;
        }
        for (tensor_id s : m_sd.doc.ctx[dst].src)
            if (s == src) m_os << "  " << from << " -> " << to << ";\n";
    }

    // Splits run one after another: an invisible edge from each split's last drawn node to the
    // next split's first keeps them in that order down the page.
    void write_order() {
        std::vector<std::pair<tensor_id, tensor_id>> ends(m_s.splits.size());
        for (tensor_id n : m_sd.doc.g.nodes) {
            const int c = cluster(n);
            if (c < 0 || !drawn(n)) continue;
            auto& [first, last] = ends[static_cast<std::size_t>(c)];
            if (!first.valid()) first = n;
            last = n;
        }
        tensor_id previous;
        for (const auto& [first, last] : ends) {
            if (!first.valid()) continue;
            if (previous.valid()) m_os << "  " << dot_node_name(previous) << " -> " << dot_node_name(first) << " [style=invis];\n";
            previous = last;
        }
    }

    const graph_document& m_planned;
    const schedule_view& m_s;
    const split_diagram_options& m_o;
    split_document m_sd;
    fold_structure m_fold;
    fold_view m_view;
    std::ostringstream m_os;
};

} // namespace

std::string backend_colour(std::string_view name) {
    static constexpr std::string_view blue = "#a8c8f0", orange = "#f6c08a", green = "#a9dca4", purple = "#d2b6e8";
    // Devices by their number: CUDA0, CUDA1, CUDA2 ... each its own, as far as the palette goes.
    static constexpr std::string_view devices[] = {green, purple, "#9fd8d2", "#f2b8c6", "#efe08f", "#c3c7e8"};
    const std::size_t digits = name.find_last_not_of("0123456789") + 1; // npos + 1 == 0: all digits
    const std::string_view kind = name.substr(0, std::min(name.find(':'), digits));
    const bool another = digits < name.size(); // "CPU1": the scheduler's second CPU
    if (kind == "CPU") return std::string(another ? green : blue);
    if (kind == "OpenCL") return std::string(another ? purple : orange);
    std::size_t n = 0; // the device's number modulo the palette, digit by digit: no overflow
    for (const char c : name.substr(digits)) n = (n * 10 + static_cast<std::size_t>(c - '0')) % std::size(devices);
    return std::string(devices[n]);
}

std::string split_label(const schedule_view& s, std::size_t split) {
    const split_view& v = s.splits[split];
    const std::string backend = v.backend < s.backends.size() ? s.backends[v.backend] : "?";
    const std::size_t n = v.inputs.size();
    return "split #" + std::to_string(split) + " · " + backend + " · " + std::to_string(n) +
           (n == 1 ? " input" : " inputs") + " · " + human_bytes(bytes_copied(v)) + " copied";
}

split_document make_split_document(const graph_document& doc, const schedule_view& s) {
    split_document out;
    out.doc.name = doc.name;
    out.doc.ctx = doc.ctx;
    out.doc.g.leafs = doc.g.leafs;
    out.doc.buffers = doc.buffers;
    out.first_copy = doc.ctx.size();
    std::vector<std::pair<int, int>> extra; // (split, backend) of each copy
    std::vector<std::vector<tensor_id>> copies(s.splits.size());
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        std::unordered_map<std::string, tensor_id> made;
        for (const split_input& in : s.splits[i].inputs) {
            if (made.contains(in.copy_name)) continue;
            tensor copy = doc.ctx[in.tensor];
            copy.name = in.copy_name;
            copy.op = op_kind::cpy;
            copy.src = {};
            copy.src[0] = in.tensor;
            copy.view_src = {};
            copy.view_offs = 0;
            copy.where.reset();
            const tensor_id id = out.doc.ctx.add(std::move(copy));
            made.emplace(in.copy_name, id);
            copies[i].push_back(id);
        }
        // The split's nodes read the copies instead of the tensors copied.
        for (tensor_id n : s.splits[i].nodes) {
            out.doc.g.nodes.push_back(n);
            for (tensor_id& src : out.doc.ctx[n].src)
                for (const split_input& in : s.splits[i].inputs)
                    if (src == in.tensor) src = made.at(in.copy_name);
        }
        const auto at = out.doc.g.nodes.end() - static_cast<std::ptrdiff_t>(s.splits[i].nodes.size());
        out.doc.g.nodes.insert(at, copies[i].begin(), copies[i].end());
    }
    out.split_of.assign(out.doc.ctx.size(), -1);
    out.backend_of.assign(out.doc.ctx.size(), -1);
    for (std::size_t i = 0; i < s.splits.size(); ++i) {
        for (tensor_id n : s.splits[i].nodes) out.split_of[n.index()] = static_cast<int>(i);
        for (tensor_id c : copies[i]) {
            out.split_of[c.index()] = static_cast<int>(i);
            out.backend_of[c.index()] = static_cast<int>(s.splits[i].backend);
        }
    }
    for (const auto& [t, a] : s.assignment)
        if (t.index() < out.backend_of.size()) out.backend_of[t.index()] = static_cast<int>(a.backend);
    return out;
}

std::string split_diagram_dot(const graph_document& doc, const schedule_view& s, const split_diagram_options& o) {
    return diagram_writer(doc, s, o).write();
}

} // namespace planscope
