#include "fold_compose.h"

#include <charconv>
#include <optional>
#include <unordered_map>

namespace planscope {
namespace {

// The number after `prefix` in a DOT name ("u12", "i3", "o0").
std::optional<std::size_t> number_after(const std::string& name, char prefix) {
    if (name.size() < 2 || name[0] != prefix) return std::nullopt;
    std::size_t v = 0;
    const auto [p, ec] = std::from_chars(name.data() + 1, name.data() + name.size(), v);
    if (ec != std::errc{} || p != name.data() + name.size()) return std::nullopt;
    return v;
}

layout_point moved(layout_point p, layout_point by) { return {p.x + by.x, p.y + by.y}; }

layout_edge moved(layout_edge e, layout_point by) {
    for (layout_point& p : e.bezier) p = moved(p, by);
    if (e.arrow_tip) e.arrow_tip = moved(*e.arrow_tip, by);
    if (e.label_pos) e.label_pos = moved(*e.label_pos, by);
    return e;
}

folded_edge link(layout_point a, layout_point b) {
    folded_edge f;
    f.edge.bezier = {a, b};
    f.kind = folded_edge_kind::link;
    return f;
}

class composer {
public:
    composer(const graph_document& doc, const fold_structure& s, const fold_view& view,
             const std::map<std::size_t, block_layout>& blocks, const dot_style& style)
        : m_doc(doc), m_s(s), m_view(view), m_blocks(blocks), m_style(style) {
        for (std::size_t i = 0; i < view.edges.size(); ++i)
            m_edge_of[(static_cast<std::uint64_t>(view.edges[i].from) << 32) | view.edges[i].to] = i;
    }

    folded_layout compose(const graph_layout& top) {
        m_out.width = top.width;
        m_out.height = top.height;
        for (const layout_node& n : top.nodes) {
            if (n.id.valid()) {
                m_out.nodes.push_back(n);
                continue;
            }
            const auto u = number_after(n.name, 'u');
            if (!u || *u >= m_view.units.size()) continue;
            const folded_box box{static_cast<std::uint32_t>(*u), {n.center.x - n.width / 2, n.center.y - n.height / 2},
                                 n.width, n.height};
            m_out.boxes.push_back(box);
            if (m_view.units[*u].kind == unit_kind::instance) fill_instance(box);
        }
        m_out.clusters.insert(m_out.clusters.end(), top.clusters.begin(), top.clusters.end());
        for (const layout_edge& e : top.edges) add_top_edge(e);
        return std::move(m_out);
    }

private:
    std::optional<std::uint32_t> unit_of(const std::string& name, tensor_id id) const {
        if (id.valid()) {
            const std::uint32_t u = m_view.unit(id);
            return u == fold_view::none ? std::nullopt : std::optional<std::uint32_t>(u);
        }
        const auto u = number_after(name, 'u');
        return u ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*u)) : std::nullopt;
    }

    void add_top_edge(const layout_edge& e) {
        const auto from = unit_of(e.tail, e.from), to = unit_of(e.head, e.to);
        if (!from || !to) return;
        folded_edge f{e, folded_edge_kind::tensor, 1};
        const bool tensors = m_view.units[*from].kind == unit_kind::tensor && m_view.units[*to].kind == unit_kind::tensor;
        const auto it = m_edge_of.find((static_cast<std::uint64_t>(*from) << 32) | *to);
        if (!tensors && it != m_edge_of.end()) {
            const unit_edge& ue = m_view.edges[it->second];
            f.kind = folded_edge_kind::unit;
            f.edge.from = ue.src;
            f.edge.to = ue.dst;
            f.count = ue.count;
            if (!e.bezier.empty()) link_stubs(ue, *from, *to, e);
        }
        m_out.edges.push_back(std::move(f));
    }

    // A top-level edge into or out of an open instance continues to the stub of its tensor.
    void link_stubs(const unit_edge& ue, std::uint32_t from, std::uint32_t to, const layout_edge& e) {
        const layout_point end = e.arrow_tip.value_or(e.bezier.back());
        for (const folded_stub& st : m_out.stubs) {
            if (st.tensor != ue.src) continue;
            if (st.input && st.unit == to) m_out.edges.push_back(link(end, {st.center.x, st.center.y - st.height / 2}));
            if (!st.input && st.unit == from) m_out.edges.push_back(link({st.center.x, st.center.y + st.height / 2}, e.bezier.front()));
        }
    }

    // The tensor of this instance a block layout's node stands for, and whether it is a stub.
    struct mapped {
        tensor_id tensor;
        bool stub = false;
        bool input = false;
    };

