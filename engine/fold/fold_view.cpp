#include "fold_view.h"

#include <algorithm>
#include <unordered_map>

namespace planscope {

fold_state fold_state::first_open(const fold_structure& s) {
    fold_state state(s);
    if (!s.groups.empty()) state.set_open(0, 0, true);
    return state;
}

bool fold_state::is_open(std::size_t group, std::size_t instance) const {
    if (group >= m_open.size()) return false;
    const auto& o = m_open[group];
    return std::binary_search(o.begin(), o.end(), static_cast<std::uint32_t>(instance));
}

void fold_state::set_open(std::size_t group, std::size_t instance, bool open) {
    if (group >= m_open.size()) return;
    auto& o = m_open[group];
    const auto v = static_cast<std::uint32_t>(instance);
    const auto it = std::lower_bound(o.begin(), o.end(), v);
    const bool present = it != o.end() && *it == v;
    if (open && !present) o.insert(it, v);
    if (!open && present) o.erase(it);
}

namespace {

class view_builder {
public:
    view_builder(const graph_document& doc, const fold_structure& s, const fold_state& state)
        : m_doc(doc), m_s(s), m_state(state) {
        m_view.unit_of.assign(doc.ctx.size(), fold_view::none);
    }

    fold_view build(bool include_leafs) {
        if (include_leafs)
            for (tensor_id id : m_doc.g.leafs)
                if (!m_s.place_of(id).folded()) add_tensor(id);
        for (std::size_t i = 0; i < m_doc.g.nodes.size();) {
            const tensor_id id = m_doc.g.nodes[i];
            const fold_place p = m_s.place_of(id);
            if (!p.folded()) {
                add_tensor(id);
                ++i;
                continue;
            }
            const fold_group& g = m_s.groups[static_cast<std::size_t>(p.group)];
            add_group(static_cast<std::size_t>(p.group), include_leafs);
            i = g.end();
        }
        add_edges();
        return std::move(m_view);
    }

private:
    std::uint32_t add_unit(fold_unit u) {
        m_view.units.push_back(u);
        return static_cast<std::uint32_t>(m_view.units.size() - 1);
    }

    void add_tensor(tensor_id id) {
        fold_unit u;
        u.tensor = id;
        m_view.unit_of[id.index()] = add_unit(u);
    }

    // Open instances stand alone; the closed ones between them form runs.
    void add_group(std::size_t gi, bool include_leafs) {
        const fold_group& g = m_s.groups[gi];
        const auto& open = m_state.open(gi);
        std::size_t next = 0;
        const auto run = [&](std::size_t first, std::size_t last) {
            if (first > last) return;
            fold_unit u;
            u.kind = unit_kind::run;
            u.group = static_cast<std::uint32_t>(gi);
            u.first = static_cast<std::uint32_t>(first);
            u.last = static_cast<std::uint32_t>(last);
            assign(gi, first, last, add_unit(u), include_leafs);
        };
        for (std::uint32_t k : open) {
            if (k >= g.count) continue;
            if (k > next) run(next, k - 1);
            fold_unit u;
            u.kind = unit_kind::instance;
            u.group = static_cast<std::uint32_t>(gi);
            u.first = u.last = k;
            assign(gi, k, k, add_unit(u), include_leafs);
            next = k + 1;
        }
        if (next < g.count) run(next, g.count - 1);
    }

    void assign(std::size_t gi, std::size_t first, std::size_t last, std::uint32_t unit, bool include_leafs) {
        const fold_group& g = m_s.groups[gi];
        for (std::size_t k = first; k <= last; ++k) {
            for (std::size_t j = 0; j < g.period; ++j) m_view.unit_of[m_doc.g.nodes[g.node_position(k, j)].index()] = unit;
            if (!include_leafs) continue;
            for (tensor_id leaf : g.leafs[k])
                if (leaf.valid()) m_view.unit_of[leaf.index()] = unit;
        }
    }

    void add_edges() {
        std::unordered_map<std::uint64_t, std::size_t> seen;
        for (tensor_id dst : m_doc.g.nodes) {
            const std::uint32_t to = m_view.unit_of[dst.index()];
            for (tensor_id src : m_doc.ctx[dst].src) {
                if (!src.valid()) continue;
                const std::uint32_t from = m_view.unit_of[src.index()];
                if (from == fold_view::none || from == to) continue;
                const std::uint64_t key = (static_cast<std::uint64_t>(from) << 32) | to;
                const auto [it, fresh] = seen.try_emplace(key, m_view.edges.size());
                if (fresh) m_view.edges.push_back({from, to, src, dst, 0});
                ++m_view.edges[it->second].count;
            }
        }
    }

    const graph_document& m_doc;
    const fold_structure& m_s;
    const fold_state& m_state;
    fold_view m_view;
};

} // namespace

fold_view make_fold_view(const graph_document& doc, const fold_structure& s, const fold_state& state, bool include_leafs) {
    if (state.groups() != s.groups.size()) return view_builder(doc, s, fold_state(s)).build(include_leafs);
    return view_builder(doc, s, state).build(include_leafs);
}

} // namespace planscope
