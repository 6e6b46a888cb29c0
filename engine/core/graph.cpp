#include "graph.h"

#include "printable.h"

namespace planscope {
namespace {

using mark = graph_index::mark;

struct frame {
    tensor_id id;
    int next_src; // next source slot to visit
};

void add_visited(context& ctx, graph& g, tensor_id id) {
    tensor& t = ctx[id];
    const bool leaf = t.op == op_kind::none && !has_flag(t.flags, tensor_flag::param);
    auto& list = leaf ? g.leafs : g.nodes;
    if (t.name.empty()) t.name = (leaf ? "leaf_" : "node_") + std::to_string(list.size());
    list.push_back(id);
}

tensor_id last_of(const std::vector<tensor_id>& ids) { return ids.empty() ? tensor_id{} : ids.back(); }

} // namespace

void graph_index::set(tensor_id id, mark m) {
    if (id.index() >= m_marks.size()) m_marks.resize(id.index() + 1, mark::absent);
    m_marks[id.index()] = m;
}

bool graph_index::in_sync(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs) const {
    return nodes.size() == m_n_nodes && leafs.size() == m_n_leafs && last_of(nodes) == m_last_node &&
           last_of(leafs) == m_last_leaf;
}

void graph_index::rebuild(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs) {
    m_marks.clear();
    for (tensor_id id : nodes) set(id, mark::member);
    for (tensor_id id : leafs) set(id, mark::member);
    remember(nodes, leafs);
}

void graph_index::remember(const std::vector<tensor_id>& nodes, const std::vector<tensor_id>& leafs) {
    m_n_nodes = nodes.size();
    m_n_leafs = leafs.size();
    m_last_node = last_of(nodes);
    m_last_leaf = last_of(leafs);
}

status build_forward_expand(context& ctx, graph& g, tensor_id root) {
    if (!ctx.contains(root)) return error{"build_forward_expand: tensor does not exist"};
    graph_index& index = g.index;
    if (!index.in_sync(g.nodes, g.leafs)) index.rebuild(g.nodes, g.leafs);
    if (index.get(root) == mark::member) return success();

    std::vector<frame> stack{{root, 0}};
    // On a failure the tensors still on the stack were never added: unmark them so the index
    // keeps matching the lists.
    const auto fail = [&](std::string message) -> status {
        for (const frame& f : stack) index.set(f.id, mark::absent);
        index.remember(g.nodes, g.leafs);
        return error{std::move(message)};
    };
    index.set(root, mark::visiting);
    while (!stack.empty()) {
        frame& f = stack.back();
        const tensor& t = ctx[f.id];
        if (f.next_src < max_src) {
            const tensor_id s = t.src[f.next_src++];
            if (!s.valid()) continue;
            if (!ctx.contains(s)) return fail("tensor '" + printable(t.name) + "' has a source that does not exist");
            const mark m = index.get(s);
            if (m == mark::absent) {
                index.set(s, mark::visiting);
                stack.push_back({s, 0}); // invalidates f; the loop re-reads back()
            } else if (m == mark::visiting) {
                return fail("cycle: tensor '" + printable(t.name) + "' depends on '" + printable(ctx[s].name) +
                            "', which depends on it");
            }
            continue;
        }
        const tensor_id id = f.id;
        stack.pop_back();
        index.set(id, mark::member);
        add_visited(ctx, g, id);
    }
    index.remember(g.nodes, g.leafs);
    return success();
}

} // namespace planscope