    void fill_instance(const folded_box& box) {
        const fold_unit& unit = m_view.units[box.unit];
        const auto b = m_blocks.find(unit.group);
        if (b == m_blocks.end()) return;
        const block_layout& bl = b->second;
        const layout_point offset{box.top_left.x + fold_box.pad, box.top_left.y + fold_box.header};
        const auto map = [&](const std::string& name, tensor_id id) -> std::optional<mapped> {
            if (id.valid()) {
                const fold_place p = m_s.place_of(id);
                const tensor_id t = m_s.tensor_at(m_doc.g, unit.group, unit.first, p.local);
                return t.valid() ? std::optional<mapped>(mapped{t}) : std::nullopt;
            }
            if (const auto k = number_after(name, 'i'); k && *k < bl.ports.inputs.size()) {
                const auto& in = bl.ports.inputs[*k];
                const tensor_id node = m_s.tensor_at(m_doc.g, unit.group, unit.first, in.local);
                return mapped{m_doc.ctx[node].src[in.slot], true, true};
            }
            if (const auto k = number_after(name, 'o'); k && *k < bl.ports.outputs.size())
                return mapped{m_s.tensor_at(m_doc.g, unit.group, unit.first, bl.ports.outputs[*k]), true, false};
            return std::nullopt;
        };
        for (const layout_node& n : bl.layout.nodes) {
            const auto m = map(n.name, n.id);
            if (!m) continue;
            if (m->stub) {
                m_out.stubs.push_back({box.unit, m->tensor, m->input, moved(n.center, offset), n.width, n.height});
                continue;
            }
            layout_node placed = n;
            placed.id = m->tensor;
            placed.name = dot_node_name(m->tensor);
            placed.center = moved(n.center, offset);
            m_out.nodes.push_back(std::move(placed));
        }
        for (const layout_edge& e : bl.layout.edges) {
            const auto tail = map(e.tail, e.from), head = map(e.head, e.to);
            if (!tail || !head) continue;
            folded_edge f{moved(e, offset), folded_edge_kind::tensor, 1};
            f.edge.from = tail->tensor; // an input stub's edge comes from the tensor outside
            f.edge.to = head->stub ? tensor_id{} : head->tensor;
            if (tail->stub || head->stub) f.kind = folded_edge_kind::port;
            f.edge.tail = dot_node_name(f.edge.from);
            f.edge.head = f.edge.to.valid() ? dot_node_name(f.edge.to) : e.head;
            m_out.edges.push_back(std::move(f));
        }
        for (const layout_cluster& c : bl.layout.clusters) {
            layout_cluster placed = c;
            placed.top_left = moved(c.top_left, offset);
            placed.label = cluster_label(unit, bl, c);
            m_out.clusters.push_back(std::move(placed));
        }
    }

    // A block's cluster stands for instance 0's split; an instance shows its own.
    std::string cluster_label(const fold_unit& unit, const block_layout& bl, const layout_cluster& c) const {
        if (!m_style.cluster_of) return c.label;
        for (const layout_node& n : bl.layout.nodes) {
            if (!n.id.valid() || m_style.cluster_of(n.id) != c.index) continue;
            const tensor_id t = m_s.tensor_at(m_doc.g, unit.group, unit.first, m_s.place_of(n.id).local);
            const int mine = t.valid() ? m_style.cluster_of(t) : -1;
            if (mine >= 0 && static_cast<std::size_t>(mine) < m_style.cluster_labels.size())
                return m_style.cluster_labels[static_cast<std::size_t>(mine)];
            break;
        }
        return c.label;
    }

    const graph_document& m_doc;
    const fold_structure& m_s;
    const fold_view& m_view;
    const std::map<std::size_t, block_layout>& m_blocks;
    const dot_style& m_style;
    std::unordered_map<std::uint64_t, std::size_t> m_edge_of; // (from << 32 | to) -> view edge
    folded_layout m_out;
};

} // namespace

folded_layout compose_folded(const graph_document& doc, const fold_structure& s, const fold_view& view,
                             const graph_layout& top, const std::map<std::size_t, block_layout>& blocks,
                             const dot_style& style) {
    return composer(doc, s, view, blocks, style).compose(top);
}

folded_layout flat_folded(graph_layout layout) {
    folded_layout out;
    out.width = layout.width;
    out.height = layout.height;
    out.nodes = std::move(layout.nodes);
    out.clusters = std::move(layout.clusters);
    out.edges.reserve(layout.edges.size());
    for (layout_edge& e : layout.edges) out.edges.push_back({std::move(e), folded_edge_kind::tensor, 1});
    return out;
}

} // namespace planscope
